"""Who runs a MemoryJob: claiming it, the claim's heartbeat, and reading the job under
the claim.

Invariants:
- A job runs only while claimed: ``job_claim`` is one conditional UPDATE (pending, or running
  under a dead claim, becomes running with attempts + 1). The claim's ``claimed_at`` is its
  token; every later write checks it, so a worker that lost its claim to a takeover cannot
  write anything (:class:`JobLostError`).
- A claim is dead when its heartbeat (``heartbeat_at``, refreshed by ``job_heartbeat`` every
  ``MEMORY_JOB_HEARTBEAT_SECONDS`` and by every write of the holder) is three intervals old,
  or at once when its holder (``claimed_by``, ``drawhisper.liveness``) is a process of this
  host that is gone. A redelivered task takes such a job over; ``jobs_requeue_stale``
  (``queueing``) puts it back to pending and enqueues it again, so a killed worker delays a
  job by seconds.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from drawhisper import liveness
from memories.models import MemoryJob

logger = logging.getLogger(__name__)


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
