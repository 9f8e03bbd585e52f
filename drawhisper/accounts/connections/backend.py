"""The chat backend of a user's connection: the OpenAI-compatible adapter over the checked
HTTP clients (``transport``), with error sentences that name the connection instead of an
environment variable."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import openai
from langchain_openai import ChatOpenAI

from drawhisper.accounts.connections.addresses import refusal_in
from drawhisper.accounts.connections.transport import (
    checked_async_http_client,
    checked_http_client,
)
from drawhisper.providers.base import PermanentProviderError, ProviderError
from drawhisper.providers.openai_chat import OpenAIChatBackend

OPENAI_HOST = "api.openai.com"


class ConnectionChatBackend(OpenAIChatBackend):
    def __init__(
        self, *, connection_name: str = "", unreachable_is_permanent: bool = False, **options: Any
    ) -> None:
        #: For the memory pipeline: a server that cannot be reached fails the job at once with
        #: a readable reason instead of being retried for minutes (timeouts still retry).
        self.unreachable_is_permanent = unreachable_is_permanent
        # Connect only to the addresses checked as the socket opens, follow no redirect.
        owned = []
        for name, build in (
            ("http_client", checked_http_client),
            ("http_async_client", checked_async_http_client),
        ):
            if options.get(name) is None:
                options[name] = build()
                owned.append(options[name])
        super().__init__(**options)
        self.owned_http_clients = owned  # closed when a cache drops this backend (``retire``)
        self.connection_name = connection_name
        self.host = urlparse(self.base_url or "").netloc or self.base_url or ""
        self.provider_label = f"The connection \u201c{connection_name}\u201d ({self.host})"
        self.api_key_setting = f"the API key of the connection \u201c{connection_name}\u201d"

    def translate_error(self, error: BaseException) -> ProviderError | None:
        refused = refusal_in(error)
        if refused is not None:  # the host resolved to a refused address as it was called
            return PermanentProviderError(
                f"The connection \u201c{self.connection_name}\u201d: {refused}"
            )
        mapped = super().translate_error(error)
        unreachable = isinstance(error, openai.APIConnectionError) and not isinstance(
            error, openai.APITimeoutError
        )
        if self.unreachable_is_permanent and unreachable:
            return PermanentProviderError(
                f"{self.provider_label} could not be reached. Check that the server is running "
                "and the connection's base URL."
            )
        return mapped

    def _build_chat_model(self, api_key: str) -> ChatOpenAI:
        options = self._common_model_options(api_key)
        if self.reasoning_effort:
            options["reasoning_effort"] = self.reasoning_effort
        if self.host != OPENAI_HOST and "max_tokens" in options:
            # The client renames max_tokens to OpenAI's max_completion_tokens, which
            # llama.cpp, older vLLM and several hosted servers ignore: send the classic field.
            options["extra_body"] = {"max_tokens": options.pop("max_tokens")}
        return ChatOpenAI(**options)
