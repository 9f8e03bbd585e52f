"""Hybrid retrieval: the memories, summaries, archived messages and lore-document chunks
worth showing for a query.

Steps, each tunable through ``RETRIEVAL_*`` settings (see ``config.py``):

1. embed the query (in a worker thread, while the database does step 2, together with the
   queries of other turns asking at the same moment: ``query_batch.py``), unless the same
   query was embedded lately (a regenerated reply asks it again);
2. rank every kind with BM25 over PostgreSQL full-text search (one statement);
3. ask the vector store per kind, scoped to owner, character and thread;
4. drop what is out of scope (the database decides), then fuse the two ranked lists of each
   kind by reciprocal rank fusion, normalised so that 1.0 is "first in both";
5. weigh by kind and memory type, by whom and when the query names (``signals.py``); bring
   in the turns just before and after the best messages at a share of their score (the
   reply to a matching question, what a matching answer replied to); weigh by recency;
   drop items under the minimum score;
6. walk the items best first, dropping near-duplicates (token-set Jaccard) and packing the
   rest into the token budget, skipping what does not fit.

If the embedder or the vector store fails, retrieval goes on with full-text search alone:
a chat reply never fails because of it."""

from __future__ import annotations

import logging
import math
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace

from drawhisper.providers.registry import get_embedder
from memories.contracts import ContextItem
from memories.retrieval.candidates import Candidate, load_candidates
from memories.retrieval.config import KINDS, RetrievalConfig, load_config
from memories.retrieval.dedup import distinct
from memories.retrieval.fusion import reciprocal_rank_fusion
from memories.retrieval.lexical import bm25_search
from memories.retrieval.packing import pack_to_budget
from memories.retrieval.query_batch import QueryBatcher
from memories.retrieval.scope import Scope, scope_for_thread
from memories.retrieval.semantic import vector_search
from memories.retrieval.signals import about_subject, date_mentions, query_subject
from memories.texts import memory_shown_title

logger = logging.getLogger(__name__)

# Query embeddings run on the batcher's threads, so the model and the database work at the
# same time, and the queries of concurrent turns share one model call. The threads never touch
# the database (Django connections are per thread).
query_batcher = QueryBatcher()

# Query vectors kept, most recently used first (384 floats each: about 1.5 MB for 256).
QUERY_EMBEDDING_CACHE_SIZE = 256

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
    scope: Scope | None = None,
) -> list[ContextItem]:
    """What to show the model for ``query`` in this thread, best first, within the budget.
    ``scope``: the thread's scope when the caller read it for this query (``scope_of_turn``),
    else it is read here."""
    if budget_tokens <= 0 or not query.strip():
        return []
    config = config or load_config()
    embedding = start_query_embedding(query, config)  # while the database works below
    if scope is not None:
        scope = replace(
            scope,
            before_seq=before_seq,
            exclude_memory_ids=scope.exclude_memory_ids
            | frozenset(int(pk) for pk in exclude_memory_ids),
        )
    else:
        scope = scope_for_thread(
            thread_id=thread_id,
            before_seq=before_seq,
            exclude_memory_ids=exclude_memory_ids,
            query=query if config.lexical_weight > 0 else None,
            text_search_config=config.text_search_config,
        )
    ranked = rank_candidates(scope=scope, query=query, config=config, embedding=embedding)
    unique = distinct(
        ranked, text_of=lambda scored: scored.candidate.body, threshold=config.dedup_jaccard
    )
    packed = pack_to_budget(
        unique, budget_tokens=budget_tokens, tokens_of=lambda scored: scored.candidate.tokens
    )
    return [_context_item(scored) for scored in packed]


def rank_candidates(
    *, scope: Scope, query: str, config: RetrievalConfig, embedding: Future | None = None
) -> list[ScoredCandidate]:
    """Every candidate in scope with its final score, best first, above the minimum score.
    ``embedding``: the query's embedding, already started (else it is started here)."""
    depth = config.candidates_per_list
    kinds = tuple(
        kind
        for kind in config.kinds
        if kind in KINDS and (kind != "document" or scope.document_ids)
    )
    if embedding is None:
        embedding = start_query_embedding(query, config)
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
        document_chunk_ids=[key for key in keys("document") if isinstance(key, int)],
        message_neighbours=config.neighbour_sources > 0 and config.neighbour_weight > 0,
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

    scored = _apply_signals(scored, query=query, scope=scope, config=config)
    scored = _add_neighbours(scored, scope=scope, config=config, loaded=loaded["message"])
    scored = _apply_recency(scored, config)
    scored = [item for item in scored if item.score >= config.min_score]
    scored.sort(key=lambda item: (-item.score, item.candidate.kind, item.candidate.id))
    return scored


class _QueryEmbeddings:
    """The latest query embeddings by (model, text), as futures: one started before the
    database work of a retrieval is picked up by it, and a regenerated or continued reply,
    which asks the same question again, does not embed it twice. A failed embedding is not
    kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._futures: OrderedDict[tuple[str, str], Future] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, key: tuple[str, str], embedder) -> Future:
        with self._lock:
            future = self._futures.get(key)
            if future is not None:
                self._futures.move_to_end(key)
                return future
            future = query_batcher.submit(key=key[0], embedder=embedder, text=key[1])
            self._futures[key] = future
            while len(self._futures) > self.size:
                self._futures.popitem(last=False)
        future.add_done_callback(lambda done: self._forget_failed(key, done))
        return future

    def _forget_failed(self, key: tuple[str, str], future: Future) -> None:
        if future.cancelled() or future.exception() is not None:
            with self._lock:
                if self._futures.get(key) is future:
                    del self._futures[key]

    def clear(self) -> None:
        with self._lock:
            self._futures.clear()


_query_embeddings = _QueryEmbeddings(QUERY_EMBEDDING_CACHE_SIZE)


def clear_query_embedding_cache() -> None:
    """Forget every cached query vector (after a model change; benchmarks timing cold)."""
    _query_embeddings.clear()


def start_query_embedding(query: str, config: RetrievalConfig | None = None) -> Future | None:
    """Start embedding ``query`` in a worker thread (or find it started or done), so that a
    caller can do its database work meanwhile; None when vectors are off or unavailable."""
    config = config or load_config()
    if config.vector_weight <= 0 or not query.strip():
        return None
    try:
        embedder = get_embedder()
    except Exception:  # a misconfigured embedder: full-text search alone
        logger.warning("retrieval.embedder_unavailable", exc_info=True)
        return None
    key = (str(getattr(embedder, "model_id", type(embedder).__name__)), query)
    return _query_embeddings.start(key, embedder)


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


def _add_neighbours(
    scored: list[ScoredCandidate],
    *,
    scope: Scope,
    config: RetrievalConfig,
    loaded: dict[int, Candidate] | None = None,
) -> list[ScoredCandidate]:
    """The turns just before and after the best messages, scored from them. ``loaded``: the
    messages already read with their neighbours (else the neighbours are read here)."""
    if config.neighbour_sources <= 0 or config.neighbour_weight <= 0:
        return scored
    messages = sorted(
        (item for item in scored if item.candidate.kind == "message"),
        key=lambda item: -item.score,
    )[: config.neighbour_sources]
    if not messages:
        return scored
    by_seq = {
        item.candidate.start_seq: index
        for index, item in enumerate(scored)
        if item.candidate.kind == "message"
    }
    offered: dict[int, float] = {}
    for item in messages:
        seq = item.candidate.start_seq or 0
        for neighbour in (seq - 1, seq + 1):
            propagated = item.score * config.neighbour_weight
            offered[neighbour] = max(offered.get(neighbour, 0.0), propagated)
    result = list(scored)
    for seq, propagated in offered.items():
        index = by_seq.get(seq)
        if index is not None and result[index].score < propagated:
            result[index] = replace(result[index], score=propagated)
    missing = [seq for seq in offered if seq not in by_seq and seq > 0]
    if missing:
        if loaded is None:
            loaded, _ = load_candidates(scope=scope, config=config, message_seqs=missing)
            loaded = loaded["message"]
        # Read with their neighbours: a turn missing here is out of scope.
        by_loaded_seq = {candidate.start_seq: candidate for candidate in loaded.values()}
        for seq in sorted(missing):
            candidate = by_loaded_seq.get(seq)
            if candidate is not None:
                result.append(ScoredCandidate(candidate, offered[seq]))
    return result


def _apply_signals(
    scored: list[ScoredCandidate], *, query: str, scope: Scope, config: RetrievalConfig
) -> list[ScoredCandidate]:
    """Weigh by whom and when the query names (``signals``)."""
    subject = (
        query_subject(query, user_name=scope.user_name, character_name=scope.character_name)
        if config.subject_weight != 1.0
        else None
    )
    dates = date_mentions(query) if config.date_weight != 1.0 else ()
    if (subject is None or subject.role is None) and not dates:
        return scored
    adjusted = []
    for item in scored:
        candidate, factor = item.candidate, 1.0
        if subject is not None and about_subject(
            subject,
            kind=candidate.kind,
            role=candidate.type,
            title=candidate.title,
            text=candidate.body,
        ):
            factor *= config.subject_weight
        if dates and any(mention.matches(candidate.time) for mention in dates):
            factor *= config.date_weight
        adjusted.append(replace(item, score=item.score * factor) if factor != 1.0 else item)
    return adjusted


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
        if moment is None and item.candidate.kind == "document":
            adjusted.append(item)  # a document is not said at a time: recency does not apply
            continue
        age = (newest - moment).total_seconds() if moment is not None else half_life_seconds * 10
        decay = math.pow(0.5, max(age, 0.0) / half_life_seconds)
        factor = (1 - config.recency_weight) + config.recency_weight * decay
        adjusted.append(replace(item, score=item.score * factor))
    return adjusted


def _context_item(scored: ScoredCandidate) -> ContextItem:
    candidate = scored.candidate
    title = candidate.title
    if candidate.kind == "memory":  # the receipt names an untitled memory by its first words
        title = memory_shown_title(title=title, content=candidate.body)
    return ContextItem(
        kind=candidate.kind,  # type: ignore[arg-type]
        id=candidate.id,
        text=candidate.text,
        tokens=candidate.tokens,
        score=round(scored.score, 4),
        title=title,
        type=candidate.type,
        start_seq=candidate.start_seq,
        end_seq=candidate.end_seq,
    )
