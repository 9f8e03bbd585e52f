"""Celery tasks that keep the vector store in step with the rows. Ids in; services do the work.

- ``delete_vectors``: retried with exponential backoff (capped at 15 minutes) until the store
  confirms: a vector that outlives its row would keep a deleted memory findable.
- ``index_rows``: (re-)embed rows after their transaction committed; transient failures retry.

The nightly repair is ``memories.tasks.reconcile_vectors`` (beat), which calls
``memories.index.reconcile_vectors``. The task names keep their original module path
(``memories.vector_tasks.*``), so tasks already queued by an older release still run.

Every task is idempotent: deleting twice, or upserting the same id twice, leaves one state.
Registered when the ``memories`` app is ready, so every worker knows them.
"""

from __future__ import annotations

from celery import shared_task

from drawhisper.providers.base import TransientProviderError


@shared_task(
    name="memories.vector_tasks.delete_vectors",
    autoretry_for=(Exception,),
    retry_backoff=5,
    retry_backoff_max=900,
    retry_jitter=True,
    max_retries=None,
    acks_late=True,
)
def delete_vectors(*, vector_ids: list[str]) -> int:
    from memories.index.indexing import delete_vectors_now

    delete_vectors_now(vector_ids=vector_ids, attempts=1)
    return len(vector_ids)


@shared_task(
    name="memories.vector_tasks.index_rows",
    autoretry_for=(TransientProviderError,),
    retry_backoff=5,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=10,
    acks_late=True,
)
def index_rows(
    *, memory_ids: list[int] = (), summary_ids: list[int] = (), message_ids: list[int] = ()
) -> dict[str, int]:
    from memories.index.indexing import index_memories, index_messages, index_summaries

    return {
        "memories": index_memories(memory_ids=memory_ids),
        "summaries": index_summaries(summary_ids=summary_ids),
        "messages": index_messages(message_ids=message_ids),
    }
