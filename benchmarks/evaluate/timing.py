"""Latency figures: a percentile without numpy, p50/p95/mean distributions, the
cold, warm and bare-embedding timings of one pass side by side, and the machine's load
averages printed with them.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

WARM_UP_QUERIES = 3


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (as numpy's default), without numpy."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _distribution(values: Sequence[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 2),
        "p95": round(percentile(values, 95), 2),
        "mean": round(sum(values) / len(values), 2) if values else 0.0,
    }


def _load_average() -> list[float]:
    """The machine's 1, 5 and 15 minute load averages (latency on a busy machine is not the
    latency on a quiet one: the figures are printed together)."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except OSError:  # pragma: no cover - every Linux has it
        return []


def _latency(
    cold: Sequence[float],
    warm: Sequence[float],
    embedding: Sequence[float],
    *,
    options: dict[str, list[float]] | None = None,
    machine: dict | None = None,
) -> dict:
    """Retrieval timed cold (query embedding included) and warm (query vector cached: the
    retrieval without the embedding) beside a bare query embedding, measured in one pass;
    the bare embedding of each other option on the same questions; the machine's load."""
    result = {
        "retrieval_cold": _distribution(cold),
        "retrieval_warm": _distribution(warm),
        "query_embedding_alone": _distribution(embedding),
    }
    if options:
        result["query_embedding_options"] = {
            name: _distribution(values) for name, values in options.items() if values
        }
    if machine is not None:
        result["machine"] = machine
    bare = result["query_embedding_alone"]["p95"]
    result["cold_p95_over_embedding_p95"] = (
        round(result["retrieval_cold"]["p95"] / bare, 2) if bare else None
    )
    return result
