"""The events of a socket's own doing, to its own browser and to the thread's other tabs.

A socket sends its message and its reply's stream to its own browser directly and to the
other tabs through the thread's channel group (``group_send_except``), so one tab alone costs
no channel-layer round trip per streamed batch once it knows it is alone: the other tabs'
channels are looked up with the message and the reply's end and reused for the reply's start
and its ``reply.delta`` batches for at most ``PEERS_REFRESH_SECONDS``. A tab that opens
announces itself (``tab.joined``) and one that closes says so (``tab.left``), so the writing
socket looks again at once.

A ``reply.delta`` frame (about ten a reply) is written as its JSON text directly
(``delta_frame``: the same object ``json.dumps`` makes of the event, key for key) and handed
straight to the server, without Channels' ``send_json`` and ``send`` layers around it.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from chat.consumers.lifecycle import CHANNEL_LAYER_TIMEOUT
from chat.groups import group_send_except, thread_group

# How long a reply's batches reuse the looked-up list of the thread's other tabs. A tab that
# opens or closes says so at once (``tab.joined``, ``tab.left``), so this only bounds an entry
# whose announcement was lost (a tab of a process that died): before, a lookup a second, for
# the whole of a reply that streams for tens of seconds.
PEERS_REFRESH_SECONDS = 10.0


class TabFanout:
    """Mixed into the thread consumer: ``publish`` and the other tabs' announcements."""

    thread_id: int | None = None
    #: The thread's other tabs as last looked up (``publish``), and when.
    _peers: list[str] | None = None
    _peers_at = 0.0

    async def announce(self, event_type: str) -> None:
        """Tell a socket writing a reply to this thread that this tab opened (``tab.joined``:
        it sends its next batch here too) or closed (``tab.left``: it stops sending here)."""
        await asyncio.wait_for(
            group_send_except(
                self.channel_layer,
                thread_group(self.thread_id),
                {"type": event_type},
                exclude=self.channel_name,
            ),
            CHANNEL_LAYER_TIMEOUT,
        )

    async def tab_joined(self, message: dict[str, Any]) -> None:
        """Another tab of the thread opened: look its channel up before the next batch."""
        self._peers = None

    async def tab_left(self, message: dict[str, Any]) -> None:
        """Another tab of the thread closed: stop sending it batches."""
        self._peers = None

    async def publish(self, event: dict[str, Any], *, reuse_peers: bool = False) -> None:
        """An event of this socket's own doing (its message, its reply's stream): straight to
        its own browser, then to the thread's other tabs through the channel layer.

        A ``reply.delta`` (or an event published with ``reuse_peers``) goes to the tabs found
        by the last lookup if it is recent (at most ``PEERS_REFRESH_SECONDS``, and none opened
        since), so a streamed batch costs no lookup; every other event looks them up again."""
        if event["type"] == "reply.delta":
            await self.base_send({"type": "websocket.send", "text": delta_frame(event)})
        else:
            await self.send_json(event)
        peers = self._peers
        if not (reuse_peers or event["type"] == "reply.delta") or (
            peers is not None and time.monotonic() - self._peers_at >= PEERS_REFRESH_SECONDS
        ):
            peers = None
        if peers is None:
            self._peers_at = time.monotonic()
        self._peers = await group_send_except(
            self.channel_layer,
            thread_group(self.thread_id),
            {"type": "client.event", "event": event},
            exclude=self.channel_name,
            members=peers,
        )


_DELTA_KEYS = {"type", "message_id", "delta"}


def delta_frame(event: dict[str, Any]) -> str:
    """The JSON text of a ``reply.delta`` event, as ``json.dumps(event)`` writes it."""
    if event.keys() != _DELTA_KEYS or type(event["message_id"]) is not int:
        return json.dumps(event)
    return (
        f'{{"type": "reply.delta", "message_id": {event["message_id"]}, '
        f'"delta": {json.dumps(event["delta"])}}}'
    )
