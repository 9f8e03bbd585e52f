"""Without any model key the offline provider runs the whole pipeline (``make run``)."""

from __future__ import annotations

from datetime import date

import pytest

from memories.models import Memory, MemoryJob, MemoryType, Summary
from memories.pipeline import PIPELINE_VERSION
from memories.pipeline.runner import Outcome, run_job
from memories.services.pipeline import summary_consolidate_day
from tests.pipeline.conftest import LONG_TURNS, write_messages

OFFLINE = {
    "BACKEND": "drawhisper.providers.offline.OfflineChatBackend",
    "OPTIONS": {"model": "offline"},
}


@pytest.fixture(autouse=True)
def offline_models(settings):
    settings.LLM_BACKENDS = {"chat": OFFLINE, "summary": OFFLINE, "extract": OFFLINE}


def test_the_offline_models_produce_a_summary_and_typed_memories(
    thread, django_capture_on_commit_callbacks
):
    write_messages(thread, LONG_TURNS)
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED, MemoryJob.objects.get(
            pk=job.pk
        ).last_error
    memories = list(Memory.objects.all())
    assert 1 <= len(memories) <= 3
    assert all(memory.type in MemoryType.values and memory.content for memory in memories)
    summary = Summary.objects.get()
    assert summary.text and "Pixel" in summary.text


def test_the_offline_model_writes_a_daily_summary(thread):
    write_messages(thread, LONG_TURNS)
    summary = summary_consolidate_day(thread_id=thread.pk, day=date(2026, 11, 29))
    assert summary is not None and summary.text
