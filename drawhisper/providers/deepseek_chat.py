"""The DeepSeek adapter: ``langchain-deepseek``'s ``ChatDeepSeek``, which keeps the
``reasoning_content`` that plain ``ChatOpenAI`` drops.

Models: ``deepseek-v4-flash`` and ``deepseek-v4-pro`` (``deepseek-chat`` and
``deepseek-reasoner`` are retired). An alias with ``reasoning=True`` (the summary alias)
switches thinking mode on with ``extra_body={"thinking": {"type": "enabled"}}`` for a model
with the thinking toggle (``deepseek-v4-*``, ``deepseek-v3.1``/``v3.2``; other names are sent
without the field, which they would refuse or ignore); its
reasoning is returned in ``Completion.reasoning`` and left out of streamed text. DeepSeek has
no ``json_schema`` response format, so structured output uses JSON mode with the schema in the
prompt. Error translation, retries and timeouts live in ``openai_compatible``."""

from __future__ import annotations

import re
from typing import Any

from langchain_deepseek import ChatDeepSeek

from drawhisper.providers.openai_compatible import OpenAICompatibleBackend

THINKING_ENABLED = {"thinking": {"type": "enabled"}}
_THINKING_TOGGLE = re.compile(r"^deepseek-v(?:4|3\.[12])\b", re.IGNORECASE)


def takes_thinking(model: str) -> bool:
    return bool(_THINKING_TOGGLE.match(model or ""))


class DeepSeekChatBackend(OpenAICompatibleBackend):
    api_key_setting = "DEEPSEEK_API_KEY"
    structured_output = "json_mode"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if not self.base_url:
            self.provider_label = "DeepSeek"

    def _build_chat_model(self, api_key: str) -> ChatDeepSeek:
        options = self._common_model_options(api_key)
        if self.reasoning and takes_thinking(self.model):
            options["extra_body"] = THINKING_ENABLED
        return ChatDeepSeek(**options)
