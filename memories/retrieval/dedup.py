"""Near-duplicate removal by token-set Jaccard similarity.

The same fact often reaches the candidates twice: a memory re-extracted from an edited
range, a summary repeated at daily level, a message quoted back. Keeping both wastes the
budget. Items are visited best first; one whose word set overlaps an already kept item's by
more than the threshold is dropped."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import TypeVar

Item = TypeVar("Item")

_WORD = re.compile(r"\w+", re.UNICODE)


@lru_cache(maxsize=4096)
def word_set(text: str) -> frozenset[str]:
    """The lower-cased words of ``text`` (cached: the same items come back turn after turn)."""
    return frozenset(word.lower() for word in _WORD.findall(text))


def jaccard(left: frozenset[str], right: frozenset[str]) -> float:
    if not left and not right:
        return 1.0
    union = len(left | right)
    return len(left & right) / union if union else 0.0


def distinct(
    items: Iterable[Item], *, text_of: Callable[[Item], str], threshold: float
) -> Iterator[Item]:
    """``items`` (best first) without those nearly identical to a better one, lazily, so a
    consumer that stops early (a full budget) pays only for what it took.

    A threshold of 1.0 or more keeps everything except exact word-set repeats."""
    kept: list[tuple[frozenset[str], int]] = []
    for item in items:
        words = word_set(text_of(item))
        size = len(words)
        # _near inlined: this loop runs for every pair of visited and kept items.
        for other, other_size in kept:
            if size == other_size and words == other:
                break
            if threshold >= 1.0:
                continue
            smaller, larger = (size, other_size) if size < other_size else (other_size, size)
            if not larger or smaller / larger <= threshold:
                continue
            shared = len(words & other)
            if shared / (size + other_size - shared) > threshold:
                break
        else:
            kept.append((words, size))
            yield item


def _near(words: frozenset[str], other: frozenset[str], threshold: float) -> bool:
    if words == other:
        return True
    if threshold >= 1.0:
        return False
    smaller, larger = sorted((len(words), len(other)))
    # Jaccard is at most smaller / larger: skip the set operations when that is too low.
    if not larger or smaller / larger <= threshold:
        return False
    return jaccard(words, other) > threshold


def drop_near_duplicates(
    items: Iterable[Item], *, text_of: Callable[[Item], str], threshold: float
) -> list[Item]:
    return list(distinct(items, text_of=text_of, threshold=threshold))
