"""Channel-layer group names, in one place so producers and the consumer agree.

- ``thread_group(thread_id)``: every open tab of one thread.
- ``character_group(owner_id, character_id)``: every open tab of any of the user's threads
  with that character (memory events go here, since memories are scoped per character).

Messages sent to the groups have ``{"type": "client.event", "event": {...}}``, where
``event`` is exactly the JSON the browser receives (``{"type": "memory.created", ...}``).
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def thread_group(thread_id: int) -> str:
    return f"thread.{thread_id}"


def character_group(owner_id: int, character_id: int) -> str:
    return f"user.{owner_id}.character.{character_id}"


def send_to_group(group: str, event: dict) -> None:
    """Send one client event to a group from synchronous code (services, Celery tasks).

    Call it after the transaction that made the change commits (``transaction.on_commit``)."""
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group, {"type": "client.event", "event": event})
