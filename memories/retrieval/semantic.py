"""Vector similarity through the Embedder and VectorStore ports.

One query vector per retrieval and one store request per kind (sent together, in one
statement, where the store can), so that each kind gets its own ranked list: in one mixed
list the memories (short, and embedded with their title, often a name the question repeats)
crowd out every summary and most messages. Memories are asked twice when the character has
shared memories, once for this thread and once for the shared ones, since a store filter is
a conjunction. Lore-document chunks are asked once, and only when documents are in scope
(``Scope.document_ids``), so a chat without any costs nothing more. Hits are identified by
the row id in their ``source_id`` metadata, falling back to the ``<kind>:<pk>`` id
convention."""

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
    if kind in ("summary", "message", "document") and rest.isdigit():
        return int(rest)
    return hit.id  # a memory without source_id: resolved through Memory.vector_id


def _ask_all(store, query_vector, requests, min_score) -> list[list[VectorHit]]:
    """Every ``(filter, top_k)`` request with one vector: in one round trip where the store
    offers ``query_many`` (pgvector), else one ``query`` each."""
    many = getattr(store, "query_many", None)
    if many is not None:
        return many(query_vector, requests, min_score=min_score)
    return [
        store.query(query_vector, filter=vector_filter, top_k=top_k, min_score=min_score)
        for vector_filter, top_k in requests
    ]


def vector_search(
    query_vector: Sequence[float],
    *,
    kinds: Sequence[str] = ("memory", "summary", "message", "document"),
    scope: Scope,
    config: RetrievalConfig,
    limit: int,
) -> dict[str, list[tuple[int | str, float]]]:
    """Per kind, ``(row id or vector id, cosine similarity)`` best first."""
    store = get_vector_store()
    base = {"owner": scope.owner_id, "character": scope.character_id}
    min_score = config.min_similarity if config.min_similarity > 0 else None

    requests: list[tuple[str, VectorFilter, int]] = []
    if "memory" in kinds:
        extra = len(scope.exclude_memory_ids)
        requests.append(
            (
                "memory",
                VectorFilter(**base, thread=scope.thread_id, kinds=("memory",)),
                limit + extra,
            )
        )
        if scope.has_shared_memories:
            requests.append(
                ("memory", VectorFilter(**base, shared=True, kinds=("memory",)), limit + extra)
            )
    if "summary" in kinds:
        requests.append(
            (
                "summary",
                VectorFilter(**base, thread=scope.thread_id, kinds=("summary",), status=None),
                limit,
            )
        )
    if "message" in kinds:
        # Messages of the recent window are indexed too but out of scope: ask for more.
        requests.append(
            (
                "message",
                VectorFilter(**base, thread=scope.thread_id, kinds=("message",), status=None),
                limit * 2,
            )
        )
    if "document" in kinds and scope.document_ids:
        # Chunks have no character or thread: their documents are the scope.
        requests.append(
            (
                "document",
                VectorFilter(
                    owner=scope.owner_id,
                    kinds=("document",),
                    status=None,
                    documents=tuple(sorted(scope.document_ids)),
                ),
                limit,
            )
        )
    answers = _ask_all(
        store,
        query_vector,
        [(vector_filter, top_k) for _, vector_filter, top_k in requests],
        min_score,
    )
    hits: dict[str, list[VectorHit]] = {}
    for (kind, _, _), kind_hits in zip(requests, answers, strict=True):
        hits.setdefault(kind, []).extend(kind_hits)
    if "memory" in hits:
        hits["memory"].sort(key=lambda hit: -hit.score)

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
