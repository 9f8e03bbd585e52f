"""The one trim policy of context assembly: what does not fit is dropped lowest-ranked first.

- Each layer ranks what it was offered, best first, and keeps the longest ranked prefix that
  fits its budget. Everything left out ranks below everything kept: a smaller, lower-ranked
  item never takes the room a larger, higher-ranked one did not fit in.
- Memory layers rank by score, highest first; items without a score (pinned, shared, the
  rolling summary) rank above scored ones. Ties (equal scores, or no scores at all) keep the
  order the source gave: pinned memories oldest pin first, shared memories oldest first,
  retrieved items in the search's order.
- Message layers rank newest first: the oldest messages are the ones left out.
- When the best-ranked item of a section alone is larger than the whole section, it is
  clipped to fit (marked ``truncated`` in the receipt) instead of lost; a text layer (the
  character, the new message) is clipped to its budget.
- Should the exact count of the whole prompt still exceed the total (token merges where two
  pieces meet), layers give back one piece at a time, in the ``shed`` order of ``ORDER``,
  again lowest-ranked first; text layers are clipped last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from chat.context.budget import MESSAGE_OVERHEAD_TOKENS, message_cost
from drawhisper.tokens import count_tokens, truncate_to_tokens
from memories.context import ContextItem

T = TypeVar("T")
ELLIPSIS = "…"
MIN_CLIP_ROOM = 5  # below this a clipped line would be nothing but the ellipsis


def ranked_by_score(items: Iterable[ContextItem]) -> list[ContextItem]:
    """Best first; items without a score first, in the order given (stable sort)."""
    return sorted(
        items, key=lambda item: (0, 0.0) if item.score is None else (1, -float(item.score))
    )


def keep_prefix(ranked: Iterable[T], *, room: int, cost: Callable[[T], int]) -> list[T]:
    """The longest prefix of ``ranked`` whose costs add up to at most ``room`` (read lazily:
    nothing after the first candidate that does not fit is priced)."""
    kept: list[T] = []
    for candidate in ranked:
        price = cost(candidate)
        if price > room:
            break
        kept.append(candidate)
        room -= price
    return kept


def line_cost(text: str) -> int:
    """A section line costs its tokens with the newline before it."""
    return count_tokens(f"\n{text}")


def clip_line(text: str, *, room: int) -> str | None:
    """``text`` cut to fit ``room`` (newline included) and ending in an ellipsis, or None when
    the room is too small for anything but the ellipsis."""
    if room < MIN_CLIP_ROOM:
        return None
    clipped = truncate_to_tokens(text, room - 2).rstrip() + ELLIPSIS
    while line_cost(clipped) > room and len(clipped) > 3:
        clipped = truncate_to_tokens(clipped, count_tokens(clipped) - 2).rstrip() + ELLIPSIS
    return clipped if line_cost(clipped) <= room else None


def clip_message(text: str, *, budget: int) -> str:
    """``text`` as one chat message within ``budget`` (its overhead included), cut at a token
    boundary; unchanged when it fits."""
    if message_cost(text) <= budget:
        return text
    return truncate_to_tokens(text, budget - MESSAGE_OVERHEAD_TOKENS)


def clip_by(text: str, *, overflow: int) -> str:
    """``text`` with its last ``overflow`` tokens cut off."""
    return truncate_to_tokens(text, max(count_tokens(text) - overflow, 0))
