"""The runner: steps and persistence, exactly once through crashes, duplicates and retries
(who holds a job while it runs, and who takes it over: test_claims)."""

from __future__ import annotations

import pytest

from drawhisper.providers.base import PermanentProviderError, TransientProviderError
from drawhisper.providers.fake import ScriptedChatBackend
from memories.models import Memory, MemoryJob, Summary
from memories.pipeline import PIPELINE_VERSION, jobs_retry
from memories.pipeline.runner import Outcome, run_job
from memories.pipeline.steps import STEPS
from memories.tasks import run_memory_job
from tests.pipeline.conftest import DEFAULT_CHUNKS, LONG_TURNS, script_router, write_messages
from tests.pipeline.support import (
    CrashAfterUpsertVectorStore,
    InMemoryVectorStore,
    RecordingChannelLayer,
    SimulatedCrash,
    age_claim,
    crash_after,
)


def snapshot():
    """Everything a job writes, in a comparable form."""
    memories = list(
        Memory.objects.order_by("pk").values_list(
            "pk",
            "job_id",
            "chunk_index",
            "type",
            "title",
            "vector_id",
            "content_hash",
            "source_start_seq",
            "source_end_seq",
        )
    )
    summaries = list(
        Summary.objects.order_by("pk").values_list("pk", "level", "start_seq", "end_seq", "text")
    )
    vectors = {
        vector_id: record.metadata for vector_id, record in InMemoryVectorStore.records.items()
    }
    return memories, summaries, vectors


def test_a_job_stores_memories_the_summary_and_vectors_and_tells_the_tabs(job, committed):
    script_router()
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED

    job.refresh_from_db()
    assert job.status == "succeeded" and job.attempts == 1 and job.last_error == ""
    memories = list(Memory.objects.order_by("chunk_index"))
    assert [(m.type, m.title) for m in memories] == [
        (c["type"], c["title"]) for c in DEFAULT_CHUNKS
    ]
    first = memories[0]
    assert (first.owner_id, first.character_id, first.origin_thread_id) == (
        job.thread.owner_id,
        job.thread.character_id,
        job.thread_id,
    )
    # Each memory cites the message it came from, not the job's whole range (1-4).
    assert (first.source_start_seq, first.source_end_seq, first.job_id, first.chunk_index) == (
        2,
        2,
        job.pk,
        0,
    )
    assert [m.source_seqs for m in memories] == [[2], [4]]
    assert [m.status for m in memories] == ["active", "active"]
    job.refresh_from_db()
    assert (job.chunks_checked, job.chunks_unverified) == (2, 0)
    assert first.vector_id == f"memory:job{job.pk}:chunk0"
    assert first.embedding_model == "fake-64" and first.token_count > 0 and first.content_hash

    record = InMemoryVectorStore.records[first.vector_id]
    assert record.metadata == {
        "owner": first.owner_id,
        "character": first.character_id,
        "thread": job.thread_id,
        "kind": "memory",
        "type": "fact",
        "shared": False,
        "status": "active",
        "source_id": first.pk,
    }
    summary = Summary.objects.get()
    assert (summary.level, summary.start_seq, summary.end_seq, summary.job_id) == (
        "recent",
        1,
        4,
        job.pk,
    )
    assert summary.text == "Alice told Mira about her new cat Pixel."
    assert summary.vector_id == f"summary:{summary.pk}"
    assert InMemoryVectorStore.records[summary.vector_id].metadata["kind"] == "summary"

    events = RecordingChannelLayer.events("memory.created")
    group = f"user.{job.thread.owner_id}.character.{job.thread.character_id}"
    assert [g for g, _ in events] == [group, group]  # once per memory, to the character's tabs
    assert [event["memory"]["id"] for _, event in events] == [m.pk for m in memories]
    assert job.state["message_ids"] == list(
        job.thread.messages.filter(seq__lte=4).order_by("seq").values_list("pk", flat=True)
    )


def test_the_original_messages_are_left_untouched(job, committed):
    before = list(job.thread.messages.order_by("seq").values())
    script_router()
    with committed():
        run_job(job_id=job.pk)
    assert list(job.thread.messages.order_by("seq").values()) == before


def test_running_a_job_twice_changes_nothing_the_second_time(job, committed):
    script_router()
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    before, calls, events = (
        snapshot(),
        len(ScriptedChatBackend.calls),
        len(RecordingChannelLayer.sent),
    )

    with committed():
        assert run_job(job_id=job.pk) == Outcome.SKIPPED
        assert run_memory_job.apply(args=[job.pk]).get() == "skipped"
    assert snapshot() == before
    assert len(ScriptedChatBackend.calls) == calls  # no model was asked again
    assert len(RecordingChannelLayer.sent) == events
    job.refresh_from_db()
    assert job.attempts == 1


@pytest.mark.parametrize("finished_steps", range(len(STEPS)))
def test_a_crash_between_any_two_steps_then_a_rerun_stores_each_memory_once(
    job, committed, finished_steps
):
    script_router()
    crash_after(job, finished_steps)
    job.refresh_from_db()
    assert job.status == "running"
    assert sorted(job.state.get("steps", {})) == sorted(
        step.name for step in STEPS[:finished_steps]
    )

    assert run_job(job_id=job.pk) == Outcome.SKIPPED  # the claim is still live
    age_claim(job)
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED

    assert Memory.objects.count() == len(DEFAULT_CHUNKS)
    assert Summary.objects.count() == 1
    assert InMemoryVectorStore.ids("memory:") == [
        f"memory:job{job.pk}:chunk{i}" for i in range(len(DEFAULT_CHUNKS))
    ]
    for memory in Memory.objects.all():
        assert InMemoryVectorStore.records[memory.vector_id].metadata["source_id"] == memory.pk
    assert InMemoryVectorStore.ids("summary:") == [f"summary:{Summary.objects.get().pk}"]
    # the summary model ran once unless the crash came before its output was saved
    summary_calls = [
        call for call in ScriptedChatBackend.calls if "running summary" in call[0].content
    ]
    assert len(summary_calls) == 1


def test_a_crash_right_after_the_vector_upsert_leaves_no_duplicates(job, settings, committed):
    settings.VECTOR_STORES = {
        "default": {"BACKEND": "tests.pipeline.support.CrashAfterUpsertVectorStore", "OPTIONS": {}}
    }
    CrashAfterUpsertVectorStore.arm()
    script_router()
    with committed(), pytest.raises(SimulatedCrash):
        run_job(job_id=job.pk)
    # The vectors are in, the rows were rolled back with the transaction.
    assert len(InMemoryVectorStore.ids("memory:")) == len(DEFAULT_CHUNKS)
    assert not Memory.objects.exists() and not Summary.objects.exists()
    assert RecordingChannelLayer.events("memory.created") == []

    age_claim(job)
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    memories = list(Memory.objects.order_by("chunk_index"))
    assert len(memories) == len(DEFAULT_CHUNKS) and Summary.objects.count() == 1
    assert InMemoryVectorStore.ids("memory:") == sorted(m.vector_id for m in memories)
    assert [InMemoryVectorStore.records[m.vector_id].metadata["source_id"] for m in memories] == [
        m.pk for m in memories
    ]
    assert len(RecordingChannelLayer.events("memory.created")) == len(DEFAULT_CHUNKS)
    assert InMemoryVectorStore.ids("summary:") == [f"summary:{Summary.objects.get().pk}"]


def test_a_transient_error_puts_the_job_back_for_a_retry(job):
    def rate_limited(messages):
        raise TransientProviderError("The model provider is rate limiting requests (429).")

    ScriptedChatBackend.script(rate_limited)
    with pytest.raises(TransientProviderError):
        run_job(job_id=job.pk, final_attempt=False)
    job.refresh_from_db()
    assert job.status == "pending" and job.step == "summarize"
    assert "429" in job.last_error and "will retry" in job.last_error


def test_a_transient_error_on_the_last_attempt_fails_the_job(job):
    ScriptedChatBackend.script(
        lambda messages: (_ for _ in ()).throw(TransientProviderError("timed out"))
    )
    with pytest.raises(TransientProviderError):
        run_job(job_id=job.pk, final_attempt=True)
    job.refresh_from_db()
    assert job.status == "failed" and "gave up" in job.last_error


def test_a_429_from_the_provider_is_retried_by_the_task(job, eager_celery, committed):
    calls = []

    def rate_limited_once(messages):
        calls.append(1)
        if len(calls) == 1:
            raise TransientProviderError("The model provider is rate limiting requests (429).")
        return "Alice told Mira about her new cat Pixel."

    ScriptedChatBackend.script(rate_limited_once, rate_limited_once)
    script_router()
    eager_celery.conf.task_eager_propagates = False  # eager retries re-run only when not propagated
    with committed():
        run_memory_job.delay(job.pk)
    job.refresh_from_db()
    assert job.status == "succeeded" and job.attempts == 2
    assert Memory.objects.count() == len(DEFAULT_CHUNKS)


def test_persistent_invalid_json_fails_readably_and_writes_nothing(job, committed):
    ScriptedChatBackend.script(
        "Alice told Mira about her cat.", '{"chunks": [', "I cannot do JSON, sorry."
    )
    with committed():
        assert run_job(job_id=job.pk) == Outcome.FAILED
    job.refresh_from_db()
    assert job.status == "failed" and job.step == "extract"
    assert job.last_error.startswith("extract: The extraction model returned invalid output twice")
    assert "not valid JSON" in job.last_error
    assert not Memory.objects.exists() and not Summary.objects.exists()
    assert InMemoryVectorStore.records == {}
    assert RecordingChannelLayer.sent == []


def test_a_permanent_provider_error_fails_the_job(job):
    ScriptedChatBackend.script(
        lambda messages: (_ for _ in ()).throw(PermanentProviderError("The API key was rejected."))
    )
    assert run_job(job_id=job.pk) == Outcome.FAILED
    job.refresh_from_db()
    assert job.status == "failed" and job.last_error == "summarize: The API key was rejected."


def test_a_retried_failed_job_resumes_after_its_finished_steps(job, committed, eager_celery):
    ScriptedChatBackend.script("Alice told Mira about her cat.", "nope", "nope again")
    assert run_job(job_id=job.pk) == Outcome.FAILED
    script_router()
    with committed():
        assert jobs_retry(job_ids=[job.pk]) == [job.pk]  # enqueued on commit, run eagerly
    job.refresh_from_db()
    assert job.status == "succeeded" and job.attempts == 2
    assert Summary.objects.get().text == "Alice told Mira about her cat."  # not summarised again
    assert Memory.objects.count() == len(DEFAULT_CHUNKS)


def test_a_job_whose_messages_are_gone_fails_readably(job):
    job.thread.messages.update(active=False)
    assert run_job(job_id=job.pk) == Outcome.FAILED
    job.refresh_from_db()
    assert "messages are gone" in job.last_error


def test_the_new_summary_becomes_the_threads_rolling_summary(job, committed):
    from memories.context import rolling_summary

    assert rolling_summary(thread_id=job.thread_id) is None
    script_router()
    with committed():
        run_job(job_id=job.pk)
    item = rolling_summary(thread_id=job.thread_id)
    assert item.kind == "summary" and item.text == "Alice told Mira about her new cat Pixel."
    assert (item.start_seq, item.end_seq) == (1, 4) and item.tokens > 0


def test_the_next_job_is_given_the_previous_summary(job, committed):
    script_router(summary="Alice adopted Pixel.")
    with committed():
        run_job(job_id=job.pk)
    write_messages(job.thread, LONG_TURNS, start_seq=6)
    second = MemoryJob.objects.create(
        thread=job.thread, start_seq=5, end_seq=9, pipeline_version=PIPELINE_VERSION
    )
    ScriptedChatBackend.calls.clear()
    script_router(summary="Alice adopted Pixel and came back.")
    with committed():
        assert run_job(job_id=second.pk) == Outcome.SUCCEEDED
    summary_prompt = ScriptedChatBackend.calls[0][-1].content
    assert "<previous_summary>\nAlice adopted Pixel.\n</previous_summary>" in summary_prompt
    assert Memory.objects.count() == 4
    assert {m.vector_id for m in Memory.objects.filter(job=second)} == {
        f"memory:job{second.pk}:chunk0",
        f"memory:job{second.pk}:chunk1",
    }
