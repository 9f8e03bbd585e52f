"""Retrieval settings, read once per call from ``settings.RETRIEVAL_*`` into a frozen object.

Every knob of hybrid retrieval lives here so that the LoCoMo benchmark can evaluate a
variant by passing a changed copy (``dataclasses.replace``) instead of patching settings.
The defaults in ``drawhisper/settings/retrieval.py`` are the values the benchmark chose
(docs/benchmarks.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed

KINDS = ("memory", "summary", "message", "document")


@dataclass(frozen=True)
class RetrievalConfig:
    # Which kinds of item to search (ablations use fewer).
    kinds: tuple[str, ...] = KINDS
    # Candidates taken from each ranked list (per kind, per ranker) before fusion.
    candidates_per_list: int = 30
    # Reciprocal rank fusion constant: score = sum(weight / (rrf_k + rank)).
    rrf_k: int = 10
    lexical_weight: float = 1.0
    vector_weight: float = 0.5
    # Relative weight of each kind of item after fusion.
    kind_weights: dict[str, float] = field(
        default_factory=lambda: {"memory": 1.0, "summary": 0.6, "message": 0.8, "document": 1.0}
    )
    # Relative weight of each memory type (missing types weigh 1.0).
    type_weights: dict[str, float] = field(default_factory=dict)
    # Recency: score *= (1 - recency_weight) + recency_weight * 0.5 ** (age / half-life), the
    # age measured from the newest candidate (conversation time, not the wall clock).
    recency_weight: float = 0.0
    recency_half_life_days: float = 30.0
    # A query that names one participant: their messages, and memories naming them, weigh
    # this much more. A query that names a day or month: items dated then weigh this more.
    subject_weight: float = 1.2
    date_weight: float = 1.5
    # The turns next to the best messages (what answered them, what they answered) join
    # the candidates at this share of their neighbour's score; 0 turns it off.
    neighbour_sources: int = 10
    neighbour_weight: float = 0.7
    # Vector hits below this cosine similarity are not candidates.
    min_similarity: float = 0.15
    # Items whose final score (1.0 = first in every list of its kind) is lower are dropped.
    min_score: float = 0.0
    # Two items whose word sets overlap more than this (Jaccard) are near-duplicates.
    dedup_jaccard: float = 0.8
    # Full-text search: PostgreSQL text search configuration and BM25 parameters.
    text_search_config: str = "english"
    bm25_k1: float = 1.2
    bm25_b: float = 0.75
    # Prefix archived messages and memories with the date they were said.
    show_dates: bool = True

    def kind_weight(self, kind: str) -> float:
        return float(self.kind_weights.get(kind, 1.0))

    def type_weight(self, memory_type: str) -> float:
        return float(self.type_weights.get(memory_type, 1.0)) if memory_type else 1.0


_SETTING_NAMES: dict[str, str] = {
    "kinds": "RETRIEVAL_KINDS",
    "candidates_per_list": "RETRIEVAL_CANDIDATES_PER_LIST",
    "rrf_k": "RETRIEVAL_RRF_K",
    "lexical_weight": "RETRIEVAL_LEXICAL_WEIGHT",
    "vector_weight": "RETRIEVAL_VECTOR_WEIGHT",
    "kind_weights": "RETRIEVAL_KIND_WEIGHTS",
    "type_weights": "RETRIEVAL_TYPE_WEIGHTS",
    "recency_weight": "RETRIEVAL_RECENCY_WEIGHT",
    "recency_half_life_days": "RETRIEVAL_RECENCY_HALF_LIFE_DAYS",
    "subject_weight": "RETRIEVAL_SUBJECT_WEIGHT",
    "date_weight": "RETRIEVAL_DATE_WEIGHT",
    "neighbour_sources": "RETRIEVAL_NEIGHBOUR_SOURCES",
    "neighbour_weight": "RETRIEVAL_NEIGHBOUR_WEIGHT",
    "min_similarity": "RETRIEVAL_MIN_SIMILARITY",
    "min_score": "RETRIEVAL_MIN_SCORE",
    "dedup_jaccard": "RETRIEVAL_DEDUP_JACCARD",
    "text_search_config": "RETRIEVAL_TEXT_SEARCH_CONFIG",
    "bm25_k1": "RETRIEVAL_BM25_K1",
    "bm25_b": "RETRIEVAL_BM25_B",
    "show_dates": "RETRIEVAL_SHOW_DATES",
}


def load_config(**overrides: Any) -> RetrievalConfig:
    """The configuration from settings, with keyword overrides (field names) on top. Without
    overrides it is read once and kept (frozen) until a setting changes: every chat turn asks
    for it twice, and reading its settings one by one cost more than the rest of the call."""
    global _from_settings
    if not overrides:
        kept = _from_settings
        if kept is None:
            kept = _from_settings = _read_config()
        return kept
    return _read_config(**overrides)


_from_settings: RetrievalConfig | None = None


def _forget_config(**_: Any) -> None:
    global _from_settings
    _from_settings = None


setting_changed.connect(_forget_config)


def _read_config(**overrides: Any) -> RetrievalConfig:
    values: dict[str, Any] = {}
    for field_name, setting_name in _SETTING_NAMES.items():
        if hasattr(settings, setting_name):
            values[field_name] = getattr(settings, setting_name)
    values.update(overrides)
    if "kinds" in values:
        values["kinds"] = tuple(values["kinds"])
    return RetrievalConfig(**values)
