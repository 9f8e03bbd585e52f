"""Celery tasks of the memory app: ids in, one service or runner call, nothing else.

Every task is idempotent, so ``acks_late`` (a task whose worker dies is delivered again) and
duplicate deliveries are safe: a memory job is claimed with a conditional update and keyed
by its range; archive and summary vectors have deterministic ids. Only transient provider
errors (timeouts, 429, 5xx) are retried, with exponential backoff and jitter.
"""

from __future__ import annotations

from datetime import date, timedelta

from celery import shared_task
from django.utils import timezone

from drawhisper.providers.base import TransientProviderError

RETRY_OPTIONS = {
    "acks_late": True,
    "autoretry_for": (TransientProviderError,),
    "retry_backoff": 5,
    "retry_backoff_max": 600,
    "retry_jitter": True,
    "max_retries": 6,
}


@shared_task(bind=True, name="memories.tasks.run_memory_job", **RETRY_OPTIONS)
def run_memory_job(self, job_id: int) -> str:
    from memories.pipeline import run_job

    final_attempt = self.request.retries >= (self.max_retries or 0)
    return str(run_job(job_id=job_id, final_attempt=final_attempt))


@shared_task(name="memories.tasks.archive_messages", **RETRY_OPTIONS)
def archive_messages(thread_id: int, start_seq: int, end_seq: int) -> int:
    from memories.index import messages_archive

    return len(messages_archive(thread_id=thread_id, start_seq=start_seq, end_seq=end_seq))


@shared_task(name="memories.tasks.refresh_archived_message", **RETRY_OPTIONS)
def refresh_archived_message(message_id: int) -> str:
    from memories.index import message_archive_refresh

    return message_archive_refresh(message_id=message_id)


@shared_task(name="memories.tasks.consolidate_thread", **RETRY_OPTIONS)
def consolidate_thread(thread_id: int, day: str) -> int | None:
    from memories.pipeline import summary_consolidate_day

    summary = summary_consolidate_day(thread_id=thread_id, day=date.fromisoformat(day))
    return summary.pk if summary else None


@shared_task(name="memories.tasks.consolidate_all_threads", acks_late=True)
def consolidate_all_threads(day: str | None = None) -> int:
    """Beat, daily: one ``consolidate_thread`` per thread active on ``day`` (default
    yesterday, UTC). Also enqueues again memory jobs whose task was lost."""
    from memories.pipeline import jobs_requeue_stale, threads_active_on

    target = date.fromisoformat(day) if day else timezone.now().date() - timedelta(days=1)
    thread_ids = threads_active_on(target)
    for thread_id in thread_ids:
        consolidate_thread.delay(thread_id, target.isoformat())
    jobs_requeue_stale()
    return len(thread_ids)


@shared_task(name="memories.tasks.requeue_dead_jobs", acks_late=True)
def requeue_dead_jobs() -> int:
    """Beat, every ``MEMORY_JOB_SWEEP_SECONDS`` (and once when a worker starts): enqueue again
    the memory jobs whose worker died mid-job or whose task was lost."""
    from memories.pipeline import jobs_requeue_stale

    return len(jobs_requeue_stale())


@shared_task(name="memories.tasks.reconcile_vectors", acks_late=True)
def reconcile_vectors() -> object:
    """Beat, daily: make the vector store match the rows (the vector services do the work)."""
    from memories import index

    return index.reconcile_vectors()
