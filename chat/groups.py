"""Channel-layer group names, in one place so producers and the consumer agree.

- ``thread_group(thread_id)``: every open tab of one thread.
- ``character_group(owner_id, character_id)``: every open tab of any of the user's threads
  with that character (memory events go here, since memories are scoped per character).

Messages sent to the groups have ``{"type": "client.event", "event": {...}}``, where
``event`` is exactly the JSON the browser receives (``{"type": "memory.created", ...}``).
A socket that sends the events of its own reply to its own browser directly (``chat.consumers``)
passes them to the rest of the group with ``group_send_except``; such a message carries the
sender's channel name as ``origin``, so the sender never shows an event twice.
"""

from __future__ import annotations

import functools
import time

from asgiref.sync import async_to_sync
from channels.exceptions import ChannelFull
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


async def group_send_except(
    layer, group: str, message: dict, *, exclude: str, members: list[str] | None = None
) -> list[str] | None:
    """Send ``message`` to every member of ``group`` but the channel ``exclude``; returns the
    members it went to (``None`` when the layer cannot tell).

    On the Redis layer, finding that nobody else is in the group (one chat, one tab: the
    common case) costs one round trip, where ``group_send`` costs four and the sender would
    then read its own message back; the other members get it through the layer's own
    ``send``, in order. ``members`` (what an earlier call returned) skips even that round
    trip. Any other layer gets a plain ``group_send`` (the ``origin`` the message carries lets
    the sender skip its copy)."""
    if members is not None and not members:
        return members  # nobody else was in the group at the last lookup
    message = {**message, "origin": exclude}
    if not _is_redis_layer(layer):
        await layer.group_send(group, message)
        return None
    if members is None:
        key = layer._group_key(group)
        connection = layer.connection(layer.consistent_hash(group))
        pipe = connection.pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(time.time()) - layer.group_expiry)
        pipe.zrange(key, 0, -1)
        _, names = await pipe.execute()
        members = [name.decode() for name in names if name.decode() != exclude]
    for channel in members:
        try:
            await layer.send(channel, message)
        except ChannelFull:
            continue  # as group_send does: a tab that reads nothing loses the event
    return members


@functools.cache
def _redis_layer_class() -> type | None:
    try:
        from channels_redis.core import RedisChannelLayer
    except ImportError:  # pragma: no cover - channels_redis is a runtime dependency
        return None
    return RedisChannelLayer


def _is_redis_layer(layer) -> bool:
    # Asked once per streamed batch: the import is resolved once.
    redis_layer = _redis_layer_class()
    return redis_layer is not None and isinstance(layer, redis_layer)
