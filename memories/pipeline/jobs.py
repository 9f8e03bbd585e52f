"""MemoryJob lifecycle: create when due, claim, record each step, store, finish, fail, retry.

Invariants:
- One job per range: the unique key (thread, end_seq, pipeline_version) plus a per-thread
  advisory lock make creating a job twice a no-op, and ranges of a thread never overlap.
- A job runs only while claimed: ``job_claim`` is one conditional UPDATE (pending, or running
  under a dead claim, becomes running with attempts + 1). The claim's ``claimed_at`` is its
  token; every later write checks it, so a worker that lost its claim to a takeover cannot
  write anything (:class:`JobLostError`).
- A claim is dead when its heartbeat (``heartbeat_at``, refreshed by ``job_heartbeat`` every
  ``MEMORY_JOB_HEARTBEAT_SECONDS`` and by every write of the holder) is three intervals old,
  or at once when its holder (``claimed_by``, ``drawhisper.liveness``) is a process of this
  host that is gone. A redelivered task takes such a job over; ``jobs_requeue_stale`` (beat,
  and each worker's start) puts it back to pending and enqueues it again, so a killed worker
  delays a job by seconds.
- ``MemoryJob.state["steps"][name]`` holds each finished step's output, written in the same
  transaction as whatever else the step persists, so a rerun resumes after it.
- The store writes the vectors (deterministic ids) and then commits the Memory rows and the
  rolling summary in one transaction: a crash before the commit leaves at most vectors that
  the rerun overwrites, never a row without its vector or a second copy of either. The
  summary's vector (``summary:{pk}``) is written by the finishing step, once its pk has
  committed, so it too is overwritten, never duplicated, by a rerun.
- The store step keeps a chunk the support check rejected as an ``unverified`` memory (out
  of every context) and counts the job's checked and unverified chunks on the job.
- The store step also carries out the extractor's decisions (``superseding``: an update
  supersedes the older memory, a conflict waits for the user), in the same transaction; the
  finishing step tells the open tabs with ``memory.updated`` after ``memory.created``.
- Browser events go out only after the transaction that made the change commits.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from drawhisper import liveness
from drawhisper.tokens import count_tokens
from memories import index
from memories.models import Memory, MemoryJob, Summary
from memories.pipeline import reads
from memories.pipeline.job_context import JobContext
from memories.pipeline.steps import PIPELINE_VERSION
from memories.pipeline.steps.notify import NotifyStep
from memories.pipeline.superseding import memories_apply_decisions
from memories.profile import profile_refresh

logger = logging.getLogger(__name__)

# pg_advisory_xact_lock(namespace, key): serialises job creation per thread.
_THREAD_LOCK_NAMESPACE = 0x4D454D  # "MEM"


class JobLostError(Exception):
    """This worker no longer holds the job's claim (it went stale and was taken over)."""


@dataclass(frozen=True)
class JobClaim:
    job_id: int
    claimed_at: datetime
    attempts: int


def stale_after() -> timedelta:
    return timedelta(seconds=settings.MEMORY_JOB_STALE_SECONDS)


def heartbeat_interval() -> float:
    return float(settings.MEMORY_JOB_HEARTBEAT_SECONDS)


def dead_after() -> timedelta:
    """A heartbeat this old means the claim's worker is gone (three missed beats)."""
    return timedelta(seconds=3 * heartbeat_interval())


def _silent_claims(now: datetime) -> Q:
    """Running jobs whose holder stopped beating (or, claimed before heartbeats, went stale)."""
    return Q(status=MemoryJob.Status.RUNNING) & (
        Q(heartbeat_at__lt=now - dead_after())
        | Q(heartbeat_at__isnull=True, claimed_at__lt=now - stale_after())
    )


def _dead_holders(jobs) -> Q:
    """Running jobs among ``jobs`` whose holder is a process of this host that is gone."""
    holders = {
        holder
        for holder in jobs.filter(status=MemoryJob.Status.RUNNING)
        .exclude(claimed_by="")
        .values_list("claimed_by", flat=True)
        if liveness.known_dead(holder)
    }
    return Q(status=MemoryJob.Status.RUNNING, claimed_by__in=holders) if holders else Q(pk=None)


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


# --------------------------------------------------------------------------- running


def job_claim(*, job_id: int) -> JobClaim | None:
    """Take the job for this worker, or None when it is finished, failed or claimed by a
    live worker. One conditional UPDATE, so two workers never both win; a job running under
    a dead claim (see the module docstring) is taken over, resuming after its last step."""
    now = timezone.now()
    job = MemoryJob.objects.filter(pk=job_id)
    claimable = Q(status=MemoryJob.Status.PENDING) | _silent_claims(now) | _dead_holders(job)
    won = job.filter(claimable).update(
        status=MemoryJob.Status.RUNNING,
        claimed_at=now,
        claimed_by=liveness.current(),
        heartbeat_at=now,
        attempts=F("attempts") + 1,
        updated_at=now,
    )
    if not won:
        return None
    attempts, step = MemoryJob.objects.values_list("attempts", "step").get(pk=job_id)
    if attempts > 1:
        logger.info(
            "memory job claimed again", extra={"job_id": job_id, "attempt": attempts, "step": step}
        )
    return JobClaim(job_id=job_id, claimed_at=now, attempts=attempts)


def _beat(claim: JobClaim) -> bool:
    """One heartbeat; False once the claim is lost. A row locked by the holder's own step
    transaction is skipped (that write refreshes the heartbeat itself)."""
    held = MemoryJob.objects.filter(
        pk=claim.job_id, status=MemoryJob.Status.RUNNING, claimed_at=claim.claimed_at
    )
    with transaction.atomic():
        if list(held.select_for_update(skip_locked=True).values_list("pk", flat=True)):
            held.update(heartbeat_at=timezone.now())
            return True
    return held.exists()


@contextmanager
def job_heartbeat(claim: JobClaim) -> Iterator[None]:
    """Refresh the claim's heartbeat from a thread of its own while the body runs, so a live
    worker in a long model call is never taken for a dead one. Off inside a transaction that
    other connections cannot see (tests, eager runs): nobody could take the job over there."""
    interval = heartbeat_interval()
    if interval <= 0 or connection.in_atomic_block:
        yield
        return
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(interval):
                try:
                    if not _beat(claim):
                        return
                except Exception:  # the database may be away for a moment: beat again later
                    logger.warning("memory job heartbeat failed", extra={"job_id": claim.job_id})
                    connection.close()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name=f"memory-job-{claim.job_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=30)


def job_get(*, claim: JobClaim) -> MemoryJob:
    return _held(claim, lock=False)


def _held(claim: JobClaim, *, lock: bool = True) -> MemoryJob:
    jobs = MemoryJob.objects.filter(
        pk=claim.job_id, status=MemoryJob.Status.RUNNING, claimed_at=claim.claimed_at
    )
    job = (jobs.select_for_update() if lock else jobs).first()
    if job is None:
        raise JobLostError(f"memory job {claim.job_id} is no longer claimed by this worker")
    return job


def _save_output(job: MemoryJob, step: str, output: Any, **extra_state: Any) -> None:
    state = dict(job.state or {})
    state["steps"] = {**state.get("steps", {}), step: output}
    state.update(extra_state)
    job.state = state
    job.step = step
    job.heartbeat_at = timezone.now()
    job.save(update_fields=["state", "step", "heartbeat_at", "updated_at"])


def job_mark_step(*, claim: JobClaim, step: str) -> None:
    """Show which step is running (admin, ``memory_jobs``)."""
    updated = MemoryJob.objects.filter(
        pk=claim.job_id, status=MemoryJob.Status.RUNNING, claimed_at=claim.claimed_at
    ).update(step=step, heartbeat_at=timezone.now(), updated_at=timezone.now())
    if not updated:
        raise JobLostError(f"memory job {claim.job_id} is no longer claimed by this worker")


def job_record_step(*, claim: JobClaim, context: JobContext, step: str, output: dict) -> dict:
    """Persist a step whose output is only data (summarize, relate, extract, embed)."""
    with transaction.atomic():
        _save_output(_held(claim), step, output)
    return output


def job_store_memories(*, claim: JobClaim, context: JobContext, step: str, output: dict) -> dict:
    """Write the store step's plan: vectors, then Memory rows and the summary, one commit."""
    vectors = context.output("embed")["vectors"]
    with transaction.atomic():
        job = _held(claim)
        memories: list[Memory] = []
        for plan in output["memories"]:
            # Plans made before chunks cited messages: active, covering the job's range.
            seqs = list(plan.get("source_seqs") or [])
            memory, _ = Memory.objects.get_or_create(
                job=job,
                chunk_index=plan["chunk_index"],
                defaults={
                    "owner_id": context.owner_id,
                    "character_id": context.character_id,
                    "origin_thread_id": context.thread_id,
                    "type": plan["type"],
                    "title": plan["title"],
                    "content": plan["content"],
                    "source_start_seq": min(seqs) if seqs else context.start_seq,
                    "source_end_seq": max(seqs) if seqs else context.end_seq,
                    "source_seqs": seqs,
                    "status": plan.get("status", Memory.Status.ACTIVE),
                    "support_note": plan.get("support_note", "")[:400],
                    "created_by": Memory.CreatedBy.PIPELINE,
                    "vector_id": plan["vector_id"],
                    "embedding_model": output["embedding_model"],
                    "content_hash": plan["content_hash"],
                    "token_count": plan["token_count"],
                },
            )
            memories.append(memory)
        job_vectors = [vectors[memory.chunk_index] for memory in memories]
        # The extractor's decisions (update, conflict) are applied in this same transaction,
        # so a rerun of a stored job finds nothing to do, and a rerun after a rollback applies
        # the same decisions again. An unverified memory's plan carries no decision.
        applied = memories_apply_decisions(
            context=context,
            memories=memories,
            decisions=[plan.get("decision") for plan in output["memories"]],
            remainders=[plan.get("remainder") for plan in output["memories"]],
            embedding_model=output["embedding_model"],
        )
        # A remainder's vector was made by the embed step beside its chunk's.
        remainder_vectors = context.output("embed").get("remainder_vectors") or []
        for row, chunk_index in applied.remainders:
            memories.append(row)
            job_vectors.append(remainder_vectors[chunk_index])
        # The profile follows the memories it is made of, in the same commit.
        profile_refresh(
            owner_id=context.owner_id,
            character_id=context.character_id,
            user_name=context.user_name,
            character_name=context.character_name,
        )
        summary, _ = Summary.objects.get_or_create(
            job=job,
            defaults={
                "thread_id": context.thread_id,
                "level": Summary.Level.RECENT,
                "start_seq": context.start_seq,
                "end_seq": context.end_seq,
                "text": output["summary"]["text"],
                "token_count": output["summary"]["token_count"],
            },
        )
        # The vectors go in before the rows become visible (the commit below). Their ids are
        # fixed by job and chunk, so a rerun after a crash here overwrites them.
        index.index_memories(
            memories=memories,
            vectors=job_vectors,
            model_id=output["embedding_model"],
        )
        stored = {
            "memory_ids": [memory.pk for memory in memories],
            "summary_id": summary.pk,
            "superseded_ids": applied.superseded_ids,
            "contested_ids": applied.contested_ids,
            "same_ids": list(output.get("same_ids", [])),
        }
        job.chunks_checked = len(memories)
        job.chunks_unverified = sum(
            1 for memory in memories if memory.status == Memory.Status.UNVERIFIED
        )
        job.save(update_fields=["chunks_checked", "chunks_unverified", "updated_at"])
        _save_output(job, step, stored, message_ids=[message.id for message in context.messages])
    return stored


def job_finish(*, claim: JobClaim, context: JobContext, step: str, output: dict) -> dict:
    """Index the job's summary (``summary:{pk}``, a pk that committed with the store step, so
    a rerun overwrites the same vector), mark the job succeeded, and after commit tell the
    open tabs and look for the next job."""
    with transaction.atomic():
        job = _held(claim)
        summary_id = context.output("store")["summary_id"]
        index.index_summaries(
            summaries=Summary.objects.filter(pk=summary_id).select_related("thread")
        )
        _save_output(job, step, output)
        job.status = MemoryJob.Status.SUCCEEDED
        job.last_error = ""
        job.save(update_fields=["status", "last_error", "updated_at"])
        memory_ids = list(output["memory_ids"])
        thread_id = context.thread_id
        for send in NotifyStep.events_after_commit(output):
            transaction.on_commit(send, robust=True)
        transaction.on_commit(lambda: job_create_if_due(thread_id=thread_id), robust=True)
    logger.info("memory job succeeded", extra={"job_id": claim.job_id, "memories": memory_ids})
    return output


def job_release(*, claim: JobClaim, step: str, error: str, final: bool) -> None:
    """A transient failure: back to pending for the task's retry, or failed after the last."""
    status = MemoryJob.Status.FAILED if final else MemoryJob.Status.PENDING
    outcome = "gave up after" if final else "will retry; attempt"
    MemoryJob.objects.filter(
        pk=claim.job_id, status=MemoryJob.Status.RUNNING, claimed_at=claim.claimed_at
    ).update(
        status=status,
        step=step,
        claimed_at=None,
        last_error=f"{step}: {error} ({outcome} {claim.attempts})",
        updated_at=timezone.now(),
    )


def job_fail(*, claim: JobClaim, step: str, error: str) -> None:
    """A failure that retrying as is cannot fix; kept for an operator to read and retry."""
    MemoryJob.objects.filter(
        pk=claim.job_id, status=MemoryJob.Status.RUNNING, claimed_at=claim.claimed_at
    ).update(
        status=MemoryJob.Status.FAILED,
        step=step,
        claimed_at=None,
        last_error=f"{step}: {error}",
        updated_at=timezone.now(),
    )
    logger.warning(
        "memory job failed", extra={"job_id": claim.job_id, "step": step, "error": error}
    )


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
