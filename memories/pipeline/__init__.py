"""The memory pipeline: a thread's history becomes a rolling summary and typed memories.

A MemoryJob covers one range of a thread's messages. The runner (``runner.run_job``) claims
the job, builds a frozen :class:`~memories.pipeline.context.JobContext` and runs the steps in
order: summarize, extract, embed, store, notify. Steps compute; they never touch the ORM.
After each step ``memories.services.pipeline`` persists its output in ``MemoryJob.state``
(and, for the store step, the rows and vectors), so a rerun resumes after the last finished
step and a duplicate delivery finds nothing left to do.

``PIPELINE_VERSION`` names the prompts and the step list; it is part of the job's unique key,
so changing the pipeline lets old ranges be processed again on purpose, never by accident.
"""

from __future__ import annotations

PIPELINE_VERSION = "v1"
