"""A chat socket's life: authenticate and join the groups on connect, guard the channel
layer's receive, leave on disconnect.

Invariants:
- The socket is accepted and then closed with ``CLOSE_UNAUTHENTICATED`` (4401) for a visitor
  who is not logged in, and with ``CLOSE_NOT_FOUND`` (4404) for a thread that does not exist
  *or belongs to someone else*: the two cases are indistinguishable.
- The groups are joined before the socket is accepted, so no event published after the
  client sees the socket open can be missed; the reply being written is read after joining.
- With the channel layer (Redis) unreachable, on connect or later, the socket gets an
  ``error`` event with code ``unavailable`` and closes with 4013 (try again later).
- A reply stops when its socket closes (its task is cancelled: status ``interrupted``, text
  kept).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from redis.exceptions import RedisError

from chat.consumers import calls
from chat.db import db_async
from chat.groups import character_group, thread_group

logger = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
# The channel layer (Redis) is down; the client retries. 1013 says the same in the standard,
# but daphne's WebSocket library lets a server close only with 1000 or 3000-4999 (anything
# else becomes 1011, an internal error), so the private range carries it.
CLOSE_TRY_AGAIN_LATER = 4013
CHANNEL_LAYER_TIMEOUT = 5
STOP_WAIT_SECONDS = 10


class SocketLifecycle:
    """Mixed into the thread consumer, before Channels' consumer class."""

    thread_id: int | None = None
    reply_task: asyncio.Task | None = None
    accepted = False
    unavailable = False

    async def connect(self) -> None:
        self.joined: list[str] = []
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._refuse(CLOSE_UNAUTHENTICATED)
            return
        try:
            requested = int(self.scope["url_route"]["kwargs"]["thread_id"])
        except (KeyError, TypeError, ValueError):
            requested = 0
        opened = await db_async(calls.open_thread)(user=user, thread_id=requested)
        if opened is None:
            await self._refuse(CLOSE_NOT_FOUND)
            return
        self.thread = opened
        self.thread_id, owner_id, character_id = opened.pk, opened.owner_id, opened.character_id
        self.user = user
        # Join before accepting, so no event published after the client sees the socket
        # open can be missed.
        try:
            for group in (thread_group(self.thread_id), character_group(owner_id, character_id)):
                await asyncio.wait_for(
                    self.channel_layer.group_add(group, self.channel_name), CHANNEL_LAYER_TIMEOUT
                )
                self.joined.append(group)
            await self.announce("tab.joined")
        except (TimeoutError, OSError, RedisError) as error:
            self.joined = []
            await self._close_unavailable(error, accepted=False)
            return
        await self.accept()
        self.accepted = True
        # Joined first, then read: a reply that ends after this read still reaches the page
        # as its reply.end.
        await self.send_json(await db_async(calls.live_state)(thread_id=self.thread_id))

    async def __call__(self, scope, receive, send):
        """Channels' ``AsyncConsumer.__call__`` with the channel layer's receive guarded, so an
        unreachable Redis closes the socket with 4013 instead of crashing the consumer."""
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = self._channel_receive
        self.base_send = send
        try:
            await await_many_dispatch([receive, self.channel_receive], self.dispatch)
        except StopConsumer:
            pass

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' ``dispatch`` without its database hop: Channels closes stale database
        connections on its shared sync thread before every message it hands to a consumer,
        a round trip to that thread per socket frame and per channel-layer event. This
        consumer opens no connection there or on the event loop: every database call runs
        through ``chat.db``, which closes stale connections around the call itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def _channel_receive(self) -> dict:
        try:
            return await self.channel_layer.receive(self.channel_name)
        except (OSError, RedisError) as error:
            if self.accepted and not self.unavailable:
                await self._close_unavailable(error, accepted=True)
            self.unavailable = True
            # Nothing more will come from the layer; the socket's own messages (the close)
            # still end the consumer, which cancels this wait.
            await asyncio.Future()
            raise AssertionError("unreachable") from error

    async def _close_unavailable(self, error: Exception, *, accepted: bool) -> None:
        """Redis (the channel layer) is unreachable: say so and close with "try again later";
        the browser keeps reconnecting with backoff and shows that it does."""
        logger.warning("chat socket closed, channel layer unavailable: %s", error)
        self.unavailable = True
        self.thread_id = None
        if not accepted:
            await self.accept()
        await self.send_json(
            {
                "type": "error",
                "code": "unavailable",
                "detail": "The chat service is unavailable right now; reconnecting.",
            }
        )
        await self.close(code=CLOSE_TRY_AGAIN_LATER)

    async def _refuse(self, code: int) -> None:
        """Accept, then close with ``code``: a refused handshake would hide the reason."""
        await self.accept()
        await self.close(code=code)

    async def disconnect(self, code: int) -> None:
        task = self.reply_task
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=STOP_WAIT_SECONDS)
        try:
            for group in getattr(self, "joined", []):
                await asyncio.wait_for(
                    self.channel_layer.group_discard(group, self.channel_name),
                    CHANNEL_LAYER_TIMEOUT,
                )
            if self.thread_id is not None and getattr(self, "joined", []):
                await self.announce("tab.left")
        except (TimeoutError, OSError, RedisError):
            pass  # the layer is gone; its groups expire on their own
