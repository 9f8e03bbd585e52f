"""Reciprocal rank fusion: combine ranked lists whose raw scores are not comparable.

An item's fused score is ``sum(weight / (k + rank))`` over the lists it appears in (rank 1
is the best). Scores are normalised by the best score any item could reach across the
given lists, so 1.0 means "first in every list" and the scale does not depend on ``k``."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[Key]],
    *,
    k: int = 60,
    weights: Sequence[float] | None = None,
) -> dict[Key, float]:
    """Fused, normalised scores of every item in ``rankings`` (each list best first)."""
    if weights is None:
        weights = [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError("one weight per ranking is needed")
    best_possible = sum(weight / (k + 1) for weight in weights) or 1.0
    scores: dict[Key, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        seen: set[Key] = set()
        for rank, key in enumerate(ranking, start=1):
            if key in seen:  # a list that repeats an item counts it once, at its best rank
                continue
            seen.add(key)
            scores[key] = scores.get(key, 0.0) + weight / (k + rank)
    return {key: score / best_possible for key, score in scores.items()}
