"""What chat context assembly needs from the memory app, as frozen dataclasses.

Chat imports only this module. Every function is scoped to the thread's owner and character.

- ``pinned_memories(thread_id)``: memories pinned to this thread (always in context).
- ``shared_memories(thread_id)``: memories shared across the user's chats with this
  character, minus those pinned here.
- ``retrieve(thread_id, query, budget_tokens, exclude_memory_ids, before_seq)``: memories,
  summaries and archived messages found for ``query`` (hybrid search), best first, within the
  budget; archived messages only with ``seq < before_seq`` (older than the recent window).
- ``rolling_summary(thread_id)``: the newest summary of the thread, or None.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Kind = Literal["memory", "summary", "message"]


@dataclass(frozen=True)
class ContextItem:
    kind: Kind
    id: int
    text: str
    tokens: int
    score: float | None = None
    title: str = ""
    type: str = ""
    start_seq: int | None = None
    end_seq: int | None = None


def pinned_memories(*, thread_id: int) -> list[ContextItem]:
    return []


def shared_memories(*, thread_id: int) -> list[ContextItem]:
    return []


def retrieve(
    *,
    thread_id: int,
    query: str,
    budget_tokens: int,
    exclude_memory_ids: Iterable[int] = (),
    before_seq: int | None = None,
) -> list[ContextItem]:
    return []


def rolling_summary(*, thread_id: int) -> ContextItem | None:
    return None
