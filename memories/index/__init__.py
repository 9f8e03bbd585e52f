"""The index: vector stores, and keeping them in step with the rows. The one place that
turns memories, summaries and archived messages into vector records, and vector ids back
into rows. This module is the index's public interface; the rest of the app imports only it.

Stores (``stores/``): the ``VectorStore`` port with ``VectorRecord``, ``VectorFilter`` and
``VectorHit``, the pgvector and S3 Vectors adapters (named in ``settings.VECTOR_STORES``),
``get_vector_store()``.

Writes (run now, in the caller's transaction; raise on failure):
- ``index_memories(*, memories=None, memory_ids=None, vectors=None, model_id=None) -> int``
- ``index_summaries(*, summaries=None, summary_ids=None) -> int``
- ``index_messages(*, messages=None, message_ids=None) -> int``
- ``index_document_chunks(*, chunks) -> str`` (lore-document chunks; the model id)
- ``index_lore_entries(*, owner_id, entries) -> str`` (lorebook entries matched by meaning)

Lorebook entries' vectors: ``lore_entry_vectors(*, owner_id, entry_ids)`` reads them back.

Deletes (after commit, by a Celery task retried until it succeeds):
- ``delete_vectors(*, vector_ids)``; ``delete_vectors_now(*, vector_ids)`` is synchronous
  (``deletion``).
  Deleting a Memory, Summary, Message or DocumentChunk row (directly or by cascade from a thread,
  character or user) already schedules its vector's deletion.

Reads: ``search_vectors(*, query, filter, top_k=10, min_score=None) -> list[VectorHit]``.

Records and ids (``records``, every vector id is made there): ``memory_record``,
``summary_record``, ``message_record``, ``memory_embedding_text``, ``memory_vector_id``,
``document_chunk_vector_id``,
``new_memory_vector_id``, ``summary_vector_id``, ``message_vector_id``, ``kind_of``,
``row_id_of``.

The archive rule (``archive``): ``messages_archive``, ``message_archive_refresh``,
``is_worth_archiving``, ``last_job_end_seq``: a message is archived once a memory job's range
covers it, unless it is filler.

Tasks (``tasks``): ``delete_vectors`` and ``index_rows``, registered when the app is ready.

Upkeep: ``reindex(...)`` and ``reconcile(...)`` (the ``reindex_memories`` and
``reconcile_vectors`` commands); ``reconcile_vectors()`` returns plain counts for beat.

The embedding-model guard lives with the stores (``stores.guard``): every
adapter refuses to run with another model than the one its vectors were made with
(``EmbeddingModelMismatch``); ``checked_backends()`` checks before any embedding work, and
``check_embedding_model`` is the start-up check.

Modules inside the package import each other, never this facade.
"""

from memories.index.archive import (
    is_worth_archiving,
    last_job_end_seq,
    message_archive_refresh,
    messages_archive,
)
from memories.index.deletion import delete_vectors
from memories.index.indexing import (
    delete_vectors_now,
    index_document_chunks,
    index_lore_entries,
    index_memories,
    index_messages,
    index_summaries,
    lore_entry_vectors,
    search_vectors,
)
from memories.index.maintenance import (
    ReconcileReport,
    ReindexReport,
    archived_messages,
    reconcile,
    reconcile_vectors,
    reindex,
)
from memories.index.records import (
    document_chunk_vector_id,
    kind_of,
    lore_entry_vector_id,
    memory_embedding_text,
    memory_metadata,
    memory_record,
    memory_vector_id,
    message_metadata,
    message_record,
    message_vector_id,
    new_memory_vector_id,
    row_id_of,
    summary_metadata,
    summary_record,
    summary_vector_id,
)
from memories.index.stores import (
    VectorFilter,
    VectorHit,
    VectorRecord,
    VectorStore,
    get_vector_store,
)
from memories.index.stores.guard import (
    REINDEX_HINT,
    EmbeddingModelMismatch,
    check_embedding_model,
    checked_backends,
    mismatch_message,
)

__all__ = [
    "REINDEX_HINT",
    "EmbeddingModelMismatch",
    "ReconcileReport",
    "ReindexReport",
    "VectorFilter",
    "VectorHit",
    "VectorRecord",
    "VectorStore",
    "archived_messages",
    "check_embedding_model",
    "checked_backends",
    "delete_vectors",
    "delete_vectors_now",
    "document_chunk_vector_id",
    "get_vector_store",
    "index_document_chunks",
    "index_lore_entries",
    "index_memories",
    "index_messages",
    "index_summaries",
    "is_worth_archiving",
    "kind_of",
    "last_job_end_seq",
    "lore_entry_vector_id",
    "lore_entry_vectors",
    "memory_embedding_text",
    "memory_metadata",
    "memory_record",
    "memory_vector_id",
    "message_archive_refresh",
    "message_metadata",
    "message_record",
    "message_vector_id",
    "messages_archive",
    "mismatch_message",
    "new_memory_vector_id",
    "reconcile",
    "reconcile_vectors",
    "reindex",
    "row_id_of",
    "search_vectors",
    "summary_metadata",
    "summary_record",
    "summary_vector_id",
]
