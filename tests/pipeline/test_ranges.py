"""Jobs for an explicit range, run by their caller: created once per range, never enqueued,
and what the run stored (or why it failed) read back."""

from __future__ import annotations

from memories.models import Memory, MemoryJob
from memories.pipeline import (
    STEPS,
    Outcome,
    job_create_for_range,
    job_result,
    run_job,
)
from tests.pipeline.conftest import LONG_TURNS, script_router, write_messages


def test_a_range_job_is_created_once_runs_when_asked_and_reports_what_it_stored(
    thread, django_capture_on_commit_callbacks
):
    write_messages(thread, LONG_TURNS)
    with django_capture_on_commit_callbacks() as callbacks:
        job_id = job_create_for_range(thread_id=thread.pk, start_seq=1, end_seq=4)
    assert callbacks == []  # nothing enqueued: the caller runs it
    assert job_create_for_range(thread_id=thread.pk, start_seq=1, end_seq=4) == job_id
    assert job_result(job_id=job_id).status == MemoryJob.Status.PENDING
    assert job_result(job_id=job_id).stored == {}

    script_router()
    steps = tuple(step for step in STEPS if step.name != "notify")
    assert run_job(job_id=job_id, steps=steps) == Outcome.SUCCEEDED
    result = job_result(job_id=job_id)
    stored = Memory.objects.filter(job_id=job_id).order_by("chunk_index")
    assert result.stored["memory_ids"] == [memory.pk for memory in stored]
    assert [m.title for m in stored] == ["Alice's cat", "Loves the sea"]
    assert result.error == ""


def test_a_failed_range_job_reports_its_error(thread):
    write_messages(thread, LONG_TURNS)
    job_id = job_create_for_range(thread_id=thread.pk, start_seq=1, end_seq=4)
    script_router(chunks=[])  # no chunk: invalid, twice
    assert run_job(job_id=job_id) == Outcome.FAILED
    result = job_result(job_id=job_id)
    assert result.status == MemoryJob.Status.FAILED
    assert "invalid output" in result.error and result.stored == {}
