"""The JSON of threads and messages, the same over REST and in WebSocket events.

Invariant: ``message_payload(m) == messages_payload([m])[0]``. Every chat turn sends two
message payloads, so ``message_payload`` keeps one serializer per thread (its fields are
built once, which costs more than serializing a message) and gives it each call's context.
"""

from __future__ import annotations

import threading
from typing import Any

from chat import selectors
from chat.models import Message, Thread


def thread_payload(thread: Thread) -> dict[str, Any]:
    from chat.api.serializers import ThreadOutputSerializer

    return dict(ThreadOutputSerializer(thread).data)


def messages_payload(messages: list[Message]) -> list[dict[str, Any]]:
    from chat.api.serializers import MessageOutputSerializer

    versions = selectors.previous_versions(messages=messages)
    return [
        dict(item)
        for item in MessageOutputSerializer(
            messages, many=True, context={"previous_versions": versions}
        ).data
    ]


_kept = threading.local()


def message_payload(message: Message) -> dict[str, Any]:
    from chat.api.serializers import MessageOutputSerializer

    serializer = getattr(_kept, "message_serializer", None)
    if serializer is None:
        serializer = _kept.message_serializer = MessageOutputSerializer(context={})
    serializer._context = {"previous_versions": selectors.previous_versions(messages=[message])}
    try:
        return _plain(dict(serializer.to_representation(message)))
    finally:
        serializer._context = {}  # nothing of this message outlives the call


def _plain(value: Any) -> Any:
    """Serializer output as plain dicts and lists (the channel layer packs only those)."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
