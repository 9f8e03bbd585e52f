"""Chat model fakes the tests select through ``LLM_BACKENDS`` (never by patching internals)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

from drawhisper.providers.base import ChatMessage, Completion, TransientProviderError


class FailsMidStreamBackend:
    """Streams ``before`` and then fails like a dropped provider connection."""

    def __init__(
        self, *, model: str = "fails-mid-stream", before: str = "*She begins to", **_: object
    ) -> None:
        self.model = model
        self.before = before

    async def stream(self, messages: Sequence[ChatMessage]) -> AsyncIterator[str]:
        for word in self.before.split(" "):
            await asyncio.sleep(0.01)
            yield word + " "
        raise TransientProviderError("The model provider stopped answering. Try again in a moment.")

    def complete(self, messages, *, json_schema=None) -> Completion:  # pragma: no cover
        raise TransientProviderError("The model provider stopped answering.")


class StallsAfterBackend:
    """Streams ``before`` in ``chunk_size`` pieces, then stays silent until it is cancelled
    (stopped or cut off), like a model that pauses mid-reply: what was streamed is all there
    is, whatever the machine's speed."""

    def __init__(
        self,
        *,
        model: str = "stalls-after",
        before: str = "*She begins to speak, then pauses.*",
        chunk_size: int = 4,
        **_: object,
    ) -> None:
        self.model = model
        self.before = before
        self.chunk_size = chunk_size

    async def stream(self, messages: Sequence[ChatMessage]) -> AsyncIterator[str]:
        for start in range(0, len(self.before), self.chunk_size):
            yield self.before[start : start + self.chunk_size]
            await asyncio.sleep(0)
        await asyncio.Event().wait()

    def complete(self, messages, *, json_schema=None) -> Completion:  # pragma: no cover
        return Completion(text=self.before, model=self.model)
