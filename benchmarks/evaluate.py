"""Evidence recall and answer coverage of the chat's retrieval, and of baselines, on loaded
conversations.

For every question the product's retrieval runs exactly as the chat runs it
(``memories.context.retrieve`` with the retrieved layer's budget and every message archived).
Latency is measured in a second pass over the same questions, with nothing but retrieval
running in between, from the call to its return: query embedding included (the query vector
cache is emptied before each timed call), beside a bare query embedding timed in the same
pass.

Baselines get the same budget, the same rendering of items (``[date] Speaker: text`` for a
turn, as retrieval renders it, counted in cl100k tokens) and the same scoring
(``benchmarks.scoring``), in the same run. Over the turns alone:

- ``recent``: the newest turns only (what a chat without memory would keep);
- ``bm25_turns``: Okapi BM25 over the turns;
- ``vector_turns``: cosine similarity over the archived turns' vectors (the same embedder and
  vector store as the product);
- ``fusion_turns``: both lists fused by reciprocal rank fusion (k = 60, equal weights).

Like for like, over the same items the product searches (its memories, summaries and
archived messages, in one pool, as a generic memory library would hold them):

- ``bm25_items``, ``vector_items`` (one mixed vector query), ``fusion_items``.

Each method packs its ranked items best first and skips what does not fit."""

from __future__ import annotations

import math
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from benchmarks.answering import GRADED_CATEGORIES, Answering, answer_and_grade
from benchmarks.bm25 import BM25
from benchmarks.loader import LoadedConversation
from benchmarks.locomo import CATEGORY_NAMES, Question, evidence_recall
from benchmarks.scoring import DEFAULT_SCORING, SCORINGS, answer_coverage
from drawhisper.providers.registry import get_embedder
from drawhisper.tokens import count_tokens
from memories.index import VectorFilter, get_vector_store
from memories.retrieval import (
    Candidate,
    Scope,
    clear_query_embedding_cache,
    load_candidates,
    load_config,
    memories_in_scope,
    scope_for_thread,
    summaries_in_scope,
)

PRODUCT = "drawhisper"
TURN_BASELINES = ("recent", "bm25_turns", "vector_turns", "fusion_turns")
ITEM_BASELINES = ("bm25_items", "vector_items", "fusion_items")
METHODS = (PRODUCT, *TURN_BASELINES, *ITEM_BASELINES)
WARM_UP_QUERIES = 3
BASELINE_RRF_K = 60
VECTOR_DEPTH = 300
# Answer coverage is measured on the questions that have a gold answer (not adversarial).
ANSWERED_CATEGORIES = (1, 2, 3, 4)


@dataclass
class MethodScores:
    recall: dict[str, dict[int, list[float]]] = field(
        default_factory=lambda: {scoring: defaultdict(list) for scoring in SCORINGS}
    )
    coverage: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    tokens: list[int] = field(default_factory=list)
    items: list[int] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)
    # LLM-judge verdicts (1.0 CORRECT, 0.0 WRONG) per category, and provider errors.
    judged: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    judge_errors: int = 0

    def add(
        self,
        category: int,
        recall: dict[str, float],
        coverage: float | None,
        tokens: int,
        items: int,
    ) -> None:
        for scoring, value in recall.items():
            self.recall[scoring][category].append(value)
        if coverage is not None:
            self.coverage[category].append(coverage)
        self.tokens.append(tokens)
        self.items.append(items)

    def merge(self, other: MethodScores) -> None:
        for scoring, per_category in other.recall.items():
            for category, values in per_category.items():
                self.recall[scoring][category].extend(values)
        for category, values in other.coverage.items():
            self.coverage[category].extend(values)
        self.tokens.extend(other.tokens)
        self.items.extend(other.items)
        self.latency_ms.extend(other.latency_ms)
        for category, values in other.judged.items():
            self.judged[category].extend(values)
        self.judge_errors += other.judge_errors

    def summary(self, scoring: str = DEFAULT_SCORING) -> dict:
        by_scoring = {}
        for name, per_category in self.recall.items():
            every = [value for values in per_category.values() for value in values]
            by_scoring[name] = {
                "overall": _percent(every),
                "by_category": _per_category(per_category),
                "all_evidence_share": _percent([1.0 if v >= 1.0 else 0.0 for v in every]),
            }
        headline = by_scoring[scoring]
        covered = [value for values in self.coverage.values() for value in values]
        result = {
            "questions": len(self.tokens),
            "recall": headline["by_category"],
            "overall_recall": headline["overall"],
            "all_evidence_share": headline["all_evidence_share"],
            "recall_by_scoring": {name: by_scoring[name]["overall"] for name in SCORINGS},
            "answer_coverage": {
                **_per_category(self.coverage),
                "overall": _percent(covered) if covered else None,
            },
            "answer_coverage_questions": len(covered),
            "mean_tokens": round(sum(self.tokens) / len(self.tokens), 1) if self.tokens else 0.0,
            "mean_items": round(sum(self.items) / len(self.items), 1) if self.items else 0.0,
        }
        if self.judged:
            every = [value for values in self.judged.values() for value in values]
            result["j"] = {**_per_category(self.judged), "overall": _percent(every)}
            result["j_questions"] = len(every)
            result["j_errors"] = self.judge_errors
        if self.latency_ms:
            result["latency_ms"] = {
                "p50": round(percentile(self.latency_ms, 50), 2),
                "p95": round(percentile(self.latency_ms, 95), 2),
                "mean": round(sum(self.latency_ms) / len(self.latency_ms), 2),
                "max": round(max(self.latency_ms), 2),
            }
        return result


def _per_category(per_category: dict[int, list[float]]) -> dict[str, float]:
    return {
        CATEGORY_NAMES.get(category, str(category)): _percent(values)
        for category, values in sorted(per_category.items())
    }


def _percent(values: Sequence[float]) -> float:
    return round(100 * sum(values) / len(values), 1) if values else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (as numpy's default), without numpy."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


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


class _Scorer:
    """Scores the items one method retrieved for one question, under every scoring rule."""

    def __init__(self, loaded: LoadedConversation, question: Question) -> None:
        self.loaded = loaded
        self.question = question
        self.evidence = loaded.evidence_seqs(question.evidence)

    def score(self, scores: Iterable[MethodScores], items: Sequence) -> None:
        recall = {}
        for scoring in SCORINGS:
            covered: set[int] = set()
            for item in items:
                covered |= self.loaded.cover(
                    item.kind, item.id, item.start_seq, item.end_seq, scoring=scoring
                )
            recall[scoring] = evidence_recall(self.evidence, covered)
        coverage = (
            answer_coverage(self.question.answer, (item.text for item in items))
            if self.question.category in ANSWERED_CATEGORIES and self.question.answer
            else None
        )
        tokens = sum(item.tokens for item in items)
        for target in scores:
            target.add(self.question.category, recall, coverage, tokens, len(items))


def evaluate(
    conversations: Sequence[LoadedConversation],
    *,
    budget: int,
    baselines: bool = True,
    scoring: str = DEFAULT_SCORING,
    tuned_on: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    answer: Answering | None = None,
    latency: bool = True,
    embedding_options: Sequence[tuple[str, object]] = (),
) -> dict:
    """Score every method on ``conversations``. With ``answer``, its methods also answer
    each graded question from what they retrieved and the judge grades it (J); without
    ``latency`` the timed pass is skipped (and ``progress`` hears once per question).
    ``embedding_options``: ``(name, embedder)`` pairs whose bare query embedding is timed on
    every question of the timed pass too, beside the configured one (same run, same items)."""
    from memories.context import retrieve

    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}")
    tick = progress or (lambda _n: None)
    names = METHODS if baselines else (PRODUCT,)
    methods = {name: MethodScores() for name in names}
    owns: dict[str, dict[str, MethodScores]] = {}
    embedder = get_embedder()
    store = get_vector_store()
    for loaded in conversations:
        scope = scope_for_thread(thread_id=loaded.thread_id)
        pools = _pools(loaded, scope) if baselines else None
        before_seq = loaded.last_seq + 1
        own = owns[loaded.conversation.sample_id] = {name: MethodScores() for name in names}
        for question in loaded.conversation.questions:
            scorer = _Scorer(loaded, question)
            items = retrieve(
                thread_id=loaded.thread_id,
                query=question.question,
                budget_tokens=budget,
                before_seq=before_seq,
            )
            scorer.score((methods[PRODUCT], own[PRODUCT]), items)
            chosen_by_method: dict[str, Sequence] = {PRODUCT: items}
            if pools is not None:
                query = question.question
                query_vector = embedder.embed_query(query)
                bm25_turns = pools.turns.bm25_ranking(query)
                vector_turns = _vector_ranking(store, scope, pools.turns, query_vector, "message")
                bm25_items = pools.items.bm25_ranking(query)
                vector_items = _vector_ranking(store, scope, pools.items, query_vector, None)
                ranked = {
                    "recent": _recent(pools.turns, budget),
                    "bm25_turns": pack(bm25_turns, budget),
                    "vector_turns": pack(vector_turns, budget),
                    "fusion_turns": pack(fuse([bm25_turns, vector_turns]), budget),
                    "bm25_items": pack(bm25_items, budget),
                    "vector_items": pack(vector_items, budget),
                    "fusion_items": pack(fuse([bm25_items, vector_items]), budget),
                }
                for name, chosen in ranked.items():
                    scorer.score((methods[name], own[name]), chosen)
                chosen_by_method.update(ranked)
            if answer is not None:
                _judge(answer, loaded, question, chosen_by_method, methods, own)
            tick(1)
    # Latency in a pass of its own, with nothing but retrieval running in between. Each
    # question is timed cold (its query embedding computed: the figure reported), then its
    # bare query embedding (the baseline of the same run), then warm (the query vector
    # cached, as when a reply is regenerated).
    embedding_ms: list[float] = []
    warm_ms: list[float] = []
    option_ms: dict[str, list[float]] = {name: [] for name, _ in embedding_options}
    for _name, option in embedding_options:
        option.embed_query("warm up")  # loaded before the pass, not inside it
    load_before = _load_average()
    for loaded in conversations if latency else ():
        before_seq = loaded.last_seq + 1

        def timed(query: str, loaded=loaded, before_seq=before_seq) -> float:
            started = time.perf_counter()
            retrieve(
                thread_id=loaded.thread_id,
                query=query,
                budget_tokens=budget,
                before_seq=before_seq,
            )
            return (time.perf_counter() - started) * 1000

        for question in loaded.conversation.questions[:WARM_UP_QUERIES]:
            timed(question.question)
        for question in loaded.conversation.questions:
            clear_query_embedding_cache()
            latency_ms = timed(question.question)
            started = time.perf_counter()
            embedder.embed_query(question.question)
            embedding_ms.append((time.perf_counter() - started) * 1000)
            warm_ms.append(timed(question.question))
            for name, option in embedding_options:
                started = time.perf_counter()
                option.embed_query(question.question)
                option_ms[name].append((time.perf_counter() - started) * 1000)
            methods[PRODUCT].latency_ms.append(latency_ms)
            owns[loaded.conversation.sample_id][PRODUCT].latency_ms.append(latency_ms)
            tick(1)
    per_conversation = []
    for loaded in conversations:
        own = owns[loaded.conversation.sample_id]
        # The full history as ``Speaker: text`` lines, without dates.
        turns = _pools(loaded, scope_for_thread(thread_id=loaded.thread_id)).turns
        per_conversation.append(
            {
                "sample_id": loaded.conversation.sample_id,
                "turns": len(loaded.conversation.turns),
                "memories": len(loaded.memory_cover),
                "summaries": len(loaded.summary_cover),
                **(
                    {"failed_sessions": [session for session, _ in loaded.failed_sessions]}
                    if loaded.memories == "pipeline"
                    else {}
                ),
                "full_history_tokens": sum(count_tokens(c.body) for c in turns.ordered),
                **own[PRODUCT].summary(scoring),
                "methods": {name: scores.summary(scoring) for name, scores in own.items()},
            }
        )
    full = [entry["full_history_tokens"] for entry in per_conversation]
    results = {
        "scoring": scoring,
        "budget_tokens": budget,
        "methods": {name: scores.summary(scoring) for name, scores in methods.items()},
        "full_history_tokens": {
            "mean": round(sum(full) / len(full), 1) if full else 0.0,
            "per_conversation": full,
        },
        "latency_ms": _latency(
            methods[PRODUCT].latency_ms,
            warm_ms,
            embedding_ms,
            options=option_ms,
            machine={
                "cpus": os.cpu_count(),
                "load_average_before": load_before,
                "load_average_after": _load_average(),
            },
        )
        if latency
        else None,
        "conversations": per_conversation,
    }
    if tuned_on:
        results["groups"] = _groups(owns, tuned_on, scoring)
    return results


def _judge(
    answer: Answering,
    loaded: LoadedConversation,
    question: Question,
    chosen_by_method: dict[str, Sequence],
    methods: dict[str, MethodScores],
    own: dict[str, MethodScores],
) -> None:
    """Each answering method answers ``question`` from its own items; the judge grades it."""
    if question.category not in GRADED_CATEGORIES or not question.answer:
        return
    conversation = loaded.conversation
    for name in answer.methods:
        chosen = chosen_by_method.get(name)
        if chosen is None:
            continue
        graded = answer_and_grade(
            answer.llm,
            answer.judge,
            question=question.question,
            gold_answer=question.answer,
            texts=[item.text for item in chosen],
            speaker_a=conversation.speaker_a,
            speaker_b=conversation.speaker_b,
        )
        for target in (methods[name], own[name]):
            target.judged[question.category].append(1.0 if graded.correct else 0.0)
            target.judge_errors += bool(graded.error)


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


def _groups(owns: dict[str, dict[str, MethodScores]], tuned_on: Sequence[str], scoring: str):
    """Every method's figures over the samples tuned on, and over the others."""
    groups = {}
    for label, samples in (
        ("tuned_on", [s for s in owns if s in tuned_on]),
        ("not_tuned_on", [s for s in owns if s not in tuned_on]),
    ):
        if not samples:
            continue
        merged: dict[str, MethodScores] = {}
        for sample in samples:
            for name, scores in owns[sample].items():
                merged.setdefault(name, MethodScores()).merge(scores)
        groups[label] = {
            "samples": samples,
            "methods": {name: scores.summary(scoring) for name, scores in merged.items()},
        }
    return groups


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
