"""The memory pipeline's writes (the steps in ``memories.pipeline`` only compute).

- ``jobs``: create a job when due, claim it, persist each step's output, store the memories
  and the rolling summary, finish, fail, retry.
- ``archive``: index messages word for word for retrieval, skipping filler.
- ``sources``: flag memories whose source messages changed.
- ``consolidation``: the daily summary of a thread.
"""

from __future__ import annotations

from memories.services.pipeline.archive import (
    is_worth_archiving,
    message_archive_refresh,
    messages_archive,
)
from memories.services.pipeline.consolidation import summary_consolidate_day, summary_index
from memories.services.pipeline.jobs import (
    JobClaim,
    JobLostError,
    job_claim,
    job_create_if_due,
    job_fail,
    job_finish,
    job_get,
    job_mark_step,
    job_record_step,
    job_release,
    job_store_memories,
    jobs_requeue_stale,
    jobs_retry,
)
from memories.services.pipeline.sources import memories_flag_source_changed

__all__ = [
    "JobClaim",
    "JobLostError",
    "is_worth_archiving",
    "job_claim",
    "job_create_if_due",
    "job_fail",
    "job_finish",
    "job_get",
    "job_mark_step",
    "job_record_step",
    "job_release",
    "job_store_memories",
    "jobs_requeue_stale",
    "jobs_retry",
    "memories_flag_source_changed",
    "message_archive_refresh",
    "messages_archive",
    "summary_consolidate_day",
    "summary_index",
]
