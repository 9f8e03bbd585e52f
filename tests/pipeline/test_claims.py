"""Who runs a memory job: one claim at a time, kept by its worker's heartbeat, taken over
when that worker is gone (its process on this host exited, or its heartbeat is three beats
old), and beat's sweep that enqueues a dead worker's job again."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from drawhisper.providers.fake import ScriptedChatBackend
from memories.models import Memory, MemoryJob, Summary
from memories.pipeline import PIPELINE_VERSION, job_claim, jobs_requeue_stale
from memories.pipeline.runner import Outcome, run_job
from memories.pipeline.steps import STEPS
from tests.pipeline.conftest import DEFAULT_CHUNKS, script_router
from tests.pipeline.support import RecordingChannelLayer, age_claim, crash_after
from tests.support import processes


def test_a_second_delivery_while_the_job_runs_is_a_no_op(job):
    claim = job_claim(job_id=job.pk)
    assert claim is not None
    assert job_claim(job_id=job.pk) is None
    assert run_job(job_id=job.pk) == Outcome.SKIPPED
    job.refresh_from_db()
    assert job.attempts == 1


def test_a_worker_that_lost_its_claim_writes_nothing(job, committed):
    script_router()

    class TakeOver:
        name = "takeover"

        def run(self, context):
            age_claim(job)
            assert job_claim(job_id=job.pk) is not None  # another worker takes the job
            return {}

    assert run_job(job_id=job.pk, steps=(STEPS[0], TakeOver(), *STEPS[1:])) == Outcome.LOST
    assert not Memory.objects.exists()


def test_a_job_whose_worker_process_died_is_taken_over_at_once_and_resumes(job, committed):
    """A redelivered task does not wait for the heartbeat to age when the claim's process, on
    this host, is gone (kill -9): it takes the job over and goes on after the last step."""
    script_router()
    crash_after(job, 2)  # summarize and extract are recorded
    MemoryJob.objects.filter(pk=job.pk).update(
        claimed_by=processes.exited_process_identity(), heartbeat_at=timezone.now()
    )
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED

    job.refresh_from_db()
    assert job.status == "succeeded" and job.attempts == 2
    assert Memory.objects.count() == len(DEFAULT_CHUNKS) and Summary.objects.count() == 1
    summary_calls = [c for c in ScriptedChatBackend.calls if "running summary" in c[0].content]
    assert len(summary_calls) == 1  # the taker resumed; it did not summarise again
    assert len(RecordingChannelLayer.events("memory.created")) == len(DEFAULT_CHUNKS)


def test_a_live_claim_is_kept_until_its_heartbeat_is_three_beats_old(job, settings):
    settings.MEMORY_JOB_HEARTBEAT_SECONDS = 5
    assert job_claim(job_id=job.pk) is not None
    holder = "another-machine:4242:1"  # a worker elsewhere: only its heartbeat tells
    beat = MemoryJob.objects.filter(pk=job.pk)
    beat.update(claimed_by=holder, heartbeat_at=timezone.now() - timedelta(seconds=10))
    assert job_claim(job_id=job.pk) is None  # two beats missed: maybe just slow
    beat.update(heartbeat_at=timezone.now() - timedelta(seconds=16))
    assert job_claim(job_id=job.pk) is not None
    job.refresh_from_db()
    assert job.attempts == 2 and job.claimed_by != holder


def test_the_sweep_enqueues_jobs_of_dead_workers_again_once_per_window(
    job, thread, settings, django_capture_on_commit_callbacks
):
    settings.MEMORY_JOB_HEARTBEAT_SECONDS = 5
    live = MemoryJob.objects.create(
        thread=thread, start_seq=5, end_seq=6, pipeline_version=PIPELINE_VERSION
    )
    assert job_claim(job_id=job.pk) is not None and job_claim(job_id=live.pk) is not None
    long_ago = timezone.now() - timedelta(minutes=5)
    MemoryJob.objects.filter(pk=job.pk).update(
        claimed_by=processes.exited_process_identity(), updated_at=long_ago
    )
    MemoryJob.objects.filter(pk=live.pk).update(updated_at=long_ago)  # quiet but beating

    with django_capture_on_commit_callbacks() as enqueued:
        assert jobs_requeue_stale() == [job.pk]
    assert len(enqueued) == 1
    with django_capture_on_commit_callbacks() as enqueued:
        assert jobs_requeue_stale() == []  # already enqueued again within this window
    assert enqueued == []


def test_the_heartbeat_of_a_running_job_shows_its_worker_is_alive(job, settings):
    settings.MEMORY_JOB_HEARTBEAT_SECONDS = 5
    claim = job_claim(job_id=job.pk)
    MemoryJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    from memories.pipeline.jobs import _beat

    assert _beat(claim) is True
    assert job_claim(job_id=job.pk) is None  # beating again: not taken over
    age_claim(job)
    assert job_claim(job_id=job.pk) is not None
    assert _beat(claim) is False  # the first worker hears it lost the job


@pytest.mark.django_db(transaction=True)
def test_a_worker_busy_in_a_long_step_keeps_beating(job, settings):
    """The heartbeat runs beside the step (a long model call), on its own connection."""
    settings.MEMORY_JOB_HEARTBEAT_SECONDS = 0.05
    claim = job_claim(job_id=job.pk)
    MemoryJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    from memories.pipeline.jobs import job_heartbeat

    with job_heartbeat(claim):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.heartbeat_at > timezone.now() - timedelta(minutes=1):
                break
            time.sleep(0.05)
        assert job.heartbeat_at > timezone.now() - timedelta(minutes=1)
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == 1
