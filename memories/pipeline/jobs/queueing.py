"""Putting MemoryJobs on the queue: creating a thread's job when it is due, enqueueing
its task, enqueueing again the jobs whose task seems lost, and retrying failed ones.

Invariants:
- One job per range: the unique key (thread, end_seq, pipeline_version) plus a per-thread
  advisory lock make creating a job twice a no-op, and ranges of a thread never overlap.
- A job's task is enqueued only after the transaction that created or released it commits.
"""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from drawhisper.tokens import count_tokens
from memories.models import MemoryJob
from memories.pipeline import reads
from memories.pipeline.jobs.claims import _dead_holders, _silent_claims, stale_after
from memories.pipeline.steps import PIPELINE_VERSION

logger = logging.getLogger(__name__)

# pg_advisory_xact_lock(namespace, key): serialises job creation per thread.
_THREAD_LOCK_NAMESPACE = 0x4D454D  # "MEM"

# The Celery tasks that run jobs (``memories.tasks``) call into this module, so it names them
# rather than importing them: the imports stay one way. The app imports the task module
# when it is ready, so every process has them registered.
RUN_JOB_TASK = "memories.tasks.run_memory_job"
ARCHIVE_TASK = "memories.tasks.archive_messages"


def enqueue_job(job_id: int) -> None:
    current_app.tasks[RUN_JOB_TASK].delay(job_id)


def enqueue_archive(thread_id: int, start_seq: int, end_seq: int) -> None:
    current_app.tasks[ARCHIVE_TASK].delay(thread_id, start_seq, end_seq)


def _message_tokens(message) -> int:
    return message.token_count or count_tokens(message.content)


# --------------------------------------------------------------------------- creating


def job_create_if_due(*, thread_id: int) -> MemoryJob | None:
    """Create (and enqueue on commit) the job for the thread's unmemorised messages, if
    they hold at least ``MEMORY_TRIGGER_TOKENS`` tokens. Returns the job created, or None.

    The range runs from the first message after the last job's range up to, not including,
    the newest assistant reply (it may still be regenerated), and at most
    ``MEMORY_JOB_MAX_TOKENS`` tokens; the rest waits for the next job, which is created when
    this one finishes. While a job of the thread is still pending or running, no other is
    created, so each job sees the summary of the one before it.
    """
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)", [_THREAD_LOCK_NAMESPACE, thread_id % 2**31]
            )
        unfinished = MemoryJob.objects.filter(
            thread_id=thread_id, status__in=[MemoryJob.Status.PENDING, MemoryJob.Status.RUNNING]
        )
        if unfinished.exists():
            _requeue_stale(unfinished)
            return None
        messages = reads.messages_due_for_memory(thread_id=thread_id)
        total = 0
        included = []
        for message in messages:
            tokens = _message_tokens(message)
            if included and total + tokens > settings.MEMORY_JOB_MAX_TOKENS:
                break
            included.append(message)
            total += tokens
        if total < settings.MEMORY_TRIGGER_TOKENS:
            return None
        start_seq, end_seq = included[0].seq, included[-1].seq
        job, created = MemoryJob.objects.get_or_create(
            thread_id=thread_id,
            end_seq=end_seq,
            pipeline_version=PIPELINE_VERSION,
            defaults={"start_seq": start_seq},
        )
        if not created:
            return None
        job_id = job.pk
        transaction.on_commit(lambda: enqueue_job(job_id), robust=True)
        transaction.on_commit(lambda: enqueue_archive(thread_id, start_seq, end_seq), robust=True)
        logger.info(
            "memory job created",
            extra={
                "job_id": job_id,
                "thread_id": thread_id,
                "range": f"{start_seq}-{end_seq}",
                "tokens": total,
            },
        )
        return job


def _requeue_stale(jobs) -> list[int]:
    """Enqueue again the jobs among ``jobs`` whose task seems lost: running under a dead
    claim (released back to pending, so the dead worker can write nothing more), or pending
    and untouched for the stale timeout (touched, so this happens once per timeout)."""
    now = timezone.now()
    dead = _silent_claims(now) | _dead_holders(jobs)
    # Locked while released; a row its holder has locked is in a live step: skipped.
    released = list(jobs.filter(dead).select_for_update(skip_locked=True).values_list("pk", "step"))
    dead_ids = [pk for pk, _ in released]
    if released:
        MemoryJob.objects.filter(pk__in=dead_ids).update(
            status=MemoryJob.Status.PENDING, claimed_at=None, claimed_by="", updated_at=now
        )
        logger.warning(
            "memory jobs of a dead worker enqueued again",
            extra={"jobs": {pk: step for pk, step in released}},
        )
    untouched = list(
        jobs.filter(status=MemoryJob.Status.PENDING, updated_at__lt=now - stale_after())
        .exclude(pk__in=dead_ids)
        .values_list("pk", flat=True)
    )
    if untouched:
        MemoryJob.objects.filter(pk__in=untouched).update(updated_at=now)
    stale = sorted([pk for pk, _ in released] + untouched)
    for job_id in stale:
        transaction.on_commit(lambda job_id=job_id: enqueue_job(job_id), robust=True)
    return stale


def jobs_requeue_stale() -> list[int]:
    """Every stale job, for the periodic sweep."""
    with transaction.atomic():
        return _requeue_stale(MemoryJob.objects.all())


def jobs_retry(*, job_ids: list[int] | None = None, all_failed: bool = False) -> list[int]:
    """Put failed jobs back to pending and enqueue them; returns the ids retried.

    The steps they finished stay recorded, so a retry resumes where the job stopped."""
    if job_ids is None and not all_failed:
        return []
    with transaction.atomic():
        jobs = MemoryJob.objects.select_for_update().filter(status=MemoryJob.Status.FAILED)
        if job_ids is not None:
            jobs = jobs.filter(pk__in=job_ids)
        retried = list(jobs.values_list("pk", flat=True))
        MemoryJob.objects.filter(pk__in=retried).update(
            status=MemoryJob.Status.PENDING,
            last_error="",
            claimed_at=None,
            updated_at=timezone.now(),
        )
        for job_id in retried:
            transaction.on_commit(lambda job_id=job_id: enqueue_job(job_id), robust=True)
    return retried
