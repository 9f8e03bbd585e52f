"""The offline model: no network, no weights, chosen when no API key is configured
(``LLM_PROVIDER=offline``), so ``make run`` works end to end on a fresh clone.

- ``stream`` replies briefly, says it is the offline model and weaves in the memories that
  context assembly put in the system prompt (``reply``), word by word with a small delay.
- ``complete`` without a schema is the summary alias: an extractive summary of the
  ``<transcript>`` block (``summary``).
- ``complete`` with a schema is the extract alias: 1 to 3 typed memory chunks as JSON
  (``extraction``), made from what the user said about themselves (``statements``) and
  the character's real lines, never from the offline model's own replies, each with its
  decision about the existing memories the prompt lists (``decisions``: conservative
  ``add`` / ``update n`` / ``same n``, and an update's remainder when only one fact of a
  memory that holds several changed; a chunk that goes on about the value an update
  retires is kept in the update's chunk).

The input formats are in ``contract``. Output is deterministic: the same messages always
give the same text."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

from drawhisper.providers.base import ChatMessage, Completion
from drawhisper.providers.offline.contract import (
    character_name,
    existing_memories,
    participants,
    previous_summary,
    transcript_turns,
)
from drawhisper.providers.offline.decisions import (
    Existing,
    decide_with_remainders,
    keep_mentions_with_changes,
)
from drawhisper.providers.offline.extraction import extract_chunks
from drawhisper.providers.offline.reply import compose_reply
from drawhisper.providers.offline.summary import summarize

__all__ = ["OfflineChatBackend"]

_WORD_WITH_SPACE = re.compile(r"\S+\s*")


class OfflineChatBackend:
    """Options: ``model`` (a label, default "offline") and ``delay`` (seconds between
    streamed words, default 0.02). Every other option (keys, URLs, timeouts) is accepted
    and ignored, so the same settings block serves every provider."""

    def __init__(self, *, model: str = "offline", delay: float = 0.02, **_ignored: Any) -> None:
        self.model = model or "offline"
        self.delay = float(delay)

    async def stream(self, messages: Sequence[ChatMessage]) -> AsyncIterator[str]:
        for index, word in enumerate(_WORD_WITH_SPACE.findall(compose_reply(messages))):
            if index and self.delay:
                await asyncio.sleep(self.delay)
            yield word

    def complete(
        self, messages: Sequence[ChatMessage], *, json_schema: dict[str, Any] | None = None
    ) -> Completion:
        system = "\n".join(m.content for m in messages if m.role == "system")
        user, character = participants(system)
        turns = transcript_turns(messages, assistant_name=character or character_name(system))
        if json_schema is not None:
            chunks = extract_chunks(turns, user=user, character=character)
            existing = [
                Existing(
                    ref=item["id"], type=item["type"], title=item["title"], content=item["content"]
                )
                for item in existing_memories(messages)
            ]
            names = [name for name in (user, character) if name]
            decisions = decide_with_remainders(chunks, existing, names=names)
            chunks, decisions = keep_mentions_with_changes(chunks, existing, decisions, names=names)
            for chunk, (decision, remainder) in zip(chunks, decisions, strict=True):
                chunk["decision"] = decision
                if remainder:  # only an update that keeps part of the old memory has one
                    chunk["remainder"] = remainder
            return Completion(
                text=json.dumps({"chunks": chunks}, ensure_ascii=False),
                reasoning=(
                    f"Offline extraction: {len(chunks)} chunk(s) from {len(turns)} turn(s), "
                    "from what each person said about themselves, typed by rules."
                ),
                model=self.model,
            )
        summary = summarize(turns, previous_summary(messages))
        return Completion(
            text=summary.text,
            reasoning=(
                f"Offline extractive summary: kept {summary.kept} of {summary.considered} "
                f"sentence(s), ranked by word frequency and position."
            ),
            model=self.model,
        )
