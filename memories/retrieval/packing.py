"""Fit ranked items into a token budget.

Items are taken best first; one that does not fit in what is left is skipped (not the end
of packing), so a long summary never blocks the shorter items after it. What does not fit
is therefore dropped lowest-score first, as the context layers require."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")


def pack_to_budget(
    items: Sequence[Item], *, budget_tokens: int, tokens_of: Callable[[Item], int]
) -> list[Item]:
    """The best-first prefix-with-skips of ``items`` whose tokens sum to at most the budget."""
    chosen: list[Item] = []
    remaining = budget_tokens
    for item in items:
        cost = tokens_of(item)
        if cost <= remaining:
            chosen.append(item)
            remaining -= cost
        if remaining <= 0:
            break
    return chosen
