"""MemoryJob lifecycle: create when due, claim, record each step, store, finish, fail, retry.

A job is created for a thread's range once it is due and its task enqueued on commit; a
worker claims it and keeps the claim beating while the steps run; each step's output is
recorded under the claim, the store step's rows and vectors in one transaction, and the job
ends succeeded, released for a retry, or failed for an operator to retry. Each module states
its invariants.

The package's modules, this one its public face (``memories.pipeline`` and its runner import
it): ``claims`` (claiming a job, the claim's heartbeat, a dead claim, reading the job under
the claim), ``queueing`` (creating a job when due, enqueueing its task by name, enqueueing
again the stale ones, retrying failed ones) and ``recording`` (each step's output, the store
step, success, release and failure).
"""

from memories.pipeline.jobs.claims import (
    JobClaim,
    JobLostError,
    dead_after,
    heartbeat_interval,
    job_claim,
    job_get,
    job_heartbeat,
    stale_after,
)
from memories.pipeline.jobs.claims import (
    _beat as _beat,  # one heartbeat, which the runner tests drive
)
from memories.pipeline.jobs.queueing import (
    ARCHIVE_TASK,
    RUN_JOB_TASK,
    enqueue_archive,
    enqueue_job,
    job_create_if_due,
    jobs_requeue_stale,
    jobs_retry,
)
from memories.pipeline.jobs.recording import (
    job_fail,
    job_finish,
    job_mark_step,
    job_record_step,
    job_release,
    job_store_memories,
)

__all__ = [
    "JobClaim",
    "JobLostError",
    "stale_after",
    "heartbeat_interval",
    "dead_after",
    "job_claim",
    "job_heartbeat",
    "job_get",
    "RUN_JOB_TASK",
    "ARCHIVE_TASK",
    "enqueue_job",
    "enqueue_archive",
    "job_create_if_due",
    "jobs_requeue_stale",
    "jobs_retry",
    "job_mark_step",
    "job_record_step",
    "job_store_memories",
    "job_finish",
    "job_release",
    "job_fail",
]
