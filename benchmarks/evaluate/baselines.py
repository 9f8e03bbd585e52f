"""The baselines' side of the evaluation: pools of items rendered as retrieval renders
them with a BM25 index each (turns alone, and memories, summaries and turns together), the
newest turns, a vector ranking from the product's vector store, reciprocal rank fusion and
packing into the budget best first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from benchmarks.bm25 import BM25
from benchmarks.loader import LoadedConversation
from memories.index import VectorFilter
from memories.retrieval import (
    Candidate,
    Scope,
    load_candidates,
    load_config,
    memories_in_scope,
    summaries_in_scope,
)

TURN_BASELINES = ("recent", "bm25_turns", "vector_turns", "fusion_turns")


ITEM_BASELINES = ("bm25_items", "vector_items", "fusion_items")


BASELINE_RRF_K = 60


VECTOR_DEPTH = 300


def pack(ranked: Iterable[Candidate], budget: int) -> list[Candidate]:
    chosen, used, seen = [], 0, set()
    for candidate in ranked:
        key = (candidate.kind, candidate.id)
        if key in seen:
            continue
        seen.add(key)
        if used + candidate.tokens <= budget:
            chosen.append(candidate)
            used += candidate.tokens
    return chosen


def fuse(rankings: Sequence[Sequence[Candidate]], k: int = BASELINE_RRF_K) -> list[Candidate]:
    """Reciprocal rank fusion with equal weights, best first (the textbook baseline)."""
    scores: dict[tuple[str, int], float] = {}
    by_key: dict[tuple[str, int], Candidate] = {}
    for ranking in rankings:
        seen = set()
        for rank, candidate in enumerate(ranking, start=1):
            key = (candidate.kind, candidate.id)
            if key in seen:
                continue
            seen.add(key)
            by_key[key] = candidate
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    return [by_key[key] for key in sorted(scores, key=lambda key: (-scores[key], key))]


@dataclass
class _Pool:
    """Items rendered as retrieval renders them, with a BM25 index over their text."""

    ordered: list[Candidate]
    by_key: dict[tuple[str, int], Candidate]
    bm25: BM25

    @classmethod
    def of(cls, candidates: Iterable[Candidate]) -> _Pool:
        ordered = sorted(candidates, key=lambda c: (c.start_seq or 0, c.kind, c.id))
        return cls(
            ordered=ordered,
            by_key={(c.kind, c.id): c for c in ordered},
            bm25=BM25([_indexed_text(c) for c in ordered]),
        )

    def bm25_ranking(self, query: str) -> list[Candidate]:
        return [self.ordered[i] for i in self.bm25.ranking(query)]


def _indexed_text(candidate: Candidate) -> str:
    # A memory's title (the speaker's name here) is part of what is embedded and searched.
    if candidate.kind == "memory" and candidate.title:
        return f"{candidate.title}: {candidate.body}"
    return candidate.body


@dataclass
class _Pools:
    turns: _Pool
    items: _Pool


def _pools(loaded: LoadedConversation, scope: Scope) -> _Pools:
    from chat.selectors import visible_messages

    config = load_config()
    message_ids = visible_messages(thread_id=loaded.thread_id).values_list("id", flat=True)
    rows, _ = load_candidates(
        scope=scope,
        config=config,
        memory_ids=memories_in_scope(scope).values_list("id", flat=True),
        summary_ids=summaries_in_scope(scope).values_list("id", flat=True),
        message_ids=list(message_ids),
    )
    turns = _Pool.of(rows["message"].values())
    items = _Pool.of([c for kind in ("memory", "summary", "message") for c in rows[kind].values()])
    return _Pools(turns=turns, items=items)


def _recent(turns: _Pool, budget: int) -> list[Candidate]:
    chosen, used = [], 0
    for candidate in reversed(turns.ordered):
        if used + candidate.tokens > budget:
            break
        chosen.append(candidate)
        used += candidate.tokens
    return chosen


def _vector_ranking(
    store, scope: Scope, pool: _Pool, query_vector, kind: str | None
) -> list[Candidate]:
    hits = store.query(
        query_vector,
        filter=VectorFilter(
            owner=scope.owner_id,
            character=scope.character_id,
            thread=scope.thread_id,
            kinds=(kind,) if kind else None,
            status=None,
        ),
        top_k=VECTOR_DEPTH,
    )
    ranked = []
    for hit in hits:
        hit_kind = hit.metadata.get("kind")
        source = hit.metadata.get("source_id")
        if source is None:
            continue
        candidate = pool.by_key.get((str(hit_kind), int(source)))
        if candidate is not None:
            ranked.append(candidate)
    return ranked
