"""The chat WebSocket, ``/ws/threads/<id>/``: the protocol of ``frontend/js/protocol.js``.

Client → server: ``message.send {content, client_id}``, ``reply.regenerate``,
``reply.continue``, ``reply.stop``.
Server → client: ``thread.state {reply}`` (first, on every connect: the reply being written,
``{message_id, content}`` with its text so far, or null), ``message.created {message,
client_id}``, ``reply.start {message_id, message, replaces}``, ``reply.delta {message_id,
delta}``, ``reply.end {message_id, content, status, error, receipt}``,
``memory.created|updated|deleted`` (forwarded unchanged from the channel layer) and
``error {code, detail}``.

Invariants:
- Authentication happens on connect. The socket is accepted and then closed with
  ``CLOSE_UNAUTHENTICATED`` (4401) for a visitor who is not logged in, and with
  ``CLOSE_NOT_FOUND`` (4404) for a thread that does not exist *or belongs to someone else*:
  the two cases are indistinguishable. With the channel layer (Redis) unreachable the socket
  gets an ``error`` event with code ``unavailable`` and closes with 4013 (try again later).
- No ORM or LLM call runs inline: services run on the chat database pool (``chat.db``), so
  the work of one chat never waits behind another's on a single thread, and the reply is
  written by a ``ReplyRun`` in a background task, so ``reply.stop`` is read while it streams.
  Each service call is self-contained (its own transaction and thread row lock), so it is
  safe on any thread.
- Events about the thread reach every tab of the thread: a socket sends the events of its
  own doing (its message, its reply's stream) to its own browser directly and to the other
  tabs through the thread's channel group (``group_send_except``), so one tab alone costs no
  channel-layer round trip per streamed batch once it knows it is alone: the other tabs'
  channels are looked up with the message and the reply's end and reused for the reply's
  start and its ``reply.delta`` batches for at most ``PEERS_REFRESH_SECONDS`` (a tab that
  opens in between finds the reply in its ``thread.state``); a tab that opens announces itself
  (``tab.joined``), and one that closes says so (``tab.left``), so the writing socket looks
  again at once: a long reply costs no lookup a second, and a closed tab's channel is not
  sent every batch until the list is refreshed. Events from elsewhere (other tabs, REST, the
  memory app) come through the groups. Only errors about one client's own request go to
  that client alone.
- Bad input (not JSON, JSON over the size or depth limit of the REST API, unknown type or
  field, text with a NUL or a lone surrogate, empty or too long message) gets an ``error``
  event naming the field, with the same rules and messages as REST; nothing a client sends
  can crash the consumer.
- A reply stops when its socket closes (status ``interrupted``, text kept). ``reply.stop``
  from any tab of the thread reaches the consumer that runs the reply, in any process.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from redis.exceptions import RedisError
from rest_framework.exceptions import ValidationError as InputError
from rest_framework.fields import ProhibitSurrogateCharactersValidator

from chat import selectors, services
from chat.db import db_async
from chat.groups import character_group, group_send_except, thread_group
from chat.payloads import message_payload
from chat.streaming import ReplyRun
from drawhisper.api import JSONTooDeep, body_too_large_message, loads_limited

logger = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
# The channel layer (Redis) is down; the client retries. 1013 says the same in the standard,
# but daphne's WebSocket library lets a server close only with 1000 or 3000-4999 (anything
# else becomes 1011, an internal error), so the private range carries it.
CLOSE_TRY_AGAIN_LATER = 4013
CHANNEL_LAYER_TIMEOUT = 5
STOP_WAIT_SECONDS = 10
# How long a reply's batches reuse the looked-up list of the thread's other tabs. A tab that
# opens or closes says so at once (``tab.joined``, ``tab.left``), so this only bounds an entry
# whose announcement was lost (a tab of a process that died): before, a lookup a second, for
# the whole of a reply that streams for tens of seconds.
PEERS_REFRESH_SECONDS = 10.0

# The fields of each client event; anything else is refused, as REST refuses unknown fields.
EVENT_FIELDS = {
    "message.send": ("type", "content", "client_id"),
    "reply.regenerate": ("type",),
    "reply.continue": ("type",),
    "reply.stop": ("type",),
}
# The checks DRF's CharField runs on every text value of a REST body.
TEXT_VALIDATORS = (ProhibitNullCharactersValidator(), ProhibitSurrogateCharactersValidator())


def _event_problem(event: dict[str, Any]) -> str | None:
    """The first problem with a client event of a known type, led by the field's name."""
    fields = EVENT_FIELDS[event["type"]]
    for name in event:
        if name not in fields:
            return f"{name}: Unknown field. This event takes: {', '.join(fields)}."
    for name, value in event.items():
        if not isinstance(value, str):
            continue
        for validator in TEXT_VALIDATORS:
            try:
                validator(value)
            except (ValidationError, InputError) as error:
                messages = error.messages if isinstance(error, ValidationError) else error.detail
                return f"{name}: {' '.join(str(message) for message in messages)}"
    return None


def _open_thread(*, user, thread_id: int):
    """The user's thread, after marking replies that died with their process as
    interrupted; None when not found."""
    return services.thread_open(user=user, thread_id=thread_id)


def _send(*, thread, content, client_id) -> tuple[services.SendResult, dict, dict | None]:
    """``thread``: the one read (and its owner checked) on connect; a thread deleted since
    raises ``ThreadGone`` (a ``LookupError``) from the send itself."""
    result = services.message_send(thread=thread, content=content, client_id=client_id)
    reply = message_payload(result.reply) if result.reply is not None else None
    return result, message_payload(result.message), reply


def _regenerate(
    *, user, thread_id: int, continuing: bool = False
) -> tuple[services.RegenerateResult, dict]:
    thread = selectors.thread_get(user=user, thread_id=thread_id)
    if thread is None:
        raise LookupError
    start = services.reply_continue if continuing else services.reply_regenerate
    result = start(thread=thread)
    return result, message_payload(result.reply)


def _live_state(*, thread_id: int) -> dict[str, Any]:
    """What a page needs on (re)connect to trust nothing it was rendered with: the reply being
    written now, with its text as last saved, or None."""
    reply = selectors.streaming_reply(thread_id=thread_id)
    if reply is None:
        return {"type": "thread.state", "reply": None}
    return {
        "type": "thread.state",
        "reply": {"message_id": reply.pk, "content": reply.content, "seq": reply.seq},
    }


def _validation_error(error: ValidationError) -> tuple[str, str]:
    """The first problem of a service's ValidationError as (code, readable detail)."""
    errors = (
        [item for items in error.error_dict.values() for item in items]
        if hasattr(error, "error_dict")
        else error.error_list
    )
    first = errors[0] if errors else error
    return first.code or "invalid_message", " ".join(first.messages)


class ThreadConsumer(AsyncJsonWebsocketConsumer):
    thread_id: int | None = None
    reply_run: ReplyRun | None = None
    reply_task: asyncio.Task | None = None
    #: The thread's other tabs as last looked up (``publish``), and when.
    _peers: list[str] | None = None
    _peers_at = 0.0
    accepted = False
    unavailable = False

    # ------------------------------------------------------------------ lifecycle

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
        opened = await db_async(_open_thread)(user=user, thread_id=requested)
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
            # A socket writing a reply to this thread sends its next batch here too.
            await asyncio.wait_for(
                group_send_except(
                    self.channel_layer,
                    thread_group(self.thread_id),
                    {"type": "tab.joined"},
                    exclude=self.channel_name,
                ),
                CHANNEL_LAYER_TIMEOUT,
            )
        except (TimeoutError, OSError, RedisError) as error:
            self.joined = []
            await self._close_unavailable(error, accepted=False)
            return
        await self.accept()
        self.accepted = True
        # Joined first, then read: a reply that ends after this read still reaches the page
        # as its reply.end.
        await self.send_json(await db_async(_live_state)(thread_id=self.thread_id))

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
                # A socket writing a reply to this thread stops sending its batches here.
                await asyncio.wait_for(
                    group_send_except(
                        self.channel_layer,
                        thread_group(self.thread_id),
                        {"type": "tab.left"},
                        exclude=self.channel_name,
                    ),
                    CHANNEL_LAYER_TIMEOUT,
                )
        except (TimeoutError, OSError, RedisError):
            pass  # the layer is gone; its groups expire on their own

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
            shown = repr(event_type) if isinstance(event_type, str | int | float | None) else "?"
            await self.send_error(
                "unknown_type",
                f"Unknown event type {shown[:80]}: expected message.send, "
                "reply.regenerate, reply.continue or reply.stop.",
            )
            return
        if (problem := _event_problem(event)) is not None:
            client_id = event.get("client_id") if isinstance(event.get("client_id"), str) else None
            await self.send_error("invalid_message", problem, client_id=client_id)
            return
        try:
            await handler(event)
        except Exception:
            logger.exception("chat socket event failed", extra={"thread_id": self.thread_id})
            await self.send_error("internal_error", "Something went wrong. Try again.")

    async def on_message_send(self, event: dict[str, Any]) -> None:
        client_id = event.get("client_id")
        if client_id is not None and not isinstance(client_id, str):
            await self.send_error("invalid_message", "client_id must be a UUID string.")
            return
        # No shortcut on this consumer's own running reply: a resent client_id must still be
        # answered with its message; the service decides busy under the thread lock.
        try:
            result, message, reply = await db_async(_send)(
                thread=self.thread,
                content=event.get("content"),
                client_id=client_id,
            )
        except ValidationError as error:
            code, detail = _validation_error(error)
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
            result, reply = await db_async(_regenerate)(
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

    async def tab_joined(self, message: dict[str, Any]) -> None:
        """Another tab of the thread opened: look its channel up before the next batch."""
        self._peers = None

    async def tab_left(self, message: dict[str, Any]) -> None:
        """Another tab of the thread closed: stop sending it batches."""
        self._peers = None

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

    async def publish(self, event: dict[str, Any], *, reuse_peers: bool = False) -> None:
        """An event of this socket's own doing (its message, its reply's stream): straight to
        its own browser, then to the thread's other tabs through the channel layer.

        A ``reply.delta`` (or an event published with ``reuse_peers``) goes to the tabs found
        by the last lookup if it is recent (at most ``PEERS_REFRESH_SECONDS``, and none opened
        since), so a streamed batch costs no lookup; every other event looks them up again."""
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

    async def send_error(self, code: str, detail: str, **extra: Any) -> None:
        await self.send_json({"type": "error", "code": code, "detail": detail, **extra})


def _log_crash(task: asyncio.Task) -> None:
    if not task.cancelled() and task.exception() is not None:
        logger.error("chat reply task crashed", exc_info=task.exception())
