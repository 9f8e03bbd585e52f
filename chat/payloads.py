"""The JSON of threads and messages, the same over REST and in WebSocket events."""

from __future__ import annotations

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


def message_payload(message: Message) -> dict[str, Any]:
    return _plain(messages_payload([message])[0])


def _plain(value: Any) -> Any:
    """Serializer output as plain dicts and lists (the channel layer packs only those)."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
