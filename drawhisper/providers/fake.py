"""A scripted LLM for tests: replies come from a queue, streamed in fixed-size pieces.

Configure through settings (``LLM_BACKENDS = {"chat": {"BACKEND":
"drawhisper.providers.fake.ScriptedChatBackend", "OPTIONS": {...}}}``) and push replies with
``ScriptedChatBackend.script(...)``. The script lives in Redis-free process memory unless
``shared_file`` is given, in which case replies are read from a JSON file so a separate
process (a Celery worker, the live server) sees the same script.

Options:
- ``replies``: default replies, used in order; the last one repeats.
- ``chunk_size``: characters per streamed piece; ``delay``: seconds between pieces.
- ``fail_with``: "transient" or "permanent" to raise that error instead of replying.

A scripted reply is a string, a callable of the prompt returning a string, or an object
``{"text": "...", "delay": 0.05, "chunk_size": 4}`` whose ``delay`` and ``chunk_size`` (both
optional) override the options for that one reply, so a script file can make a single reply
stream slowly enough for a person, or a browser test, to stop it.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drawhisper.providers.base import (
    ChatMessage,
    Completion,
    PermanentProviderError,
    TransientProviderError,
)

Reply = str | dict[str, Any] | Callable[[Sequence[ChatMessage]], str]


@dataclass(frozen=True)
class _Scripted:
    text: str
    delay: float
    chunk_size: int


class ScriptedChatBackend:
    _queue: list[Reply] = []
    _lock = threading.Lock()
    calls: list[list[ChatMessage]] = []

    def __init__(
        self,
        *,
        model: str = "scripted",
        replies: Sequence[str] = ("Scripted reply.",),
        chunk_size: int = 4,
        delay: float = 0.0,
        fail_with: str | None = None,
        shared_file: str | None = None,
        **_: Any,
    ) -> None:
        self.model = model
        self.default_replies = list(replies)
        self.chunk_size = chunk_size
        self.delay = delay
        self.fail_with = fail_with
        self.shared_file = Path(shared_file) if shared_file else None
        self._default_index = 0

    # -- scripting --------------------------------------------------------------------

    @classmethod
    def script(cls, *replies: Reply) -> None:
        with cls._lock:
            cls._queue.extend(replies)

    @classmethod
    def reset(cls) -> None:
        with cls._lock:
            cls._queue.clear()
            cls.calls.clear()

    def _next_reply(self, messages: Sequence[ChatMessage]) -> _Scripted:
        with self._lock:
            self.calls.append(list(messages))
            if self.fail_with == "transient":
                raise TransientProviderError("The model provider timed out. Try again in a moment.")
            if self.fail_with == "permanent":
                raise PermanentProviderError("The model provider rejected the request.")
            reply: Reply | None = None
            if self._queue:
                reply = self._queue.pop(0)
            elif self.shared_file is not None and self.shared_file.exists():
                queue = json.loads(self.shared_file.read_text() or "[]")
                if queue:
                    reply = queue.pop(0)
                    self.shared_file.write_text(json.dumps(queue))
            if reply is None:
                index = min(self._default_index, len(self.default_replies) - 1)
                self._default_index += 1
                reply = self.default_replies[index]
        if callable(reply):
            reply = reply(messages)
        if isinstance(reply, dict):
            return _Scripted(
                text=str(reply.get("text", "")),
                delay=float(reply.get("delay", self.delay)),
                chunk_size=max(1, int(reply.get("chunk_size", self.chunk_size))),
            )
        return _Scripted(text=reply, delay=self.delay, chunk_size=self.chunk_size)

    # -- port -------------------------------------------------------------------------

    async def stream(self, messages: Sequence[ChatMessage]) -> AsyncIterator[str]:
        reply = self._next_reply(messages)
        text, size = reply.text, reply.chunk_size
        for start in range(0, len(text), size):
            if reply.delay:
                await asyncio.sleep(reply.delay)
            yield text[start : start + size]

    def complete(
        self, messages: Sequence[ChatMessage], *, json_schema: dict[str, Any] | None = None
    ) -> Completion:
        return Completion(text=self._next_reply(messages).text, model=self.model)
