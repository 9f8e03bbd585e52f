"""The OpenAI-compatible chat adapter: LangChain's ``ChatOpenAI`` over chat completions.

With ``base_url`` (``OPENAI_BASE_URL``) it talks to any server that speaks the protocol:
vLLM, Ollama, llama.cpp, LM Studio or a test double; without one, to OpenAI itself. A local
server needs no key. Structured output asks for ``response_format: json_schema``; a server
that refuses it is asked again in JSON mode, and the adapter remembers that for later calls.
Error translation, retries and timeouts live in ``openai_compatible``."""

from __future__ import annotations

from typing import Any

from langchain_openai import ChatOpenAI

from drawhisper.providers.openai_compatible import OpenAICompatibleBackend


class OpenAIChatBackend(OpenAICompatibleBackend):
    """Options as in ``OpenAICompatibleBackend``, plus ``reasoning_effort`` ("low", "medium",
    "high"), sent only when set because most compatible servers reject unknown fields."""

    api_key_setting = "OPENAI_API_KEY"

    def __init__(self, *, reasoning_effort: str | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.reasoning_effort = reasoning_effort
        if not self.base_url:
            self.provider_label = "OpenAI"

    def _build_chat_model(self, api_key: str) -> ChatOpenAI:
        options = self._common_model_options(api_key)
        if self.reasoning_effort:
            options["reasoning_effort"] = self.reasoning_effort
        return ChatOpenAI(**options)
