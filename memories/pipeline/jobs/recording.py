"""Writing a claimed MemoryJob's progress: each step's output, the store step's rows and
vectors, success, a retry's release and a failure.

Invariants:
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
from typing import Any

from django.db import transaction
from django.utils import timezone

from memories import index
from memories.models import Memory, MemoryJob, Summary
from memories.pipeline.job_context import JobContext
from memories.pipeline.jobs.claims import JobClaim, JobLostError, _held
from memories.pipeline.jobs.queueing import job_create_if_due
from memories.pipeline.steps.notify import NotifyStep
from memories.pipeline.superseding import memories_apply_decisions
from memories.profile import profile_refresh

logger = logging.getLogger(__name__)


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
        index.index_summaries(summaries=Summary.objects.filter(pk=summary_id))
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
