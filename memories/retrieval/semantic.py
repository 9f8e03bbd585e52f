"""Vector similarity through the Embedder and VectorStore ports.

One query vector per retrieval and two store queries: everything of this thread (memories
made here, its summaries, its archived messages), then the memories shared from other
threads (a store filter is a conjunction, so "shared or made here" takes two). The hits are
split into one ranked list per kind. Hits are identified by the row id in their
``source_id`` metadata, falling back to the ``<kind>:<pk>`` id convention."""

from __future__ import annotations

from collections.abc import Sequence

from memories.retrieval.config import RetrievalConfig
from memories.retrieval.scope import Scope
from memories.vectorstores import VectorFilter, VectorHit, get_vector_store


def _row_key(hit: VectorHit) -> int | str:
    source_id = hit.metadata.get("source_id")
    if source_id not in (None, ""):
        try:
            return int(source_id)
        except (TypeError, ValueError):
            pass
    kind, _, rest = hit.id.partition(":")
    if kind in ("summary", "message") and rest.isdigit():
        return int(rest)
    return hit.id  # a memory without source_id: resolved through Memory.vector_id


def vector_search(
    query_vector: Sequence[float],
    *,
    kinds: Sequence[str] = ("memory", "summary", "message"),
    scope: Scope,
    config: RetrievalConfig,
    limit: int,
) -> dict[str, list[tuple[int | str, float]]]:
    """Per kind, ``(row id or vector id, cosine similarity)`` best first."""
    store = get_vector_store()
    base = {"owner": scope.owner_id, "character": scope.character_id}
    min_score = config.min_similarity if config.min_similarity > 0 else None

    def ask(vector_filter: VectorFilter, top_k: int) -> list[VectorHit]:
        return store.query(query_vector, filter=vector_filter, top_k=top_k, min_score=min_score)

    # One query for everything of this thread, one for memories shared from other threads.
    thread_kinds = tuple(kind for kind in ("memory", "summary", "message") if kind in kinds)
    extra = len(scope.exclude_memory_ids)
    found = ask(
        VectorFilter(**base, thread=scope.thread_id, kinds=thread_kinds, status=None),
        limit * len(thread_kinds) + extra,
    )
    if "memory" in kinds:
        found += ask(VectorFilter(**base, shared=True, kinds=("memory",)), limit + extra)
    hits: dict[str, list[VectorHit]] = {kind: [] for kind in thread_kinds}
    for hit in sorted(found, key=lambda hit: -hit.score):
        kind = hit.metadata.get("kind")
        if kind in hits:
            hits[kind].append(hit)

    results: dict[str, list[tuple[int | str, float]]] = {}
    for kind, kind_hits in hits.items():
        seen: set[int | str] = set()
        ranked: list[tuple[int | str, float]] = []
        for hit in kind_hits:
            key = _row_key(hit)
            if key not in seen:
                seen.add(key)
                ranked.append((key, float(hit.score)))
        results[kind] = ranked
    return results
