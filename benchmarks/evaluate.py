"""Evidence recall of the chat's retrieval, and of the baselines, on loaded conversations.

For every question the product's retrieval runs exactly as the chat runs it
(``memories.context.retrieve`` with the retrieved layer's budget and every message archived).
Latency is measured in a second pass over the same questions, with nothing but retrieval
running in between, from the call to its return: query embedding included. Baselines get the same budget and the same rendering of
turns (``[date] Speaker: text``, counted in cl100k tokens):

- ``recent``: the newest turns only (what a chat without memory would keep);
- ``bm25_turns``: Okapi BM25 over the turns;
- ``vector_turns``: cosine similarity over the archived turns' vectors (the same embedder and
  vector store as the product).

Each method packs its ranked items best first and skips what does not fit."""

from __future__ import annotations

import math
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from benchmarks.bm25 import BM25
from benchmarks.loader import LoadedConversation
from benchmarks.locomo import CATEGORY_NAMES, evidence_recall
from drawhisper.providers.registry import get_embedder
from drawhisper.tokens import count_tokens
from memories.retrieval.candidates import Candidate, load_messages
from memories.retrieval.config import load_config
from memories.retrieval.scope import Scope, scope_for_thread
from memories.vectorstores import VectorFilter, get_vector_store

METHODS = ("drawhisper", "recent", "bm25_turns", "vector_turns")
WARM_UP_QUERIES = 3


@dataclass
class MethodScores:
    recall: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    tokens: list[int] = field(default_factory=list)
    items: list[int] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)

    def add(
        self, category: int, recall: float, tokens: int, items: int, latency_ms: float | None
    ) -> None:
        self.recall[category].append(recall)
        self.tokens.append(tokens)
        self.items.append(items)
        if latency_ms is not None:
            self.latency_ms.append(latency_ms)

    def summary(self) -> dict:
        every = [value for values in self.recall.values() for value in values]
        result = {
            "questions": len(every),
            "recall": {
                CATEGORY_NAMES.get(category, str(category)): _percent(values)
                for category, values in sorted(self.recall.items())
            },
            "overall_recall": _percent(every),
            "all_evidence_share": _percent([1.0 if value >= 1.0 else 0.0 for value in every]),
            "mean_tokens": round(sum(self.tokens) / len(self.tokens), 1) if self.tokens else 0.0,
            "mean_items": round(sum(self.items) / len(self.items), 1) if self.items else 0.0,
        }
        if self.latency_ms:
            result["latency_ms"] = {
                "p50": round(percentile(self.latency_ms, 50), 2),
                "p95": round(percentile(self.latency_ms, 95), 2),
                "mean": round(sum(self.latency_ms) / len(self.latency_ms), 2),
                "max": round(max(self.latency_ms), 2),
            }
        return result


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


def pack(ranked: Sequence[Candidate], budget: int) -> list[Candidate]:
    chosen, used = [], 0
    for candidate in ranked:
        if used + candidate.tokens <= budget:
            chosen.append(candidate)
            used += candidate.tokens
    return chosen


@dataclass
class _Turns:
    """The conversation's turns rendered as retrieval renders archived messages."""

    by_seq: dict[int, Candidate]
    by_id: dict[int, Candidate]
    ordered: list[Candidate]
    bm25: BM25


def _turns(loaded: LoadedConversation, scope: Scope) -> _Turns:
    from chat.models import Message

    ids = list(Message.objects.filter(thread_id=loaded.thread_id).values_list("id", flat=True))
    by_id = load_messages(ids, scope=scope, config=load_config())
    ordered = sorted(by_id.values(), key=lambda c: c.start_seq or 0)
    return _Turns(
        by_seq={c.start_seq: c for c in ordered if c.start_seq is not None},
        by_id=by_id,
        ordered=ordered,
        bm25=BM25([c.body for c in ordered]),
    )


def evaluate(
    conversations: Sequence[LoadedConversation],
    *,
    budget: int,
    baselines: bool = True,
    progress: Callable[[int], None] | None = None,
) -> dict:
    from memories.context import retrieve

    tick = progress or (lambda _n: None)
    methods = {name: MethodScores() for name in (METHODS if baselines else METHODS[:1])}
    per_conversation = []
    owns: dict[str, MethodScores] = {}
    embedder = get_embedder()
    store = get_vector_store()
    for loaded in conversations:
        scope = scope_for_thread(thread_id=loaded.thread_id)
        turns = _turns(loaded, scope)
        before_seq = loaded.last_seq + 1
        own = owns[loaded.conversation.sample_id] = MethodScores()
        for question in loaded.conversation.questions:
            evidence = loaded.evidence_seqs(question.evidence)
            items = retrieve(
                thread_id=loaded.thread_id,
                query=question.question,
                budget_tokens=budget,
                before_seq=before_seq,
            )
            covered: set[int] = set()
            for item in items:
                covered |= loaded.cover(item.kind, item.id, item.start_seq, item.end_seq)
            recall = evidence_recall(evidence, covered)
            tokens = sum(item.tokens for item in items)
            for scores in (methods["drawhisper"], own):
                scores.add(question.category, recall, tokens, len(items), None)
            if baselines:
                ranked = {
                    "recent": _recent(turns, budget),
                    "bm25_turns": pack(
                        [turns.ordered[i] for i in turns.bm25.ranking(question.question)], budget
                    ),
                    "vector_turns": pack(
                        _vector_turns(embedder, store, scope, turns, question.question), budget
                    ),
                }
                for name, chosen in ranked.items():
                    seqs = {c.start_seq for c in chosen}
                    methods[name].add(
                        question.category,
                        evidence_recall(evidence, seqs),
                        sum(c.tokens for c in chosen),
                        len(chosen),
                        None,
                    )
            tick(1)
    # Latency in a pass of its own, with nothing but retrieval running in between.
    for loaded in conversations:
        before_seq = loaded.last_seq + 1
        for question in loaded.conversation.questions[:WARM_UP_QUERIES]:
            retrieve(
                thread_id=loaded.thread_id,
                query=question.question,
                budget_tokens=budget,
                before_seq=before_seq,
            )
        for question in loaded.conversation.questions:
            started = time.perf_counter()
            retrieve(
                thread_id=loaded.thread_id,
                query=question.question,
                budget_tokens=budget,
                before_seq=before_seq,
            )
            latency_ms = (time.perf_counter() - started) * 1000
            methods["drawhisper"].latency_ms.append(latency_ms)
            owns[loaded.conversation.sample_id].latency_ms.append(latency_ms)
            tick(1)
    for loaded in conversations:
        own = owns[loaded.conversation.sample_id]
        # The full history as ``Speaker: text`` lines, without dates.
        turns = _turns(loaded, scope_for_thread(thread_id=loaded.thread_id))
        per_conversation.append(
            {
                "sample_id": loaded.conversation.sample_id,
                "turns": len(loaded.conversation.turns),
                "memories": len(loaded.memory_cover),
                "summaries": len(loaded.summary_cover),
                "full_history_tokens": sum(count_tokens(c.body) for c in turns.ordered),
                **own.summary(),
            }
        )
    full = [entry["full_history_tokens"] for entry in per_conversation]
    return {
        "budget_tokens": budget,
        "methods": {name: scores.summary() for name, scores in methods.items()},
        "full_history_tokens": {
            "mean": round(sum(full) / len(full), 1) if full else 0.0,
            "per_conversation": full,
        },
        "conversations": per_conversation,
    }


def _recent(turns: _Turns, budget: int) -> list[Candidate]:
    chosen, used = [], 0
    for candidate in reversed(turns.ordered):
        if used + candidate.tokens > budget:
            break
        chosen.append(candidate)
        used += candidate.tokens
    return chosen


def _vector_turns(embedder, store, scope: Scope, turns: _Turns, query: str) -> list[Candidate]:
    hits = store.query(
        embedder.embed_query(query),
        filter=VectorFilter(
            owner=scope.owner_id,
            character=scope.character_id,
            thread=scope.thread_id,
            kinds=("message",),
            status=None,
        ),
        top_k=200,
    )
    ranked = []
    for hit in hits:
        source = hit.metadata.get("source_id")
        candidate = turns.by_id.get(int(source)) if source is not None else None
        if candidate is not None:
            ranked.append(candidate)
    return ranked
