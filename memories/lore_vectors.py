"""Lorebook entries matched by meaning: what the characters app needs from the memory app's
vector index, as plain values. Characters calls only this module for it.

- ``lore_vector_index(*, owner_id, entries)``: embed ``(entry id, lorebook id, content)``
  with the configured embedder and upsert each under ``lore:{entry id}``, now; returns the
  embedding model's id.
- ``lore_vector_delete(*, entry_ids)``: remove those entries' vectors after the commit
  (a Celery task, retried; the nightly reconcile catches what still slips).
- ``lore_vector_scores(*, owner_id, entry_ids, query)``: cosine similarity of ``query`` (the
  new message) to each entry's vector, for the entries that have one and belong to the
  owner. The query is embedded once per turn: the retrieved layer's embedding of the same
  text is shared (``memories.retrieval.start_query_embedding``).

Entries live in the characters app; the memory app never reads their table except through
``characters.lorebooks.vector_rows`` (the reconcile and reindex upkeep)."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["lore_vector_delete", "lore_vector_index", "lore_vector_scores"]


def lore_vector_index(*, owner_id: int, entries: Sequence[tuple[int, int, str]]) -> str:
    from memories.index import index_lore_entries

    return index_lore_entries(owner_id=owner_id, entries=entries)


def lore_vector_delete(*, entry_ids: Sequence[int]) -> None:
    from memories.index import delete_vectors, lore_entry_vector_id

    delete_vectors(vector_ids=[lore_entry_vector_id(entry_id) for entry_id in entry_ids])


def _cosine(left: Sequence[float], right: Sequence[float]) -> float:
    dot = sum(a * b for a, b in zip(left, right, strict=False))
    norms = math.sqrt(sum(a * a for a in left)) * math.sqrt(sum(b * b for b in right))
    return dot / norms if norms else 0.0


def _query_vector(query: str) -> list[float]:
    from memories.index import checked_backends
    from memories.retrieval import start_query_embedding

    started = start_query_embedding(query)
    if started is not None:
        return list(started.result())
    _store, embedder = checked_backends()
    return list(embedder.embed_query(query))


def lore_vector_scores(*, owner_id: int, entry_ids: Sequence[int], query: str) -> dict[int, float]:
    """``{entry id: similarity}`` for the entries with a vector; {} for a blank query."""
    from memories.index import lore_entry_vectors

    if not entry_ids or not query.strip():
        return {}
    vectors = lore_entry_vectors(owner_id=owner_id, entry_ids=entry_ids)
    if not vectors:
        return {}
    query_vector = _query_vector(query)
    return {entry_id: _cosine(query_vector, vector) for entry_id, vector in vectors.items()}
