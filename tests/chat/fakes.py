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
