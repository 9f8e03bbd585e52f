"""A streamed chat completion read straight off the HTTP response: the request, the reads and
the pieces of text.

The request is the one the LangChain model would send (``request_payload``), posted through
that model's own openai client, so its retries, timeouts and errors before the first byte are
the same; the client hands back the streamed HTTP response unread (as its
``with_streaming_response`` does, by the same request header) and the body is read here:
server-sent events (``drawhisper.providers.sse``), each event's data as plain JSON, an error
event raised as the openai client raises it (a named ``error`` event and data that is not JSON
too). No LangChain or openai message object is built per piece and the request body is not
walked by the client's type-driven transform: those cost several times the rest of a streamed
turn (docs/benchmarks.md).

Invariants:
- The messages of the request are LangChain's own conversion of plain text messages: a
  ``{"content", "role"}`` object each, under the role names the model's
  ``_get_request_payload`` gives (an OpenAI o-series model's ``system`` is ``developer``);
  that and every other field come from running it on one message per role, so the payload is
  what LangChain would send without converting the whole conversation (up to hundreds of
  messages a turn) message by message.
- With ``read_interval``, the body is read at most every ``read_interval`` seconds: what the
  server sends meanwhile waits in the connection and comes in one read, so a caller that
  shows the text in batches that often anyway (the chat socket's ``DeltaBatcher``) pays for one
  read per batch instead of one per event. No read before the first text is delayed, a read waiting for
  a silent server returns as soon as it speaks, and the read timeout is unchanged.
- The events are read from the body's bytes as the connection delivers them
  (``aiter_raw``) when the server sent them uncompressed, as chat servers do; a body with a
  ``Content-Encoding`` (gzip behind a proxy, say) is read decoded (``aiter_bytes``). The raw
  read skips the decoding layers' Python per read, one of them a no-op for such a body.
- After ``[DONE]`` the body is still read to its end, so the connection is reused.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import openai
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from openai._constants import RAW_RESPONSE_HEADER

from drawhisper.providers import sse
from drawhisper.providers.base import ChatMessage

LANGCHAIN_MESSAGE = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
#: One message per role, converted by the model to learn its names for the roles.
_ROLE_PROBE = tuple(LANGCHAIN_MESSAGE.items())


def to_langchain(messages: Sequence[ChatMessage]) -> list[BaseMessage]:
    return [LANGCHAIN_MESSAGE[message.role](content=message.content) for message in messages]


def request_payload(chat_model: BaseChatModel, messages: Sequence[ChatMessage]) -> dict[str, Any]:
    """The streamed request's body for ``messages``, as ``chat_model`` would build it."""
    probe = [message_class(content="") for _, message_class in _ROLE_PROBE]
    payload = chat_model._get_request_payload(probe, stream=True)
    converted = payload.get("messages")
    if isinstance(converted, list) and len(converted) == len(probe):
        roles = {
            role: message.get("role") if isinstance(message, dict) else None
            for (role, _), message in zip(_ROLE_PROBE, converted, strict=True)
        }
        plain = all(
            isinstance(message, dict) and set(message) == {"content", "role"}
            for message in converted
        )
    else:
        plain = False
    if plain and all(isinstance(name, str) for name in roles.values()):
        payload["messages"] = [
            {"content": message.content, "role": roles[message.role]} for message in messages
        ]
    else:  # a model that converts text messages otherwise: its own conversion of each
        payload = chat_model._get_request_payload(to_langchain(messages), stream=True)
    payload.update(payload.pop("extra_body", None) or {})
    return payload


async def stream_text(
    chat_model: BaseChatModel, messages: Sequence[ChatMessage], *, read_interval: float = 0.0
) -> AsyncIterator[str]:
    """The reply's text as the server streams it, piece by piece (one per event with text)."""
    response = (
        await chat_model.root_async_client.post(
            "/chat/completions",
            body=request_payload(chat_model, messages),
            cast_to=object,
            stream=True,
            stream_cls=openai.AsyncStream[object],
            options={"headers": {RAW_RESPONSE_HEADER: "stream"}},
        )
    ).http_response
    try:
        with _paced_reads(response, read_interval) as pacing:
            done = False
            async for event in sse.events(body_chunks(response)):
                if done or not event.data:
                    continue  # after [DONE]: read to the end, so the connection is reused
                if event.data.startswith("[DONE]"):
                    done = True
                    continue
                if text := delta_text(event_json(event, response.request)):
                    pacing.started = True
                    yield text
    finally:
        await response.aclose()


#: ``Content-Encoding`` values that leave the body as it is.
_NOT_ENCODED = frozenset({"", "identity"})


def body_chunks(response: Any) -> AsyncIterator[bytes]:
    """The response body's bytes as they arrive: the raw reads when the body is not
    encoded, else the decoded ones (and those of a body read already, as a test's mocked
    transport hands it over)."""
    encoding = response.headers.get("content-encoding", "")
    if encoding.strip().lower() in _NOT_ENCODED and not response.is_stream_consumed:
        return response.aiter_raw()
    return response.aiter_bytes()


class _Pacing:
    #: Set once the first text is out: the reads before it (the role, a reasoning model's
    #: thoughts) are not paced, so the first visible token never waits for the interval.
    started = False


@contextmanager
def _paced_reads(response: Any, interval: float) -> Iterator[_Pacing]:
    """While the body is read, each read of the response's connection after the first text
    starts at least ``interval`` seconds after the previous one ended.

    The connection is httpcore's ``network_stream`` response extension (its public handle on
    the socket); its ``read`` is wrapped on that one object for the length of this body and
    restored before the connection goes back to the pool. An HTTP/2 connection carries other
    requests' streams too, so only an HTTP/1.1 one is paced."""
    network_stream = (getattr(response, "extensions", None) or {}).get("network_stream")
    if (
        interval <= 0
        or network_stream is None
        or getattr(response, "http_version", "") != "HTTP/1.1"
        or "read" in vars(network_stream)
    ):
        yield _Pacing()
        return
    pacing = _Pacing()
    loop = asyncio.get_running_loop()
    read = network_stream.read
    last_read: float | None = None

    async def paced_read(max_bytes: int, timeout: float | None = None) -> bytes:
        nonlocal last_read
        if (
            pacing.started
            and last_read is not None
            and (wait := last_read + interval - loop.time()) > 0
        ):
            await asyncio.sleep(wait)
        try:
            return await read(max_bytes, timeout)
        finally:
            last_read = loop.time()

    network_stream.read = paced_read
    try:
        yield pacing
    finally:
        del network_stream.read


def event_json(event: sse.Event, request: Any) -> Any:
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


def delta_text(event: Any) -> str:
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
