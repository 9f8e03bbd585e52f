"""Run one MemoryJob: claim it, run the steps not yet recorded, persist each, record failures.

Outcomes (:class:`Outcome`): ``succeeded``; ``skipped`` when the job could not be claimed
(already finished, failed, or running in a live worker: a duplicate delivery lands here);
``failed`` for a permanent, readable failure (invalid model output twice, a rejected
request); ``lost`` when a takeover (the claim looked dead) took the claim away mid-run. While a job
runs, its claim's heartbeat is refreshed (``jobs.job_heartbeat``).

A transient provider error (timeout, 429, 5xx) releases the job back to ``pending`` and is
re-raised, so the Celery task retries it with backoff; on the task's last attempt
(``final_attempt``) the job is marked failed instead. Any other exception marks the job failed
with the error and is re-raised, so it is logged with its traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from enum import StrEnum

from drawhisper.providers.base import PermanentProviderError, TransientProviderError
from memories.pipeline import jobs
from memories.pipeline.job_context import JobContext
from memories.pipeline.reads import job_context
from memories.pipeline.steps import STEPS, PipelineStepError, Step

logger = logging.getLogger(__name__)

Persist = Callable[..., dict]

# Which service persists each step's output.
PERSIST: dict[str, Persist] = {
    "summarize": jobs.job_record_step,
    "relate": jobs.job_record_step,
    "extract": jobs.job_record_step,
    "support": jobs.job_record_step,
    "embed": jobs.job_record_step,
    "store": jobs.job_store_memories,
    "notify": jobs.job_finish,
}


class Outcome(StrEnum):
    SUCCEEDED = "succeeded"
    SKIPPED = "skipped"
    FAILED = "failed"
    LOST = "lost"


def run_job(*, job_id: int, final_attempt: bool = True, steps: Sequence[Step] = STEPS) -> Outcome:
    claim = jobs.job_claim(job_id=job_id)
    if claim is None:
        logger.info("memory job not claimable; nothing to do", extra={"job_id": job_id})
        return Outcome.SKIPPED
    with jobs.job_heartbeat(claim):
        return _run_claimed(claim, steps, final_attempt=final_attempt)


def _run_claimed(claim: jobs.JobClaim, steps: Sequence[Step], *, final_attempt: bool) -> Outcome:
    job_id = claim.job_id
    step_name = "start"
    try:
        context: JobContext = job_context(job=jobs.job_get(claim=claim))
        if not context.messages:
            raise PipelineStepError("The job's messages are gone (deleted or replaced).")
        for step in steps:
            step_name = step.name
            if context.has_output(step.name):
                continue
            jobs.job_mark_step(claim=claim, step=step.name)
            output = step.run(context)
            persist = PERSIST.get(step.name, jobs.job_record_step)
            stored = persist(claim=claim, context=context, step=step.name, output=output)
            context = context.with_output(step.name, stored)
        return Outcome.SUCCEEDED
    except jobs.JobLostError:
        logger.warning("memory job taken over by another worker", extra={"job_id": job_id})
        return Outcome.LOST
    except TransientProviderError as error:
        jobs.job_release(claim=claim, step=step_name, error=str(error), final=final_attempt)
        raise
    except (PipelineStepError, PermanentProviderError) as error:
        jobs.job_fail(claim=claim, step=step_name, error=str(error))
        return Outcome.FAILED
    except Exception as error:
        jobs.job_fail(
            claim=claim, step=step_name, error=f"unexpected {type(error).__name__}: {error}"
        )
        raise
