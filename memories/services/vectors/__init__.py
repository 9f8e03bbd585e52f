"""Keeping the vector store in step with the rows: the one place that turns memories,
summaries and archived messages into vector records, and vector ids back into rows.

Writes (run now, in the caller's transaction; raise on failure):
- ``index_memories(*, memories=None, memory_ids=None, vectors=None, model_id=None) -> int``
- ``index_summaries(*, summaries=None, summary_ids=None) -> int``
- ``index_messages(*, messages=None, message_ids=None) -> int``

Deletes (after commit, by a Celery task retried until it succeeds):
- ``delete_vectors(*, vector_ids)``; ``delete_vectors_now(*, vector_ids)`` is synchronous.
  Deleting a Memory, Summary or Message row (directly or by cascade from a thread,
  character or user) already schedules its vector's deletion.

Reads: ``search_vectors(*, query, filter, top_k=10, min_score=None) -> list[VectorHit]``.

Records and ids: ``memory_record``, ``summary_record``, ``message_record``,
``memory_embedding_text``, ``summary_vector_id``, ``message_vector_id``, ``kind_of``,
``row_id_of``.

Upkeep: ``reindex(...)`` and ``reconcile(...)`` (the ``reindex_memories`` and
``reconcile_vectors`` commands); ``reconcile_vectors()`` returns plain counts for beat.

The embedding-model guard lives with the stores (``memories.vectorstores.guard``): every
adapter refuses to run with another model than the one its vectors were made with
(``EmbeddingModelMismatch``); ``checked_backends()`` checks before any embedding work.
"""

from memories.services.vectors.indexing import (
    delete_vectors,
    delete_vectors_now,
    index_memories,
    index_messages,
    index_summaries,
    search_vectors,
)
from memories.services.vectors.maintenance import (
    ReconcileReport,
    ReindexReport,
    archived_messages,
    reconcile,
    reconcile_vectors,
    reindex,
)
from memories.services.vectors.records import (
    kind_of,
    memory_embedding_text,
    memory_metadata,
    memory_record,
    message_metadata,
    message_record,
    message_vector_id,
    row_id_of,
    summary_metadata,
    summary_record,
    summary_vector_id,
)
from memories.vectorstores.guard import EmbeddingModelMismatch, checked_backends

__all__ = [
    "EmbeddingModelMismatch",
    "ReconcileReport",
    "ReindexReport",
    "archived_messages",
    "checked_backends",
    "delete_vectors",
    "delete_vectors_now",
    "index_memories",
    "index_messages",
    "index_summaries",
    "kind_of",
    "memory_embedding_text",
    "memory_metadata",
    "memory_record",
    "message_metadata",
    "message_record",
    "message_vector_id",
    "reconcile",
    "reconcile_vectors",
    "reindex",
    "row_id_of",
    "search_vectors",
    "summary_metadata",
    "summary_record",
    "summary_vector_id",
]
