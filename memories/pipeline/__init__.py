"""The memory pipeline: a thread's history becomes a rolling summary and typed memories.

A MemoryJob covers one range of a thread's messages. The runner (``runner.run_job``) claims
the job, builds a frozen :class:`~memories.pipeline.job_context.JobContext` (``reads``) and
runs the steps (``steps``) in order: summarize, relate (the existing memories the extractor
is shown), extract, support (``grounding``: each chunk checked against the messages it
cites), embed, store, notify. Steps compute;
they never touch the ORM. After each step ``jobs`` persists its output in ``MemoryJob.state``
(and, for the store step, the rows and vectors, superseding older memories in the same
transaction: ``superseding``), so a rerun resumes after the last finished step and a
duplicate delivery finds nothing left to do. ``consolidation`` folds a day into a daily
summary; ``sources`` flags memories whose source messages changed.

This module is the pipeline's public interface: the rest of the app (tasks, triggers, the
admin, commands, the chat facade) imports only it. Modules inside the package import each
other, never this facade. The pipeline reads chat through ``chat.selectors`` and writes
vectors through ``memories.index``.

``PIPELINE_VERSION`` names the prompts and the step list; it is part of the job's unique key,
so changing the pipeline lets old ranges be processed again on purpose, never by accident.
"""

from __future__ import annotations

from memories.pipeline.consolidation import ConsolidateStep, summary_consolidate_day, summary_index
from memories.pipeline.job_context import DayContext, JobContext, TranscriptMessage
from memories.pipeline.jobs import (
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
from memories.pipeline.ranges import JobResult, job_create_for_range, job_result
from memories.pipeline.reads import (
    latest_summary_for_thread,
    messages_due_for_memory,
    threads_active_on,
)
from memories.pipeline.runner import Outcome, run_job
from memories.pipeline.schema import EXTRACT_SCHEMA
from memories.pipeline.sources import memories_flag_source_changed
from memories.pipeline.steps import (
    PIPELINE_VERSION,
    STEPS,
    EmbedStep,
    ExtractStep,
    NotifyStep,
    PipelineStepError,
    RelateStep,
    Step,
    StoreStep,
    SummarizeStep,
    SupportStep,
)

__all__ = [
    "EXTRACT_SCHEMA",
    "PIPELINE_VERSION",
    "STEPS",
    "ConsolidateStep",
    "DayContext",
    "EmbedStep",
    "ExtractStep",
    "JobClaim",
    "JobContext",
    "JobLostError",
    "JobResult",
    "NotifyStep",
    "Outcome",
    "PipelineStepError",
    "RelateStep",
    "Step",
    "StoreStep",
    "SummarizeStep",
    "SupportStep",
    "TranscriptMessage",
    "job_claim",
    "job_create_for_range",
    "job_create_if_due",
    "job_fail",
    "job_finish",
    "job_get",
    "job_mark_step",
    "job_record_step",
    "job_release",
    "job_result",
    "job_store_memories",
    "jobs_requeue_stale",
    "jobs_retry",
    "latest_summary_for_thread",
    "memories_flag_source_changed",
    "messages_due_for_memory",
    "run_job",
    "summary_consolidate_day",
    "summary_index",
    "threads_active_on",
]
