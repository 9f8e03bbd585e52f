"""Without any model key the offline provider runs the whole pipeline (``make run``)."""

from __future__ import annotations

from datetime import date

import pytest

from memories.models import Memory, MemoryJob, MemoryType, Summary
from memories.pipeline import PIPELINE_VERSION, summary_consolidate_day
from memories.pipeline.runner import Outcome, run_job
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


SAID_OVER_THREE_JOBS = [
    "*I set my bag down by the stove.* I work as a locksmith in the old town, so my hands are never clean.",
    "It was a long day. My daughter Noor turned six this morning and demanded pancakes.",
    "Honestly, I'm afraid of heights, so the lighthouse stairs are a small war for me.",
    "*I warm my hands on the mug.* I can't stand milky tea, but this is strong enough.",
    "I grew up in a fishing village on Skye, where the ferry came twice a week.",
    "My husband Idris paints boats for the harbour museum.",
    "I'm allergic to shellfish, so the harbour feast is mostly bread for me.",
    "I've kept bees on our roof for eleven years.",
    "My favourite season is late autumn, when the tourists have gone.",
]


def test_offline_jobs_across_a_long_chat_remember_the_user_and_never_the_stand_in(
    thread, django_capture_on_commit_callbacks
):
    from drawhisper.providers.base import ChatMessage
    from drawhisper.providers.offline.reply import MARKER, SIGNATURE, compose_reply

    turns = []
    for line in SAID_OVER_THREE_JOBS:
        reply = compose_reply([ChatMessage("system", "You are Mira."), ChatMessage("user", line)])
        turns += [("user", line), ("assistant", reply)]
    write_messages(thread, turns)
    for start in (1, 7, 13):
        job = MemoryJob.objects.create(
            thread=thread, start_seq=start, end_seq=start + 5, pipeline_version=PIPELINE_VERSION
        )
        with django_capture_on_commit_callbacks(execute=True):
            assert run_job(job_id=job.pk) == Outcome.SUCCEEDED, MemoryJob.objects.get(
                pk=job.pk
            ).last_error

    active = Memory.objects.filter(status="active")
    content = " ".join(memory.content for memory in active)
    for told in (
        "Alice works as a locksmith in the old town",
        "Alice's daughter Noor turned six this morning",
        "Alice is afraid of heights",
        "Alice can't stand milky tea",
        "Alice grew up in a fishing village on Skye",
        "Alice's husband Idris paints boats for the harbour museum.",
        "Alice is allergic to shellfish",
        "Alice has kept bees on their roof for eleven years.",
        "Alice's favourite season is late autumn",
    ):
        assert told in content, content
    everything = [m.title + m.content for m in Memory.objects.all()]
    everything += [s.text for s in Summary.objects.all()]
    assert not [
        text for text in everything if MARKER in text or SIGNATURE in text or "offline" in text
    ]
    assert {m.type for m in active} <= {
        "fact",
        "relationship",
        "emotion",
        "preference",
        "important_event",
    }


@pytest.mark.parametrize(
    ("said", "memory", "field", "value", "prompt_line"),
    [
        (
            "Hi Mira. I go by he/him, by the way.",
            "Alice goes by he/him.",
            "pronouns",
            "he/him",
            "Pronouns: he/him",
        ),
        (
            "Before we start: my pronouns are they/them.",
            "Alice's pronouns are they/them.",
            "pronouns",
            "they/them",
            "Pronouns: they/them",
        ),
        (
            "Please, call me Alex. Everyone does.",
            "Alice goes by Alex.",
            "name",
            "Alex",
            "- Alice goes by Alex.",
        ),
    ],
)
def test_what_the_user_asks_to_be_called_becomes_a_memory_and_reaches_the_profile(
    thread, django_capture_on_commit_callbacks, said, memory, field, value, prompt_line
):
    from memories.context import profile_prompt
    from memories.profile import profile_update, profile_view

    write_messages(
        thread,
        [
            ("user", said),
            ("assistant", "Noted. The tide is turning, shall we walk?"),
            ("user", "I work as a locksmith in the old town, so my hands are never clean."),
            ("assistant", "A locksmith! Then no door here will stop you."),
        ],
    )
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    active = Memory.objects.filter(status=Memory.Status.ACTIVE)
    assert any(memory in stored.content for stored in active), [m.content for m in active]
    owner, character = thread.owner_id, thread.character_id
    assert profile_view(owner_id=owner, character_id=character).data[field] == value
    prompt = profile_prompt(
        owner_id=owner, character_id=character, user_name="Alice", character_name="Mira"
    )
    assert prompt_line in prompt and "locksmith" in prompt

    # The user's own edit wins over what the pipeline learned, at the next job too.
    profile_update(owner_id=owner, character_id=character, changes={field: "Sam"})
    job.refresh_from_db()
    MemoryJob.objects.filter(pk=job.pk).update(status=MemoryJob.Status.PENDING, claimed_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        run_job(job_id=job.pk)
    assert profile_view(owner_id=owner, character_id=character).data[field] == "Sam"
