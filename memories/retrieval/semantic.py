"""Vector similarity through the Embedder and VectorStore ports.

One query vector per retrieval and one store query per kind, so that each kind gets its own
ranked list: in one mixed list the memories (short, and embedded with their title, often a
name the question repeats) crowd out every summary and most messages. Memories are asked
twice when the character has shared memories, once for this thread and once for the shared
ones, since a store filter is a conjunction. Hits are identified by the row id in their
``source_id`` metadata, falling back to the ``<kind>:<pk>`` id convention."""

from __future__ import annotations

from collections.abc import Sequence

from memories.index import VectorFilter, VectorHit, get_vector_store
from memories.retrieval.config import RetrievalConfig
from memories.retrieval.scope import Scope


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

    hits: dict[str, list[VectorHit]] = {}
    if "memory" in kinds:
        extra = len(scope.exclude_memory_ids)
        memory_hits = ask(
            VectorFilter(**base, thread=scope.thread_id, kinds=("memory",)), limit + extra
        )
        if scope.has_shared_memories:
            memory_hits += ask(VectorFilter(**base, shared=True, kinds=("memory",)), limit + extra)
        hits["memory"] = sorted(memory_hits, key=lambda hit: -hit.score)
    if "summary" in kinds:
        hits["summary"] = ask(
            VectorFilter(**base, thread=scope.thread_id, kinds=("summary",), status=None), limit
        )
    if "message" in kinds:
        # Messages of the recent window are indexed too but out of scope: ask for more.
        hits["message"] = ask(
            VectorFilter(**base, thread=scope.thread_id, kinds=("message",), status=None),
            limit * 2,
        )

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
