"""Deletion fan-out: when a row goes, its vector goes, however the row was deleted.

Deleting a memory, a thread, a character or a user reaches the vector store through
``post_delete`` of Memory, Summary, Message and DocumentChunk: Django sends it for every row a cascade
removes, including deletions from the admin, so no delete service can forget. This is
bookkeeping between two stores, not business logic, which is why it is a signal.

The ids of one transaction are gathered into one batch that is handed, after the commit, to
the Celery task ``memories.index.tasks.delete_vectors`` (retried with backoff until it
succeeds). A rolled-back deletion schedules nothing. If the queue cannot take the task, the
store is asked directly; if that fails too, ``reconcile_vectors`` removes the orphans later.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from memories import chat_adapter
from memories.index.indexing import delete_vectors_now
from memories.index.records import (
    document_chunk_vector_id,
    message_vector_id,
    summary_vector_id,
)
from memories.models import DocumentChunk, Memory, Summary

logger = logging.getLogger(__name__)

TASK_BATCH = 2000


class _PendingDeletion:
    """The vector ids deleted in one transaction; called once, after it commits."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    def __call__(self) -> None:
        enqueue_vector_deletion(sorted(self.ids))


def schedule_vector_deletion(vector_ids: Iterable[str], *, using: str = "default") -> None:
    ids = [vector_id for vector_id in vector_ids if vector_id]
    if not ids:
        return
    connection = transaction.get_connection(using)
    if not connection.in_atomic_block:
        enqueue_vector_deletion(ids)
        return
    pending = getattr(connection, "_pending_vector_deletion", None)
    # One batch per transaction: reuse it while its callback is still queued (a rollback
    # of the transaction, or of the savepoint that registered it, discards the callback).
    if pending is None or not any(entry[1] is pending for entry in connection.run_on_commit):
        pending = _PendingDeletion()
        connection._pending_vector_deletion = pending
        transaction.on_commit(pending, using=using)
    pending.ids.update(ids)


def delete_vectors(*, vector_ids: Iterable[str | None]) -> None:
    """Remove these vectors once the current transaction commits (at once outside one).

    A Celery task does the work and retries with backoff until the store confirms; if even
    the queue is down, the store is asked directly, and what still fails is left for the
    nightly ``reconcile_vectors``. Deleting a row already schedules its vector's removal
    (the receivers below); calling this as well is harmless."""
    schedule_vector_deletion([vector_id for vector_id in vector_ids if vector_id])


def enqueue_vector_deletion(vector_ids: list[str]) -> None:
    from memories.index.tasks import delete_vectors as delete_vectors_task

    for start in range(0, len(vector_ids), TASK_BATCH):
        batch = vector_ids[start : start + TASK_BATCH]
        try:
            delete_vectors_task.delay(vector_ids=batch)
        except Exception:  # noqa: BLE001 - the broker is down: try the store directly
            logger.warning("could not queue vector deletion; deleting now", exc_info=True)
            try:
                delete_vectors_now(vector_ids=batch)
            except Exception:  # noqa: BLE001 - reconcile_vectors removes orphans later
                logger.error(
                    "vector deletion failed; reconcile_vectors will remove the orphans",
                    exc_info=True,
                    extra={"vector_ids": batch[:20], "count": len(batch)},
                )


@receiver(post_delete, sender=Memory, dispatch_uid="vectors_memory_deleted")
def _memory_deleted(sender, instance: Memory, using: str, **_) -> None:
    if instance.vector_id:
        schedule_vector_deletion([instance.vector_id], using=using)


@receiver(post_delete, sender=Summary, dispatch_uid="vectors_summary_deleted")
def _summary_deleted(sender, instance: Summary, using: str, **_) -> None:
    schedule_vector_deletion([instance.vector_id or summary_vector_id(instance.pk)], using=using)


@receiver(post_delete, sender=DocumentChunk, dispatch_uid="vectors_document_chunk_deleted")
def _document_chunk_deleted(sender, instance: DocumentChunk, using: str, **_) -> None:
    schedule_vector_deletion([document_chunk_vector_id(instance.pk)], using=using)


def _message_deleted(sender, instance, using: str, **_) -> None:
    schedule_vector_deletion([message_vector_id(instance.pk)], using=using)


chat_adapter.on_message_deleted(_message_deleted, dispatch_uid="vectors_message_deleted")
