"""The chat socket's consumer: client events in, replies started and stopped.

Invariants:
- No ORM or LLM call runs inline: the database calls (``calls``) run on the chat database
  pool (``chat.db``), so the work of one chat never waits behind another's on a single
  thread, and the reply is written by a ``ReplyRun`` in a background task, so ``reply.stop``
  is read while it streams.
- Bad input (not JSON, JSON over the size or depth limit of the REST API, unknown type or
  field, text with a NUL or a lone surrogate, empty or too long message) gets an ``error``
  event naming the field, with the same rules and messages as REST; nothing a client sends
  can crash the consumer. Only errors about one client's own request go to that client alone.
- ``reply.stop`` from any tab of the thread reaches the consumer that runs the reply, in any
  process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.exceptions import ValidationError

from chat import services
from chat.consumers import calls
from chat.consumers.events import event_problem, validation_error
from chat.consumers.lifecycle import CLOSE_NOT_FOUND, SocketLifecycle
from chat.consumers.tabs import TabFanout
from chat.db import db_async
from chat.groups import thread_group
from chat.streaming import ReplyRun
from drawhisper.api import JSONTooDeep, body_too_large_message, loads_limited

logger = logging.getLogger(__name__)


class ThreadConsumer(SocketLifecycle, TabFanout, AsyncJsonWebsocketConsumer):
    """``/ws/threads/<id>/``: its life (``SocketLifecycle``), its own events to every tab
    (``TabFanout``), and here what the client asks for."""

    reply_run: ReplyRun | None = None
    reply_task: asyncio.Task | None = None

    # ------------------------------------------------------------------ client → server

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.thread_id is None:
            return  # refused on connect; the close is on its way
        if text_data is None:
            await self.send_error("invalid_message", "Send events as JSON text.")
            return
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and len(text_data) > limit:
            await self.send_error("too_large", body_too_large_message(len(text_data), limit))
            return
        try:
            event = loads_limited(text_data)
        except JSONTooDeep as error:
            await self.send_error("invalid_json", str(error))
            return
        except ValueError:
            await self.send_error("invalid_json", "That was not valid JSON.")
            return
        if not isinstance(event, dict):
            await self.send_error("invalid_message", 'An event is a JSON object with a "type".')
            return
        event_type = event.get("type")
        handler = (
            {
                "message.send": self.on_message_send,
                "reply.regenerate": self.on_reply_regenerate,
                "reply.continue": self.on_reply_continue,
                "reply.stop": self.on_reply_stop,
            }.get(event_type)
            if isinstance(event_type, str)
            else None
        )
        if handler is None:
            expected = "message.send, reply.regenerate, reply.continue or reply.stop"
            if "type" not in event:
                detail = f"type: This field is required: one of {expected}."
            else:
                shown = (
                    repr(event_type) if isinstance(event_type, str | int | float | None) else "?"
                )
                detail = f"type: Unknown event type {shown[:80]}: expected {expected}."
            await self.send_error("unknown_type", detail)
            return
        if (problem := event_problem(event)) is not None:
            client_id = event.get("client_id") if isinstance(event.get("client_id"), str) else None
            await self.send_error("invalid_message", problem, client_id=client_id)
            return
        try:
            await handler(event)
        except Exception:
            logger.exception("chat socket event failed", extra={"thread_id": self.thread_id})
            await self.send_error("internal_error", "Something went wrong. Try again.")

    async def on_message_send(self, event: dict[str, Any]) -> None:
        client_id = event.get("client_id")  # text or null (``event_problem``)
        # No shortcut on this consumer's own running reply: a resent client_id must still be
        # answered with its message; the service decides busy under the thread lock.
        try:
            result, message, reply = await db_async(calls.send)(
                thread=self.thread,
                content=event.get("content"),
                client_id=client_id,
            )
        except ValidationError as error:
            code, detail = validation_error(error)
            await self.send_error(code, detail, client_id=client_id)
            return
        except services.ChatError as error:
            await self.send_error(error.code, error.detail, client_id=client_id)
            return
        except LookupError:
            await self.send_error("not_found", "This chat no longer exists.")
            await self.close(code=CLOSE_NOT_FOUND)
            return
        created = {
            "type": "message.created",
            "message": message,
            "client_id": client_id,
            "duplicate": not result.created,
        }
        if result.created:
            await self.publish(created)
        else:
            await self.send_json(created)  # the other tabs saw it the first time
        if result.reply is not None:
            # Its message.created has just looked the other tabs up: reply.start goes to them.
            await self._start_reply(reply, replaces=None, peers_looked_up=result.created)

    async def on_reply_regenerate(self, event: dict[str, Any], *, continuing: bool = False) -> None:
        if self._replying():
            await self.send_error("busy", services.BUSY_DETAIL)
            return
        try:
            result, reply = await db_async(calls.regenerate)(
                user=self.user, thread_id=self.thread_id, continuing=continuing
            )
        except services.ChatError as error:
            await self.send_error(error.code, error.detail)
            return
        except LookupError:
            await self.send_error("not_found", "This chat no longer exists.")
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self._start_reply(reply, replaces=result.replaced.pk if result.replaced else None)

    async def on_reply_continue(self, event: dict[str, Any]) -> None:
        await self.on_reply_regenerate(event, continuing=True)

    async def on_reply_stop(self, event: dict[str, Any]) -> None:
        if self._replying():
            self._stop_reply()
            return
        # The reply may run in another tab's consumer, in this process or another.
        await self.channel_layer.group_send(
            thread_group(self.thread_id), {"type": "reply.stop.request"}
        )

    # ------------------------------------------------------------------ channel layer → client

    async def client_event(self, message: dict[str, Any]) -> None:
        """Events published for the thread or the character: sent to the browser unchanged
        (but not this socket's own, which it sent itself)."""
        if message.get("origin") == self.channel_name:
            return
        await self.send_json(message["event"])

    async def reply_stop_request(self, message: dict[str, Any]) -> None:
        if self._replying():
            self._stop_reply()

    # ------------------------------------------------------------------ helpers

    def _replying(self) -> bool:
        """A reply of this socket is being written (not merely sending its last events: its
        own browser may have its reply.end already and ask for the next one)."""
        return (
            self.reply_task is not None
            and not self.reply_task.done()
            and not (self.reply_run is not None and self.reply_run.ended)
        )

    def _stop_reply(self) -> None:
        """The user asked to stop (from any tab): the reply ends interrupted, no error."""
        self.reply_run.stopped_by_user = True
        self.reply_task.cancel()

    async def _start_reply(
        self, reply: dict[str, Any], *, replaces: int | None, peers_looked_up: bool = False
    ) -> None:
        """Announce the reply and start writing it. ``peers_looked_up``: the event just
        published (the message it answers) looked the other tabs up, so ``reply.start`` goes
        to the same tabs: the reply's row was stored with that message, so a tab that opens
        after the lookup finds the reply in its ``thread.state`` on connect."""
        previous = self.reply_task
        if previous is not None and not previous.done():
            # The last reply is stored and sending its final events: let them go out first,
            # so every tab sees its reply.end before this reply.start.
            await asyncio.wait({previous})
        await self.publish(
            {
                "type": "reply.start",
                "message_id": reply["id"],
                "message": reply,
                "replaces": replaces,
            },
            reuse_peers=peers_looked_up,
        )
        self.reply_run = ReplyRun(reply_id=reply["id"], publish=self.publish)
        self.reply_task = asyncio.create_task(self.reply_run.run())
        self.reply_task.add_done_callback(_log_crash)

    async def send_error(self, code: str, detail: str, **extra: Any) -> None:
        await self.send_json({"type": "error", "code": code, "detail": detail, **extra})


def _log_crash(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("chat reply task crashed", exc_info=task.exception())
