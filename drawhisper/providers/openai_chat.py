"""The OpenAI-compatible chat adapter: LangChain's ``ChatOpenAI`` over chat completions.

With ``base_url`` (``OPENAI_BASE_URL``) it talks to any server that speaks the protocol:
vLLM, Ollama, llama.cpp, LM Studio or a test double; without one, to OpenAI itself. A local
server needs no key. Structured output asks for ``response_format: json_schema``; a server
that refuses it is asked again in JSON mode, and the adapter remembers that for later calls.
Error translation, retries and timeouts live in ``openai_compatible``.

Reasoning is asked for per model: an alias that wants a reasoning model (``reasoning=True``,
the summary alias) sends ``reasoning_effort`` only when the model is one of OpenAI's
reasoning families (o1, o3, o4-mini, gpt-5 ...), which accept it; a chat model such as
gpt-4o, or whatever model a compatible server hosts, would refuse the field."""

from __future__ import annotations

import re
from typing import Any

from langchain_openai import ChatOpenAI

from drawhisper.providers.openai_compatible import OpenAICompatibleBackend

# OpenAI's model families that take ``reasoning_effort`` ("o4-mini", "o3-2025-04-16",
# "gpt-5-mini"; a leading "openai/" as some routers name them).
_REASONING_MODEL = re.compile(r"^(?:openai/)?(?:o[1-9](?:-|$)|gpt-5)", re.IGNORECASE)
DEFAULT_REASONING_EFFORT = "medium"


def takes_reasoning_effort(model: str) -> bool:
    return bool(_REASONING_MODEL.match(model or ""))


class OpenAIChatBackend(OpenAICompatibleBackend):
    """Options as in ``OpenAICompatibleBackend``, plus ``reasoning_effort`` ("low", "medium",
    "high"). Set, it is always sent; unset, a reasoning alias sends
    ``DEFAULT_REASONING_EFFORT`` for a model that takes it, and nothing for any other model
    (most compatible servers reject unknown fields)."""

    api_key_setting = "OPENAI_API_KEY"

    def __init__(self, *, reasoning_effort: str | None = None, **options: Any) -> None:
        super().__init__(**options)
        if not reasoning_effort and self.reasoning and takes_reasoning_effort(self.model):
            reasoning_effort = DEFAULT_REASONING_EFFORT
        self.reasoning_effort = reasoning_effort
        if not self.base_url:
            self.provider_label = "OpenAI"

    def _build_chat_model(self, api_key: str) -> ChatOpenAI:
        options = self._common_model_options(api_key)
        if self.reasoning_effort:
            options["reasoning_effort"] = self.reasoning_effort
        return ChatOpenAI(**options)
