"""Embedding rows into the vector store, deleting their vectors, and searching them.

``index_*`` run now, in the caller's transaction: with pgvector the vectors commit or roll
back with the rows; a failure raises (``TransientProviderError`` is worth a retry), so an
edit whose vector could not be written is rolled back rather than left unfindable.
``delete_vectors_now`` deletes vectors synchronously with retries; ``deletion.delete_vectors``
is the form that waits for the commit and hands the ids to a Celery task.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence

from drawhisper.providers.base import TransientProviderError
from memories import chat_adapter
from memories.chat_adapter import ArchivedMessage
from memories.index.records import (
    document_chunk_embedding_text,
    document_chunk_record,
    lore_entry_record,
    lore_entry_vector_id,
    memory_embedding_text,
    memory_record,
    message_record,
    new_memory_vector_id,
    summary_record,
    summary_vector_id,
)
from memories.index.stores import VectorFilter, VectorHit
from memories.index.stores.guard import EmbeddingModelMismatch, checked_backends
from memories.models import DocumentChunk, Memory, Summary

logger = logging.getLogger(__name__)

EMBED_BATCH = 64


def _embed(embedder, texts: list[str]) -> list[list[float]]:
    vectors: list[list[float]] = []
    for start in range(0, len(texts), EMBED_BATCH):
        vectors.extend(embedder.embed_documents(texts[start : start + EMBED_BATCH]))
    return vectors


def _rows(rows: Iterable | None, ids: Iterable[int] | None, queryset) -> list:
    """The given rows, or else the rows of ``ids`` from ``queryset`` in primary-key order."""
    if rows is not None:
        return list(rows)
    return list(queryset.filter(pk__in=list(ids or ())).order_by("pk"))


def index_memories(
    *,
    memories: Iterable[Memory] | None = None,
    memory_ids: Iterable[int] | None = None,
    vectors: Sequence[Sequence[float]] | None = None,
    model_id: str | None = None,
) -> int:
    """Embed and upsert the vectors of these memories (rows or ids); returns how many.

    Text and metadata come from the rows, so a changed title, content, type, status or
    ``shared`` reaches the store. A memory without ``vector_id`` gets ``memory:{uuid hex}``.
    ``Memory.embedding_model`` records the model. ``vectors`` (aligned with ``memories``,
    made by ``model_id``) skips embedding, for callers that embedded already."""
    rows = _rows(memories, memory_ids, Memory.objects.all())
    if not rows:
        return 0
    store, embedder = checked_backends(writing=True)
    if vectors is None:
        vectors = _embed(
            embedder,
            [memory_embedding_text(title=memory.title, content=memory.content) for memory in rows],
        )
    elif model_id is not None and model_id != embedder.model_id:
        raise EmbeddingModelMismatch(
            f"These vectors were made by {model_id!r}; the store takes {embedder.model_id!r}."
        )
    if len(vectors) != len(rows):
        raise ValueError(f"{len(vectors)} vectors for {len(rows)} memories")
    for memory in rows:
        if not memory.vector_id:
            vector_id = new_memory_vector_id()
            if Memory.objects.filter(pk=memory.pk, vector_id__isnull=True).update(
                vector_id=vector_id
            ):
                memory.vector_id = vector_id
            else:
                memory.vector_id = Memory.objects.values_list("vector_id", flat=True).get(
                    pk=memory.pk
                )
    store.upsert(
        [memory_record(memory, vector) for memory, vector in zip(rows, vectors, strict=True)]
    )
    stale = [memory.pk for memory in rows if memory.embedding_model != embedder.model_id]
    if stale:
        Memory.objects.filter(pk__in=stale).update(embedding_model=embedder.model_id)
        for memory in rows:
            memory.embedding_model = embedder.model_id
    return len(rows)


def index_summaries(
    *, summaries: Iterable[Summary] | None = None, summary_ids: Iterable[int] | None = None
) -> int:
    """Embed and upsert these summaries (rows or ids) as ``summary:{pk}``; returns how many."""
    rows = _rows(summaries, summary_ids, Summary.objects.all())
    if not rows:
        return 0
    store, embedder = checked_backends(writing=True)
    vectors = _embed(embedder, [summary.text for summary in rows])
    missing_ids = [summary.pk for summary in rows if not summary.vector_id]
    for summary in rows:
        summary.vector_id = summary.vector_id or summary_vector_id(summary.pk)
    owners = chat_adapter.thread_owners(thread_ids=[summary.thread_id for summary in rows])
    store.upsert(
        [
            summary_record(
                summary,
                vector,
                owner_id=owners[summary.thread_id][0],
                character_id=owners[summary.thread_id][1],
            )
            for summary, vector in zip(rows, vectors, strict=True)
        ]
    )
    for summary in rows:
        if summary.pk in missing_ids:
            Summary.objects.filter(pk=summary.pk, vector_id__isnull=True).update(
                vector_id=summary.vector_id
            )
    return len(rows)


def index_messages(
    *, messages: Iterable | None = None, message_ids: Iterable[int] | None = None
) -> int:
    """Embed and upsert these archived messages (rows or ids) as ``message:{pk}``.

    Which messages belong in the archive is the archive rule's call (``archive``); this
    writes what it is given. Rows other than ``ArchivedMessage`` are read again by id."""
    if messages is not None:
        rows = list(messages)
        if not all(isinstance(row, ArchivedMessage) for row in rows):
            rows = chat_adapter.archive_entries(message_ids=[row.pk for row in rows])
    else:
        rows = chat_adapter.archive_entries(message_ids=message_ids or ())
    if not rows:
        return 0
    store, embedder = checked_backends(writing=True)
    vectors = _embed(embedder, [message.content for message in rows])
    store.upsert(
        [message_record(message, vector) for message, vector in zip(rows, vectors, strict=True)]
    )
    return len(rows)


def index_document_chunks(*, chunks: Iterable[DocumentChunk]) -> str:
    """Embed and upsert these lore-document chunks as ``document:{pk}`` and mark them
    embedded; returns the embedding model's id (the caller records it on the document)."""
    rows = list(chunks)
    store, embedder = checked_backends(writing=True)
    if not rows:
        return embedder.model_id
    vectors = _embed(embedder, [document_chunk_embedding_text(chunk) for chunk in rows])
    store.upsert(
        [document_chunk_record(chunk, vector) for chunk, vector in zip(rows, vectors, strict=True)]
    )
    DocumentChunk.objects.filter(pk__in=[chunk.pk for chunk in rows]).update(embedded=True)
    return embedder.model_id


def index_lore_entries(*, owner_id: int, entries: Sequence[tuple[int, int, str]]) -> str:
    """Embed and upsert lorebook entries matched by meaning: ``(entry id, lorebook id,
    content)`` each, under ``lore:{entry id}``; returns the embedding model's id."""
    rows = list(entries)
    store, embedder = checked_backends(writing=True)
    if not rows:
        return embedder.model_id
    vectors = _embed(embedder, [text for _entry, _book, text in rows])
    store.upsert(
        [
            lore_entry_record(
                entry_id=entry_id, lorebook_id=lorebook_id, owner_id=owner_id, vector=vector
            )
            for (entry_id, lorebook_id, _text), vector in zip(rows, vectors, strict=True)
        ]
    )
    return embedder.model_id


def lore_entry_vectors(*, owner_id: int, entry_ids: Sequence[int]) -> dict[int, list[float]]:
    """The stored vectors of these entries (those that have one), by entry id; only the
    owner's (a vector of another owner is not returned, whatever id was asked for)."""
    if not entry_ids:
        return {}
    store, _embedder = checked_backends()
    found = store.get([lore_entry_vector_id(entry_id) for entry_id in entry_ids])
    return {
        int(record.metadata["source_id"]): list(record.vector)
        for record in found
        if record.metadata.get("owner") == owner_id and record.metadata.get("kind") == "lore"
    }


def delete_vectors_now(
    *, vector_ids: Sequence[str], attempts: int = 4, backoff: float = 0.5
) -> None:
    """Delete now, retrying transient failures; raises what still fails after ``attempts``."""
    ids = [vector_id for vector_id in dict.fromkeys(vector_ids) if vector_id]
    if not ids:
        return
    store, _ = checked_backends()
    for attempt in range(1, attempts + 1):
        try:
            store.delete(ids)
            return
        except TransientProviderError:
            if attempt == attempts:
                raise
            logger.warning(
                "vector delete failed, retrying", extra={"attempt": attempt, "ids": len(ids)}
            )
            time.sleep(backoff * 2 ** (attempt - 1))


def search_vectors(
    *,
    query: str,
    filter: VectorFilter,
    top_k: int = 10,
    min_score: float | None = None,  # noqa: A002
) -> list[VectorHit]:
    """Embed ``query`` and return the nearest vectors that pass ``filter``, best first."""
    store, embedder = checked_backends()
    return store.query(embedder.embed_query(query), filter=filter, top_k=top_k, min_score=min_score)
