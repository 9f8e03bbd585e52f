"""Hybrid retrieval: the memories, summaries and archived messages worth showing for a query.

Steps, each tunable through ``RETRIEVAL_*`` settings (see ``config.py``):

1. embed the query (in a worker thread, while the database does step 2);
2. rank every kind with BM25 over PostgreSQL full-text search (one statement);
3. ask the vector store per kind, scoped to owner, character and thread;
4. drop what is out of scope (the database decides), then fuse the two ranked lists of each
   kind by reciprocal rank fusion, normalised so that 1.0 is "first in both";
5. weigh by kind, memory type and recency; drop items under the minimum score;
6. walk the items best first, dropping near-duplicates (token-set Jaccard) and packing the
   rest into the token budget, skipping what does not fit.

If the embedder or the vector store fails, retrieval goes on with full-text search alone:
a chat reply never fails because of it."""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace

from drawhisper.providers.registry import get_embedder
from memories.contracts import ContextItem
from memories.retrieval.candidates import Candidate, load_candidates
from memories.retrieval.config import KINDS, RetrievalConfig, load_config
from memories.retrieval.dedup import distinct
from memories.retrieval.fusion import reciprocal_rank_fusion
from memories.retrieval.lexical import bm25_search
from memories.retrieval.packing import pack_to_budget
from memories.retrieval.scope import Scope, scope_for_thread
from memories.retrieval.semantic import vector_search

logger = logging.getLogger(__name__)

# Query embeddings run here, so the model and the database work at the same time. The
# threads never touch the database (Django connections are per thread).
_embedding_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="retrieval-embed")

Ranked = list[tuple[int | str, float]]


@dataclass(frozen=True)
class ScoredCandidate:
    candidate: Candidate
    score: float


def hybrid_search(
    *,
    thread_id: int,
    query: str,
    budget_tokens: int,
    exclude_memory_ids: Iterable[int] = (),
    before_seq: int | None = None,
    config: RetrievalConfig | None = None,
) -> list[ContextItem]:
    """What to show the model for ``query`` in this thread, best first, within the budget."""
    if budget_tokens <= 0 or not query.strip():
        return []
    config = config or load_config()
    scope = scope_for_thread(
        thread_id=thread_id, before_seq=before_seq, exclude_memory_ids=exclude_memory_ids
    )
    ranked = rank_candidates(scope=scope, query=query, config=config)
    unique = distinct(
        ranked, text_of=lambda scored: scored.candidate.body, threshold=config.dedup_jaccard
    )
    packed = pack_to_budget(
        unique, budget_tokens=budget_tokens, tokens_of=lambda scored: scored.candidate.tokens
    )
    return [_context_item(scored) for scored in packed]


def rank_candidates(*, scope: Scope, query: str, config: RetrievalConfig) -> list[ScoredCandidate]:
    """Every candidate in scope with its final score, best first, above the minimum score."""
    depth = config.candidates_per_list
    kinds = tuple(kind for kind in config.kinds if kind in KINDS)
    embedding = _start_embedding(query, config)
    lexical_lists: dict[str, Ranked] = (
        bm25_search(kinds, query=query, scope=scope, config=config, limit=depth)
        if config.lexical_weight > 0
        else {}
    )
    vector_lists = _vector_lists(embedding, kinds=kinds, scope=scope, config=config)

    def keys(kind: str) -> list[int | str]:
        return [key for key, _ in lexical_lists.get(kind, []) + vector_lists.get(kind, [])]

    loaded, memory_by_vector_id = load_candidates(
        scope=scope,
        config=config,
        memory_ids=[key for key in keys("memory") if isinstance(key, int)],
        memory_vector_ids=[key for key in keys("memory") if isinstance(key, str)],
        summary_ids=[key for key in keys("summary") if isinstance(key, int)],
        message_ids=[key for key in keys("message") if isinstance(key, int)],
    )

    scored: list[ScoredCandidate] = []
    for kind in kinds:
        rows = loaded[kind]

        def in_scope(pairs: Ranked, rows=rows) -> list[int]:
            ids: list[int] = []
            seen: set[int] = set()
            for key, _ in pairs:
                row_id = memory_by_vector_id.get(key) if isinstance(key, str) else key
                if row_id in rows and row_id not in seen:
                    seen.add(row_id)
                    ids.append(row_id)
            return ids[:depth]

        fused = reciprocal_rank_fusion(
            [in_scope(lexical_lists.get(kind, [])), in_scope(vector_lists.get(kind, []))],
            k=config.rrf_k,
            weights=[config.lexical_weight, config.vector_weight],
        )
        for row_id, fused_score in fused.items():
            candidate = rows[row_id]
            weight = config.kind_weight(kind)
            if kind == "memory":
                weight *= config.type_weight(candidate.type)
            scored.append(ScoredCandidate(candidate, fused_score * weight))

    scored = _apply_recency(scored, config)
    scored = [item for item in scored if item.score >= config.min_score]
    scored.sort(key=lambda item: (-item.score, item.candidate.kind, item.candidate.id))
    return scored


def _start_embedding(query: str, config: RetrievalConfig) -> Future | None:
    if config.vector_weight <= 0:
        return None
    try:
        embedder = get_embedder()
        return _embedding_pool.submit(embedder.embed_query, query)
    except Exception:  # a misconfigured embedder: full-text search alone
        logger.warning("retrieval.embedder_unavailable", exc_info=True)
        return None


def _vector_lists(
    embedding: Future | None, *, kinds: Sequence[str], scope: Scope, config: RetrievalConfig
) -> dict[str, Ranked]:
    if embedding is None:
        return {}
    try:
        query_vector = embedding.result()
        return vector_search(
            query_vector, kinds=kinds, scope=scope, config=config, limit=config.candidates_per_list
        )
    except Exception:  # degrade to full-text search; the chat reply must not fail on this
        logger.warning("retrieval.vector_search_failed", exc_info=True)
        return {}


def _apply_recency(scored: list[ScoredCandidate], config: RetrievalConfig) -> list[ScoredCandidate]:
    if config.recency_weight <= 0 or not scored:
        return scored
    times = [item.candidate.time for item in scored if item.candidate.time is not None]
    if not times:
        return scored
    newest = max(times)
    half_life_seconds = max(config.recency_half_life_days, 1e-6) * 86400
    adjusted = []
    for item in scored:
        moment = item.candidate.time
        age = (newest - moment).total_seconds() if moment is not None else half_life_seconds * 10
        decay = math.pow(0.5, max(age, 0.0) / half_life_seconds)
        factor = (1 - config.recency_weight) + config.recency_weight * decay
        adjusted.append(replace(item, score=item.score * factor))
    return adjusted


def _context_item(scored: ScoredCandidate) -> ContextItem:
    candidate = scored.candidate
    return ContextItem(
        kind=candidate.kind,  # type: ignore[arg-type]
        id=candidate.id,
        text=candidate.text,
        tokens=candidate.tokens,
        score=round(scored.score, 4),
        title=candidate.title,
        type=candidate.type,
        start_seq=candidate.start_seq,
        end_seq=candidate.end_seq,
    )
