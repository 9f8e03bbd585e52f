"""The base class of the OpenAI and DeepSeek adapters: a LangChain chat model that speaks the
OpenAI chat-completions protocol, its options, its calls and the clients it owns.

Invariants (the package's, kept here): retries on transient errors happen inside the openai
client before the first token; ``complete(json_schema=...)`` returns the model's raw JSON text
and never parses it; ``runnable`` is the same call as a LangChain runnable. Subclasses set the
labels and build the LangChain model in ``_build_chat_model``; HTTP clients a subclass builds
for itself are listed in ``owned_http_clients`` and closed by ``retire``.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse

import openai
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessageChunk, BaseMessage, SystemMessage
from langchain_core.prompt_values import PromptValue
from langchain_core.runnables import Runnable, RunnableLambda

from drawhisper.providers.base import (
    ChatMessage,
    Completion,
    PermanentProviderError,
    ProviderError,
)
from drawhisper.providers.openai_compatible.errors import rejects_json_schema, translate_error
from drawhisper.providers.openai_compatible.stream import stream_text, to_langchain

JSON_INSTRUCTION = (
    "Answer with one JSON object and nothing else. It must validate against this JSON "
    "schema:\n{schema}"
)


class OpenAICompatibleBackend:
    """An ``LLMBackend`` over a LangChain ``BaseChatOpenAI`` model.

    Options (``LLM_BACKENDS[alias]["OPTIONS"]``): ``model``, ``api_key``, ``base_url``,
    ``timeout`` (seconds per request), ``max_retries`` (on transient errors), ``reasoning``
    (the alias wants a reasoning model), the sampling options ``temperature``, ``top_p``,
    ``max_tokens``, ``frequency_penalty``, ``presence_penalty`` and ``stop`` (sent only when
    set), and
    ``http_client`` / ``http_async_client`` (httpx clients, for tests and proxies).
    Unknown options are ignored so one settings block fits every provider."""

    #: Shown in error sentences when no custom ``base_url`` is configured.
    provider_label = "The model provider"
    #: The environment variable a user should check when the key is refused.
    api_key_setting = "OPENAI_API_KEY"
    #: "json_schema" (response_format with the schema) or "json_mode" (json_object plus the
    #: schema in the prompt) for ``complete(json_schema=...)``.
    structured_output = "json_schema"
    #: ``stream`` takes ``read_interval`` (the chat socket passes its batching interval).
    paced_reads = True

    def __init__(
        self,
        *,
        model: str,
        api_key: str | None = "",
        base_url: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        reasoning: bool = False,
        temperature: float | None = None,
        max_tokens: int | None = None,
        top_p: float | None = None,
        frequency_penalty: float | None = None,
        presence_penalty: float | None = None,
        stop: list[str] | None = None,
        http_client: Any = None,
        http_async_client: Any = None,
        structured_output: str | None = None,
        **_ignored: Any,
    ) -> None:
        self.model = model
        self.base_url = base_url or None
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        self.reasoning = bool(reasoning)
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.sampling = {
            name: value
            for name, value in (
                ("top_p", top_p),
                ("frequency_penalty", frequency_penalty),
                ("presence_penalty", presence_penalty),
                ("stop", list(stop) if stop else None),
            )
            if value is not None
        }
        self.http_client = http_client
        self.http_async_client = http_async_client
        if structured_output:
            self.structured_output = structured_output
        self._api_key = api_key or ""
        self._chat_model: BaseChatModel | None = None
        #: HTTP clients this backend built for itself, closed by ``retire``.
        self.owned_http_clients: list[Any] = []
        self._streams = 0  # streams in flight
        self._retired = False
        if self.base_url:
            host = urlparse(self.base_url).netloc or self.base_url
            self.provider_label = f"The model server at {host}"

    # -- subclass hooks ---------------------------------------------------------------

    def _build_chat_model(self, api_key: str) -> BaseChatModel:
        raise NotImplementedError

    def _common_model_options(self, api_key: str) -> dict[str, Any]:
        options: dict[str, Any] = {
            "model": self.model,
            "api_key": api_key,
            "timeout": self.timeout,
            "max_retries": self.max_retries,
            # Chat completions only: vLLM, Ollama and llama.cpp have no Responses API.
            "use_responses_api": False,
            # A stalled stream fails after the same time a silent request would.
            "stream_chunk_timeout": self.timeout,
        }
        if self.base_url:
            options["base_url"] = self.base_url
        if self.temperature is not None:
            options["temperature"] = self.temperature
        if self.max_tokens is not None:
            options["max_tokens"] = self.max_tokens
        options.update(self.sampling)
        if self.http_client is not None:
            options["http_client"] = self.http_client
        if self.http_async_client is not None:
            options["http_async_client"] = self.http_async_client
        return options

    # -- the port ---------------------------------------------------------------------

    async def stream(
        self, messages: Sequence[ChatMessage], *, read_interval: float = 0.0
    ) -> AsyncIterator[str]:
        """The reply's text as the server streams it, piece by piece
        (``openai_compatible.stream``). With ``read_interval`` (seconds), the response is
        read at most that often, so a caller that batches the text for that long anyway gets
        what arrived meanwhile from one read (``stream``'s invariants)."""
        chat_model = self._get_chat_model()
        self._streams += 1
        try:
            with self._translated_errors():
                async for text in stream_text(chat_model, messages, read_interval=read_interval):
                    yield text
        finally:
            self._streams -= 1
            if self._retired and not self._streams:
                await self._close_owned_clients()

    async def retire(self) -> None:
        """No new call will be asked of this backend (its cache dropped it): close the HTTP
        clients it built for itself now, or when its last stream in flight ends. Clients it
        was handed, and LangChain's default client (one per process and address, shared by
        every backend that has no client of its own), are left open."""
        self._retired = True
        if not self._streams:
            await self._close_owned_clients()

    def close_without_loop(self) -> None:
        """Retire without an event loop (the one this backend streamed on is closed): the
        HTTP clients it built that close synchronously are closed; an async client's
        connections belong to its closed loop, which can no longer close them."""
        self._retired = True
        kept = []
        for client in self.owned_http_clients:
            if getattr(client, "aclose", None) is None:
                client.close()
            else:
                kept.append(client)
        self.owned_http_clients = kept

    async def _close_owned_clients(self) -> None:
        clients, self.owned_http_clients = self.owned_http_clients, []
        for client in clients:
            close = getattr(client, "aclose", None)
            if close is not None:
                await close()
            else:
                client.close()

    def complete(
        self, messages: Sequence[ChatMessage], *, json_schema: dict[str, Any] | None = None
    ) -> Completion:
        return self.runnable(json_schema=json_schema).invoke(to_langchain(messages))

    def runnable(self, *, json_schema: dict[str, Any] | None = None) -> Runnable:
        """This backend as a runnable: a prompt value (or LangChain messages) in, a
        :class:`Completion` out. With ``json_schema``, the chat model with structured output
        (``response_format`` json_schema, or JSON mode with the schema in the prompt)."""

        def invoke(value: PromptValue | list[BaseMessage]) -> Completion:
            request = value.to_messages() if isinstance(value, PromptValue) else list(value)
            return self._invoke(request, json_schema)

        return RunnableLambda(invoke, name=f"{type(self).__name__}({self.model})")

    def _invoke(self, request: list[BaseMessage], json_schema: dict[str, Any] | None) -> Completion:
        chat_model = self._get_chat_model()
        with self._translated_errors():
            if json_schema is None:
                reply = chat_model.invoke(request)
            elif self.structured_output == "json_schema":
                try:
                    reply = self._structured(chat_model, json_schema, "json_schema", request)
                except openai.BadRequestError as error:
                    if not rejects_json_schema(error):
                        raise
                    # A server without json_schema support: use JSON mode from now on.
                    self.structured_output = "json_mode"
                    reply = self._complete_json_mode(chat_model, request, json_schema)
            else:
                reply = self._complete_json_mode(chat_model, request, json_schema)
        return self._completion(reply)

    @staticmethod
    def _structured(
        chat_model: BaseChatModel,
        json_schema: dict[str, Any],
        method: str,
        request: list[BaseMessage],
    ) -> BaseMessage:
        """The raw reply of the chat model with structured output. Its own parse is not used:
        the caller validates the text and shows the model its mistakes."""
        schema = (
            schema_response_format(json_schema)["json_schema"]
            if method == "json_schema"
            else json_schema
        )
        structured = chat_model.with_structured_output(schema, method=method, include_raw=True)
        return structured.invoke(request)["raw"]

    # -- helpers ----------------------------------------------------------------------

    def _get_chat_model(self) -> BaseChatModel:
        if self._chat_model is None:
            api_key = self._api_key
            if not api_key:
                if not self.base_url:
                    raise PermanentProviderError(
                        f"No API key is configured for the model provider. Set "
                        f"{self.api_key_setting}, or choose LLM_PROVIDER=offline."
                    )
                # Local OpenAI-compatible servers ignore the key, but the client needs one.
                api_key = "not-needed"
            self._chat_model = self._build_chat_model(api_key)
        return self._chat_model

    def _complete_json_mode(
        self, chat_model: BaseChatModel, request: list[BaseMessage], json_schema: dict[str, Any]
    ) -> BaseMessage:
        # Into the leading system message: several chat templates refuse a system message
        # anywhere but first.
        instruction = JSON_INSTRUCTION.format(schema=json.dumps(json_schema))
        if (
            request
            and isinstance(request[0], SystemMessage)
            and isinstance(request[0].content, str)
        ):
            request = [SystemMessage(f"{request[0].content}\n\n{instruction}"), *request[1:]]
        else:
            request = [SystemMessage(instruction), *request]
        return self._structured(chat_model, json_schema, "json_mode", request)

    def _completion(self, reply: BaseMessage) -> Completion:
        usage_metadata = getattr(reply, "usage_metadata", None) or {}
        usage = {
            key: int(usage_metadata[key])
            for key in ("input_tokens", "output_tokens", "total_tokens")
            if isinstance(usage_metadata.get(key), int)
        }
        reasoning = reply.additional_kwargs.get("reasoning_content") or ""
        model = (reply.response_metadata or {}).get("model_name") or self.model
        return Completion(
            text=message_text(reply), reasoning=str(reasoning), model=model, usage=usage
        )

    @contextmanager
    def _translated_errors(self) -> Iterator[None]:
        try:
            yield
        except Exception as error:
            mapped = self.translate_error(error)
            if mapped is None:
                raise
            raise mapped from error

    def translate_error(self, error: BaseException) -> ProviderError | None:
        """Our error for a vendor error, or ``None`` when ``error`` is not a provider failure."""
        return translate_error(
            error,
            provider_label=self.provider_label,
            model=self.model,
            timeout=self.timeout,
            api_key_setting=self.api_key_setting,
            secrets=(self._api_key,),
        )


def message_text(message: BaseMessage | AIMessageChunk) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return str(message.text)


def schema_response_format(json_schema: dict[str, Any]) -> dict[str, Any]:
    """``response_format`` for a JSON schema; strict when the schema allows it (OpenAI's
    strict mode needs every object closed and every property required)."""
    name = re.sub(r"[^A-Za-z0-9_-]", "_", str(json_schema.get("title") or "response"))[:64]
    return {
        "type": "json_schema",
        "json_schema": {
            "name": name,
            "schema": json_schema,
            "strict": _strict_compatible(json_schema),
        },
    }


def _strict_compatible(schema: Any) -> bool:
    if isinstance(schema, list):
        return all(_strict_compatible(item) for item in schema)
    if not isinstance(schema, dict):
        return True
    if schema.get("type") == "object" or "properties" in schema:
        properties = schema.get("properties") or {}
        if schema.get("additionalProperties") is not False:
            return False
        if set(schema.get("required") or ()) != set(properties):
            return False
    return all(
        _strict_compatible(value) for value in schema.values() if isinstance(value, dict | list)
    )
