"""Write one reply: assemble its prompt, stream the model, save the text as it grows, finish.

A ``ReplyRun`` is started by the WebSocket consumer as a background asyncio task, so the
consumer keeps reading (``reply.stop``) while the model writes. Every database call is a
service run through ``database_sync_to_async``; the model is the ``chat`` LLM backend.

Invariants:
- The reply row exists (``streaming``) before the run starts; the run only fills it in.
- Its text is saved at most every ``SAVE_INTERVAL_SECONDS`` while it grows, and at least every
  ``HEARTBEAT_SECONDS`` while the model is silent, so a crash loses at most a fraction of a
  second of text and a live reply is never taken for a dead one.
- However the run ends, the reply gets a final status exactly once: ``complete``;
  ``interrupted`` when cancelled (``reply.stop``, the socket closed), text kept; ``failed``
  with a readable error when the provider failed, text so far kept.
- Events go through ``publish`` (the thread's channel group), so every open tab of the
  thread sees the same stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from channels.db import database_sync_to_async

from chat import services
from chat.models import Message
from drawhisper.providers.base import ProviderError
from drawhisper.providers.registry import get_llm

logger = logging.getLogger(__name__)

SAVE_INTERVAL_SECONDS = 0.25
HEARTBEAT_SECONDS = 5.0
INTERNAL_ERROR_DETAIL = "Something went wrong while writing the reply. Try regenerating it."

Publish = Callable[[dict[str, Any]], Awaitable[None]]


class ReplyRun:
    def __init__(self, *, reply_id: int, publish: Publish) -> None:
        self.reply_id = reply_id
        self.publish = publish
        self.text = ""
        self._saved_text = ""
        self._saved_at = time.monotonic()
        self.status: str | None = None

    async def run(self) -> None:
        status = Message.Status.COMPLETE
        error_code = error_detail = ""
        receipt: dict | None = None
        saver: asyncio.Task | None = None
        try:
            prepared = await database_sync_to_async(services.reply_prepare)(reply_id=self.reply_id)
            receipt = prepared.receipt
            backend = get_llm("chat")
            saver = asyncio.create_task(self._autosave())
            async for piece in backend.stream(list(prepared.messages)):
                if not piece:
                    continue
                self.text += piece
                await self.publish(
                    {"type": "reply.delta", "message_id": self.reply_id, "delta": piece}
                )
        except asyncio.CancelledError:
            status = Message.Status.INTERRUPTED
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
        await database_sync_to_async(services.reply_finish)(
            reply_id=self.reply_id, content=self.text, status=status, error=error_detail
        )
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
                "receipt": receipt,
            }
        )

    async def _autosave(self) -> None:
        while True:
            await asyncio.sleep(SAVE_INTERVAL_SECONDS)
            changed = self.text != self._saved_text
            if changed or time.monotonic() - self._saved_at >= HEARTBEAT_SECONDS:
                text = self.text
                await database_sync_to_async(services.reply_save_progress)(
                    reply_id=self.reply_id, content=text
                )
                self._saved_text, self._saved_at = text, time.monotonic()


async def _shielded(awaitable: Awaitable[None]) -> None:
    task = asyncio.ensure_future(awaitable)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        await task  # cancelled again while finishing: finish anyway, then stop
        raise
