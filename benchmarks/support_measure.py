"""The labelled set's run (``benchmarks.support_set``): the current local support check,
the one main had before it (read from git, ``benchmarks.support_previous``) and the one
before grounding (``benchmarks.support_baseline``), on the same chunks with the same
embeddings, with the current check's time and each local check's embedding calls per chunk.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from benchmarks.locomo import Conversation
from benchmarks.support_set import GROUPS, Check, Example, measure


class _RememberingEmbedder:
    """The configured embedder, each text embedded once per run (every fabricated chunk
    cites the same turns as its true one)."""

    def __init__(self, embedder) -> None:
        self.embedder = embedder
        self.queries: dict[str, list[float]] = {}
        self.documents: dict[str, list[float]] = {}

    def embed_query(self, text: str) -> list[float]:
        if text not in self.queries:
            self.queries[text] = self.embedder.embed_query(text)
        return self.queries[text]

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(text for text in texts if text not in self.documents))
        if missing:
            self.documents.update(zip(missing, self.embedder.embed_documents(missing), strict=True))
        return [self.documents[text] for text in texts]


class _CountingEmbedder:
    """The run's embedder as one check sees it, counting that check's embedding calls and
    the texts in them (what the check would ask of the embedding model with nothing kept
    between chunks), whether or not the shared embedder already had them."""

    def __init__(self, embedder) -> None:
        self.embedder = embedder
        self.calls = 0
        self.texts = 0

    def embed_query(self, text: str) -> list[float]:
        self.calls += 1
        self.texts += 1
        return self.embedder.embed_query(text)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        self.texts += len(texts)
        return self.embedder.embed_documents(texts)


def _per_chunk(counter: _CountingEmbedder, chunks: int) -> dict | None:
    if not chunks:
        return None
    return {
        "calls": round(counter.calls / chunks, 2),
        "texts": round(counter.texts / chunks, 1),
    }


def _local_check(check_module, embedder, threads: dict[str, tuple[str, ...]]) -> Check:
    """A local support check module's verdict (``local_support`` of the current module or
    of a revision's, ``benchmarks.support_previous``) as a labelled-set check."""

    def check(example: Example) -> bool:
        sources = [
            check_module.Source(speaker=m.speaker, content=m.content) for m in example.sources
        ]
        return check_module.local_support(
            title=example.title,
            content=example.content,
            sources=sources,
            people=example.people,
            embedder=embedder,
            thread=threads[example.sample_id],
        ).supported

    return check


def measure_support(
    conversations: Sequence[Conversation],
    *,
    progress: Callable[[int], None] | None = None,
    groups: Sequence[str] = GROUPS,
) -> dict:
    """The current local check (``memories.pipeline.local_support``), the one main had before
    it (``benchmarks.support_previous``, read from git at its revision) and the one before
    the labelled set (``benchmarks.support_baseline``) on the labelled set, with the
    configured embedder; the current check's own time per chunk with nothing embedded yet
    (``ms_per_chunk``: it runs first on each example, so it pays for every embedding the
    others then reuse), and each local check's embedding calls and texts per chunk
    (``embeddings_per_chunk``, counted apart for each, cached or not); only the chunks of
    ``groups`` are checked."""
    from benchmarks.support_baseline import baseline_supported
    from benchmarks.support_previous import REVISION, RevisionUnavailable, frozen_local_support
    from drawhisper.providers.registry import get_embedder
    from memories.pipeline import local_support as current_module

    embedder = _RememberingEmbedder(get_embedder())
    counters = {"current": _CountingEmbedder(embedder), "previous": _CountingEmbedder(embedder)}
    threads = {c.sample_id: tuple(turn.text for turn in c.turns) for c in conversations}
    current_check = _local_check(current_module, counters["current"], threads)
    try:
        previous = _local_check(frozen_local_support(REVISION), counters["previous"], threads)
        unavailable = None
    except RevisionUnavailable as error:
        previous = None  # a clone without that commit: the column is left out, and said so
        unavailable = str(error)
    spent = [0.0, 0]

    def current(example: Example) -> bool:
        started = time.perf_counter()
        supported = current_check(example)
        spent[0] += time.perf_counter() - started
        spent[1] += 1
        return supported

    def baseline(example: Example) -> bool:
        return baseline_supported(
            example.title, example.content, example.sources, embedder=embedder
        )

    checks = {"current": current, "previous": previous, "baseline": baseline}
    report = measure(
        conversations,
        {name: check for name, check in checks.items() if check},
        progress=progress,
        groups=groups,
    )
    report["previous_revision"] = REVISION
    if unavailable:
        report["previous_unavailable"] = unavailable
    report["ms_per_chunk"] = round(1000 * spent[0] / spent[1], 1) if spent[1] else None
    report["embeddings_per_chunk"] = {
        name: _per_chunk(counter, report["examples"])
        for name, counter in counters.items()
        if name in report["checks"]
    }
    return report
