"""Write one reply: assemble its prompt, stream the model, save the text as it grows, finish.

A ``ReplyRun`` is started by the WebSocket consumer as a background asyncio task, so the
consumer keeps reading (``reply.stop``) while the model writes. Every database call is a
service run on the chat database pool (``chat.db``), so replies of different chats prepare and
save in parallel; the model is the ``chat`` LLM backend, or the one of the chat's own connection
and sampling, kept per process and event loop (``aget_llm``) so a user's replies share its
HTTP client and open connections.

Invariants:
- The reply row exists (``streaming``) before the run starts; the run only fills it in. Its
  receipt is written with its final text (one statement), not before the first token.
- Its text is saved at most every ``SAVE_INTERVAL_SECONDS`` while it grows, and at least every
  ``HEARTBEAT_SECONDS`` while the model is silent, so a crash loses at most about a second of
  text and a live reply is never taken for a dead one. The saves run on their own database
  pool (``chat.db``), so many replies streaming at once cannot hold up a new message.
- A run's own database calls never overlap and keep their order: one call at a time, and a
  call still running on its thread when the run is cancelled is waited for before the reply
  is finished, so a progress save can never land after (or beside) the final save.
- However the run ends, the reply gets a final status exactly once: ``complete``;
  ``interrupted`` when cancelled, text kept: with no error when the user stopped it
  (``stopped_by_user``), with ``CUT_OFF_ERROR`` when it was cut off (its socket closed);
  ``failed`` with a readable error when the provider failed, text so far kept.
- A continuation starts from the text of the reply it extends (``PreparedReply.prefix``):
  its ``reply.delta`` events carry only what the model adds, appended to the text of the
  ``reply.start`` message; ``reply.end`` carries the whole text. A model's continuation often
  lacks the space before its first word, so ``continuation_separator`` adds one where the old
  text does not end in whitespace and the new one opens with neither whitespace nor
  punctuation that closes a word ("...the door." + "She turned" reads "...the door. She
  turned"; "...said" + ", then" stays as it is); the space is part of the first delta.
- Events go through ``publish`` (the thread's channel group), so every open tab of the
  thread sees the same stream.
- Streamed text is coalesced (``DeltaBatcher``): the first piece is sent at once, later ones
  together at most every ``CHAT_DELTA_FLUSH_MS``, so a fast model costs one channel-layer send
  per batch, not per token; a network stream is read that often too (``open_stream``), so
  it costs one read per batch, not per token. The ``reply.start`` text and the ``reply.delta`` events of a
  reply, joined, are exactly the text of its ``reply.end``, and all of them are sent before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from django.conf import settings

from chat import services
from chat.db import db_async
from chat.models import Message
from drawhisper.providers.base import ProviderError
from drawhisper.providers.registry import aget_llm

logger = logging.getLogger(__name__)

# A save a second: at 200 replies streaming at once, four a second each kept the database
# busy with saves while new messages waited (docs/benchmarks.md).
SAVE_INTERVAL_SECONDS = 1.0
HEARTBEAT_SECONDS = 5.0
INTERNAL_ERROR_DETAIL = "Something went wrong while writing the reply. Try regenerating it."
CUT_OFF_ERROR = services.STALE_REPLY_ERROR

Publish = Callable[[dict[str, Any]], Awaitable[None]]


class DeltaBatcher:
    """Collects streamed text and sends it in batches through ``send``.

    A piece that arrives when nothing was sent for ``interval`` seconds (the first one, or one
    after the model paused) is sent on the event loop's next turn, so it does not wait for the
    interval and takes along the pieces that arrived with it (the rest of the same network
    read); pieces arriving sooner wait for a timer that fires ``interval`` after the last
    send. With no interval every piece is sent on its own, at once. Sends never overlap and
    keep their order; a send in flight is not cut short by cancelling the reply (each runs
    in a task of its own), and ``close`` waits for them and sends what is left, so the
    batches always add up to the whole text. ``clock`` (seconds, monotonic) decides whether a
    piece is due; the timer itself runs in the loop's time.
    """

    def __init__(
        self,
        *,
        send: Callable[[str], Awaitable[None]],
        interval: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._send = send
        self._clock = clock
        self.interval = max(0.0, interval)
        self.pending = ""
        self.sent_count = 0
        self._sent_at: float | None = None
        self._timer: asyncio.Handle | None = None
        self._sending: set[asyncio.Task] = set()
        self._lock = asyncio.Lock()

    async def add(self, piece: str) -> None:
        if not piece:
            return
        self.pending += piece
        if self.interval <= 0:
            await asyncio.shield(asyncio.ensure_future(self.flush()))
            return
        if self._timer is not None:
            return  # a send is already scheduled; it takes this piece along
        loop = asyncio.get_running_loop()
        wait = 0.0 if self._sent_at is None else self._sent_at + self.interval - self._clock()
        if wait <= 0:
            self._timer = loop.call_soon(self._start_send)
        else:
            self._timer = loop.call_later(wait, self._start_send)

    async def flush(self) -> None:
        """Send everything collected so far (nothing when there is nothing)."""
        self._sent_at = self._clock()
        await self._send_pending()

    async def close(self) -> None:
        """Cancel the timer (if still waiting), wait for the sends in flight, send the rest."""
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
        if self._sending:
            await asyncio.wait(set(self._sending))
        await self.flush()

    def _start_send(self) -> None:
        # The batch is what arrived up to now (this turn of the loop); it counts as sent from
        # now, and its send waits for the one before it (the lock keeps their order).
        self._timer = None
        self._sent_at = self._clock()
        text, self.pending = self.pending, ""
        if not text:
            return
        task = asyncio.ensure_future(self._send_text(text))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send_pending(self) -> None:
        text, self.pending = self.pending, ""
        if text:
            await self._send_text(text)

    async def _send_text(self, text: str) -> None:
        async with self._lock:
            self.sent_count += 1
            await self._send(text)


class ReplyRun:
    def __init__(self, *, reply_id: int, publish: Publish) -> None:
        self.reply_id = reply_id
        self.publish = publish
        self.text = ""
        self._saved_text = ""
        self._saved_at = time.monotonic()
        self.status: str | None = None
        self.stopped_by_user = False  # set before cancelling the run for ``reply.stop``
        #: The final text and status are stored: the chat takes its next message or
        #: regeneration, while the run may still be sending its last events.
        self.ended = False
        self._db_call: asyncio.Future | None = None
        self.deltas = DeltaBatcher(
            send=self._send_delta, interval=settings.CHAT_DELTA_FLUSH_MS / 1000
        )

    async def _db(self, func: Callable[..., Any], *, progress: bool = False, **kwargs: Any) -> Any:
        """Run one service on the database pool (``progress``: the progress saves' pool),
        after the run's previous call ended.

        The call is shielded: cancelling the run stops the wait, not the call, and
        ``_finish`` waits for it before saving the final text."""
        await self._db_settled()
        call = asyncio.ensure_future(db_async(func, progress=progress)(**kwargs))
        self._db_call = call
        return await asyncio.shield(call)

    async def _db_settled(self) -> None:
        call = self._db_call
        if call is not None and not call.done():
            await asyncio.wait({call})
        if call is not None and not call.cancelled():
            call.exception()  # retrieved: it was reported where it was awaited, if at all

    async def _send_delta(self, text: str) -> None:
        await self.publish({"type": "reply.delta", "message_id": self.reply_id, "delta": text})

    async def run(self) -> None:
        status = Message.Status.COMPLETE
        error_code = error_detail = ""
        receipt: dict | None = None
        saver: asyncio.Task | None = None
        try:
            prepared = await self._db(
                services.reply_prepare, reply_id=self.reply_id, store_receipt=False
            )
            receipt = prepared.receipt
            self.text = self._saved_text = prepared.prefix
            joined = not prepared.prefix  # a continuation's first piece may need a space
            backend = await aget_llm("chat", config=prepared.llm)
            saver = asyncio.create_task(self._autosave())
            async with contextlib.aclosing(
                open_stream(backend, list(prepared.messages), interval=self.deltas.interval)
            ) as pieces:
                async for piece in pieces:
                    if not piece:
                        continue
                    if not joined:
                        piece = continuation_separator(self.text, piece) + piece
                        joined = True
                    self.text += piece
                    await self.deltas.add(piece)
        except asyncio.CancelledError:
            status = Message.Status.INTERRUPTED
            error_detail = "" if self.stopped_by_user else CUT_OFF_ERROR
        except ProviderError as error:
            status, error_code, error_detail = Message.Status.FAILED, "provider_error", str(error)
            logger.warning(
                "chat reply failed", extra={"reply_id": self.reply_id, "error": str(error)}
            )
        except Exception:
            status, error_code, error_detail = (
                Message.Status.FAILED,
                "internal_error",
                INTERNAL_ERROR_DETAIL,
            )
            logger.exception("chat reply crashed", extra={"reply_id": self.reply_id})
        finally:
            if saver is not None:
                saver.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await saver
        # Finishing must survive a second cancellation (stop, then the socket closing).
        await _shielded(self._finish(status, error_code, error_detail, receipt))

    async def _finish(
        self, status: str, error_code: str, error_detail: str, receipt: dict | None
    ) -> None:
        self.status = status
        await self.deltas.close()  # every delta goes out before the error and reply.end
        await self._db(
            services.reply_finish,
            reply_id=self.reply_id,
            content=self.text,
            status=status,
            error=error_detail,
            receipt=receipt,
        )
        self.ended = True
        if status == Message.Status.FAILED:
            await self.publish(
                {
                    "type": "error",
                    "code": error_code,
                    "detail": error_detail,
                    "message_id": self.reply_id,
                }
            )
        await self.publish(
            {
                "type": "reply.end",
                "message_id": self.reply_id,
                "content": self.text,
                "status": status,
                "error": error_detail,
                "receipt": receipt,
            }
        )

    async def _autosave(self) -> None:
        while True:
            await asyncio.sleep(SAVE_INTERVAL_SECONDS)
            changed = self.text != self._saved_text
            if changed or time.monotonic() - self._saved_at >= HEARTBEAT_SECONDS:
                text = self.text
                await self._db(
                    services.reply_save_progress,
                    progress=True,
                    reply_id=self.reply_id,
                    content=text,
                )
                self._saved_text, self._saved_at = text, time.monotonic()


# What opens a continuation without a space: whitespace, or a mark that closes the word or
# sentence before it.
_ATTACHED_OPENINGS = frozenset(".,;:!?…)]}”’»%-–—")


def continuation_separator(old: str, new: str) -> str:
    """The text that goes between a reply's ``old`` text and the ``new`` text a continuation
    starts with: a space when ``old`` does not end in whitespace and ``new`` opens with
    neither whitespace nor punctuation that belongs to the word before it; else nothing.

    This is the join SillyTavern makes for chat-completion models (it adds its continue
    postfix, a space by default, to a text that does not end in one), with punctuation left
    attached, for every provider."""
    if not old or not new or old[-1].isspace() or new[0].isspace():
        return ""
    return "" if new[0] in _ATTACHED_OPENINGS else " "


def open_stream(backend: Any, messages: list, *, interval: float) -> AsyncIterator[str]:
    """The backend's stream of the reply; one that reads a network response (``paced_reads``)
    reads it at most every ``interval`` seconds, the interval the text is batched at anyway,
    so the text that arrives meanwhile comes in one read and goes out in one batch."""
    if getattr(backend, "paced_reads", False) and interval > 0:
        return backend.stream(messages, read_interval=interval)
    return backend.stream(messages)


async def _shielded(awaitable: Awaitable[None]) -> None:
    task = asyncio.ensure_future(awaitable)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        await task  # cancelled again while finishing: finish anyway, then stop
        raise
