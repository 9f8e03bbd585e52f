"""Fit ranked items into a token budget.

Items are taken best first; one that does not fit in what is left is skipped (not the end
of packing), so a long summary never blocks the shorter items after it. What does not fit
is therefore dropped lowest-score first, as the context layers require."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

Item = TypeVar("Item")


def pack_to_budget(
    items: Iterable[Item],
    *,
    budget_tokens: int,
    tokens_of: Callable[[Item], int],
    max_misses: int = 25,
) -> list[Item]:
    """The best-first prefix-with-skips of ``items`` whose tokens sum to at most the budget.

    Stops when the budget is spent or after ``max_misses`` items in a row did not fit (what
    is left is then too small for anything but crumbs)."""
    chosen: list[Item] = []
    remaining = budget_tokens
    misses = 0
    for item in items:
        if remaining <= 0 or misses >= max_misses:
            break
        cost = tokens_of(item)
        if cost <= remaining:
            chosen.append(item)
            remaining -= cost
            misses = 0
        else:
            misses += 1
    return chosen
