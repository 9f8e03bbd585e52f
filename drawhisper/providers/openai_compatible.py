"""What the OpenAI and DeepSeek adapters share: one base class over a LangChain chat model
that speaks the OpenAI chat-completions protocol, and the translation of vendor errors.

Invariants:
- Nothing a caller receives is a vendor type. Every openai / httpx failure becomes a
  ``TransientProviderError`` (timeouts, dropped connections, 408/409/429 except an exhausted
  quota, 5xx) or a ``PermanentProviderError`` (401, 403, 404, 400, 422, a missing key), whose
  ``str()`` is one sentence a user can read: no stack trace, no API key.
- Retries on transient errors happen inside the openai client (``max_retries``, exponential
  backoff that honours ``Retry-After``) before the first token; an error after streaming has
  begun is translated and raised without a retry, because text already sent cannot be
  taken back (the caller keeps what arrived).
- ``complete(json_schema=...)`` returns the model's raw JSON text. Validation belongs to the
  caller (the memory pipeline retries with the validation error), so this layer never parses.
- ``runnable(json_schema=...)`` is the same call as a LangChain runnable (prompt value or
  messages in, ``Completion`` out), built on the chat model's ``with_structured_output``, so
  a caller can pipe a prompt template into it; ``complete`` runs that same runnable.

Subclasses set the labels and build the LangChain model in ``_build_chat_model``.
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
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    SystemMessage,
)
from langchain_core.prompt_values import PromptValue
from langchain_core.runnables import Runnable, RunnableLambda
from openai._constants import RAW_RESPONSE_HEADER

from drawhisper.providers import sse
from drawhisper.providers.base import (
    ChatMessage,
    Completion,
    PermanentProviderError,
    ProviderError,
    TransientProviderError,
)

_LANGCHAIN_MESSAGE = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}

# Anything shaped like a secret key is removed from vendor messages before they are shown.
_KEY_PATTERN = re.compile(r"\b(?:sk|pk|key)-[A-Za-z0-9_\-*.]{6,}")

JSON_INSTRUCTION = (
    "Answer with one JSON object and nothing else. It must validate against this JSON "
    "schema:\n{schema}"
)


def _httpx_error_types(name: str) -> tuple[type[BaseException], ...]:
    """httpx errors raised while a streamed body is read (the openai client does not wrap
    those), from both the legacy ``httpx`` and the ``httpx2`` package the client uses."""
    types: list[type[BaseException]] = []
    for module_name in ("httpx", "httpx2"):
        try:
            module = __import__(module_name)
        except ImportError:  # pragma: no cover - both ship with the openai client today
            continue
        types.append(getattr(module, name))
    return tuple(types)


_TIMEOUT_ERRORS = (TimeoutError, *_httpx_error_types("TimeoutException"))
_TRANSPORT_ERRORS = _httpx_error_types("TransportError")


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

    async def stream(self, messages: Sequence[ChatMessage]) -> AsyncIterator[str]:
        """The reply's text as the server streams it, piece by piece.

        The request is the one the LangChain model would send (``_get_request_payload``:
        model, sampling, renamed fields, ``extra_body``), posted through that model's own
        openai client, so its retries, timeouts and errors before the first byte are the
        same; the client hands back the streamed HTTP response unread (as its
        ``with_streaming_response`` does, by the same request header) and the body is read
        here: server-sent events (``drawhisper.providers.sse``), each event's data as plain
        JSON, an error event raised as the openai client raises it (a named ``error`` event
        and data that is not JSON too). No LangChain or openai message object is built per
        piece and the request body is not walked by the client's type-driven transform: those
        cost several times the rest of a streamed turn (docs/benchmarks.md); this reader
        costs about 60% of the client's own event decoder per piece."""
        chat_model = self._get_chat_model()
        with self._translated_errors():
            payload = chat_model._get_request_payload(to_langchain(messages), stream=True)
            payload.update(payload.pop("extra_body", None) or {})
            response = (
                await chat_model.root_async_client.post(
                    "/chat/completions",
                    body=payload,
                    cast_to=object,
                    stream=True,
                    stream_cls=openai.AsyncStream[object],
                    options={"headers": {RAW_RESPONSE_HEADER: "stream"}},
                )
            ).http_response
            try:
                done = False
                async for event in sse.events(response.aiter_bytes()):
                    if done or not event.data:
                        continue  # after [DONE]: read to the end, so the connection is reused
                    if event.data.startswith("[DONE]"):
                        done = True
                        continue
                    if text := _delta_text(_event_json(event, response.request)):
                        yield text
            finally:
                await response.aclose()

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
                    if not _rejects_json_schema(error):
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


# -- free functions (shared with tests and subclasses) ---------------------------------


def to_langchain(messages: Sequence[ChatMessage]) -> list[BaseMessage]:
    return [_LANGCHAIN_MESSAGE[message.role](content=message.content) for message in messages]


def _event_json(event: sse.Event, request: Any) -> Any:
    """An event's data as JSON; an error event (named ``error``, or carrying an ``error``
    object, as OpenAI sends one mid-stream) or data that is not JSON raises ``APIError``,
    as the openai client's own stream does."""
    try:
        data = json.loads(event.data)
    except ValueError:
        raise openai.APIError(
            "The stream sent an event that is not JSON.", request, body=event.data
        ) from None
    if event.name == "error" or (isinstance(data, dict) and data.get("error")):
        error = data.get("error", data) if isinstance(data, dict) else data
        message = error.get("message") if isinstance(error, dict) else None
        if not isinstance(message, str) or not message:
            message = "An error occurred during streaming"
        raise openai.APIError(message, request, body=error)
    return data


def _delta_text(event: Any) -> str:
    """The content of a streamed chat-completion chunk (a reasoning model's
    ``reasoning_content`` is not part of the reply)."""
    if not isinstance(event, dict):
        return ""
    for choice in event.get("choices") or ():
        delta = choice.get("delta") if isinstance(choice, dict) else None
        content = delta.get("content") if isinstance(delta, dict) else None
        if isinstance(content, str) and content:
            return content
    return ""


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


def _rejects_json_schema(error: openai.BadRequestError) -> bool:
    text = f"{getattr(error, 'message', '')} {getattr(error, 'body', '')}".lower()
    return "response_format" in text or "json_schema" in text


def _vendor_detail(error: BaseException, secrets: Sequence[str]) -> str:
    """The vendor's own message, trimmed and scrubbed of anything key-like."""
    body = getattr(error, "body", None)
    detail = ""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            detail = str(inner.get("message") or "")
        elif isinstance(inner, str):
            detail = inner
    if not detail:
        detail = str(getattr(error, "message", "") or "")
    for secret in secrets:
        if secret and len(secret) >= 4:
            detail = detail.replace(secret, "[key]")
    detail = _KEY_PATTERN.sub("[key]", " ".join(detail.split()))
    if detail.startswith("Error code:"):
        return ""  # openai's fallback message just repeats the raw body
    if len(detail) > 200:
        detail = detail[:197].rstrip() + "..."
    return detail


def _with_detail(sentence: str, detail: str) -> str:
    return f"{sentence} ({detail.rstrip('.')})." if detail else f"{sentence}."


def translate_error(
    error: BaseException,
    *,
    provider_label: str,
    model: str,
    timeout: float,
    api_key_setting: str,
    secrets: Sequence[str] = (),
) -> ProviderError | None:
    """Map an openai / httpx / stream-timeout exception onto our two error kinds."""
    detail = _vendor_detail(error, secrets)
    if isinstance(error, (openai.APITimeoutError, *_TIMEOUT_ERRORS)):
        return TransientProviderError(
            f"{provider_label} did not answer within {timeout:g} seconds. Try again in a moment."
        )
    if isinstance(error, (openai.APIConnectionError, *_TRANSPORT_ERRORS)):
        return TransientProviderError(
            f"{provider_label} could not be reached, or the connection dropped. Try again in a moment."
        )
    if isinstance(error, openai.RateLimitError):
        if getattr(error, "code", None) == "insufficient_quota" or "quota" in detail.lower():
            return PermanentProviderError(
                f"{provider_label} refused the request because the account has no quota left."
            )
        return TransientProviderError(
            f"{provider_label} is rate-limiting requests (HTTP 429). Try again in a moment."
        )
    if isinstance(error, openai.AuthenticationError):
        # The vendor text of a 401 can echo part of the key: never show it.
        return PermanentProviderError(
            f"{provider_label} rejected the API key (HTTP 401). Check {api_key_setting}."
        )
    if isinstance(error, openai.PermissionDeniedError):
        return PermanentProviderError(
            _with_detail(
                f"{provider_label} denied access to the model {model!r} (HTTP 403)", detail
            )
        )
    if isinstance(error, openai.NotFoundError):
        return PermanentProviderError(
            f"{provider_label} has no model {model!r} at this address (HTTP 404). "
            f"Check the model name and the base URL."
        )
    if isinstance(error, openai.BadRequestError):
        if "context" in detail.lower() and (
            "length" in detail.lower() or "window" in detail.lower()
        ):
            return PermanentProviderError(
                f"The conversation is too long for the model {model!r}'s context window."
            )
        return PermanentProviderError(
            _with_detail(f"{provider_label} rejected the request (HTTP 400)", detail)
        )
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        if status >= 500 or status in (408, 409):
            return TransientProviderError(
                f"{provider_label} had a temporary problem (HTTP {status}). Try again in a moment."
            )
        return PermanentProviderError(
            _with_detail(f"{provider_label} rejected the request (HTTP {status})", detail)
        )
    if isinstance(error, openai.LengthFinishReasonError):
        return PermanentProviderError(
            "The model ran out of output tokens before its answer was complete."
        )
    if isinstance(error, openai.ContentFilterFinishReasonError):
        return PermanentProviderError("The model provider's content filter stopped the answer.")
    if isinstance(error, openai.APIError):
        return TransientProviderError(
            f"{provider_label} sent a response that could not be read. Try again in a moment."
        )
    return None
