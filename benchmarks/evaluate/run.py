"""``evaluate``: every method retrieves for every question of the loaded conversations in
one run, under the same budget and scoring; the answering methods answer and the judge grades
them (``_judge``); then a second pass times the product's retrieval beside a bare query
embedding.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence

from benchmarks.answering import GRADED_CATEGORIES, Answering, answer_and_grade
from benchmarks.evaluate.baselines import (
    ITEM_BASELINES,
    TURN_BASELINES,
    _pools,
    _recent,
    _vector_ranking,
    fuse,
    pack,
)
from benchmarks.evaluate.scores import MethodScores, _groups, _Scorer
from benchmarks.evaluate.timing import WARM_UP_QUERIES, _latency, _load_average
from benchmarks.loader import LoadedConversation
from benchmarks.locomo import Question
from benchmarks.scoring import DEFAULT_SCORING, SCORINGS
from drawhisper.providers.registry import get_embedder
from drawhisper.tokens import count_tokens
from memories.index import get_vector_store
from memories.retrieval import (
    clear_query_embedding_cache,
    scope_for_thread,
)

PRODUCT = "drawhisper"


METHODS = (PRODUCT, *TURN_BASELINES, *ITEM_BASELINES)


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
