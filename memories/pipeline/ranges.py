"""Jobs for an explicit range of a thread, run by their caller rather than the queue.

The pipeline's own jobs are created when due (``jobs.job_create_if_due``) and enqueued. A
caller that replays a history range by range and runs each job itself (``run_job``), such
as a benchmark replaying a conversation session by session, creates its jobs here and reads
what each one stored afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memories.models import MemoryJob
from memories.pipeline.steps import PIPELINE_VERSION


@dataclass(frozen=True)
class JobResult:
    status: str
    # The store step's output ({"memory_ids", "summary_id", ...}), once it ran.
    stored: dict[str, Any] = field(default_factory=dict)
    error: str = ""


def job_create_for_range(*, thread_id: int, start_seq: int, end_seq: int) -> int:
    """A pending job for messages ``start_seq``..``end_seq`` (not enqueued); its id. The
    same range twice is the same job."""
    job, _ = MemoryJob.objects.get_or_create(
        thread_id=thread_id,
        end_seq=end_seq,
        pipeline_version=PIPELINE_VERSION,
        defaults={"start_seq": start_seq},
    )
    return job.pk


def job_result(*, job_id: int) -> JobResult:
    job = MemoryJob.objects.only("status", "state", "last_error").get(pk=job_id)
    stored = (job.state or {}).get("steps", {}).get("store") or {}
    return JobResult(status=job.status, stored=dict(stored), error=job.last_error)
