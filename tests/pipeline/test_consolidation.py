"""Daily consolidation: one embedded daily summary per thread and day, made once."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from drawhisper.providers.fake import ScriptedChatBackend
from memories.models import Summary
from memories.pipeline import summary_consolidate_day
from memories.tasks import consolidate_all_threads
from tests.factories import ThreadFactory
from tests.pipeline.conftest import LONG_TURNS, write_messages
from tests.pipeline.support import InMemoryVectorStore

DAY = date(2026, 11, 29)
DAILY = "On 2026-11-29 Alice told Mira about Pixel and planned a trip to see her sister."


@pytest.fixture
def busy_day(thread):
    """Messages 1-5 summarised by a job that day, 6-8 not yet summarised, 9 ("ok") filler."""
    write_messages(thread, LONG_TURNS)
    later = [
        ("user", "Tomorrow I am driving up the coast to see my sister Ines in Falmouth."),
        ("assistant", "Give Ines my regards, and mind the fog on the coast road."),
        ("user", "I will bring her one of your lighthouse postcards."),
        ("assistant", "ok"),
    ]
    write_messages(thread, later, start_seq=6, day=datetime(2026, 11, 29, 18, 0, tzinfo=UTC))
    recent = Summary.objects.create(
        thread=thread,
        level="recent",
        start_seq=1,
        end_seq=5,
        text="Alice adopted a cat called Pixel.",
    )
    Summary.objects.filter(pk=recent.pk).update(
        created_at=datetime(2026, 11, 29, 15, 0, tzinfo=UTC)
    )
    return thread


def test_a_day_is_folded_into_one_embedded_daily_summary(busy_day):
    ScriptedChatBackend.script(DAILY)
    summary = summary_consolidate_day(thread_id=busy_day.pk, day=DAY)

    assert (summary.level, summary.day, summary.start_seq, summary.end_seq) == ("daily", DAY, 1, 9)
    assert summary.text == DAILY and summary.token_count > 0
    assert summary.vector_id == f"summary:{summary.pk}"
    record = InMemoryVectorStore.records[summary.vector_id]
    assert record.metadata["kind"] == "summary" and record.metadata["source_id"] == summary.pk
    assert (
        record.metadata["owner"] == busy_day.owner_id and record.metadata["thread"] == busy_day.pk
    )

    prompt = ScriptedChatBackend.calls[-1][-1].content
    assert "<recent_summaries>\nAlice adopted a cat called Pixel.\n</recent_summaries>" in prompt
    assert "Alice: Tomorrow I am driving up the coast" in prompt  # unsummarised
    assert "Pixel and he already sleeps" not in prompt  # already in the recent summary
    assert "(2026-11-29)" in prompt


def test_consolidating_twice_changes_nothing_the_second_time(busy_day):
    ScriptedChatBackend.script(DAILY)
    first = summary_consolidate_day(thread_id=busy_day.pk, day=DAY)
    records, calls = dict(InMemoryVectorStore.records), len(ScriptedChatBackend.calls)

    again = summary_consolidate_day(thread_id=busy_day.pk, day=DAY)
    assert again.pk == first.pk
    assert Summary.objects.filter(level="daily").count() == 1
    assert InMemoryVectorStore.records == records
    assert len(ScriptedChatBackend.calls) == calls


def test_a_daily_summary_left_without_its_vector_is_indexed_on_the_rerun(busy_day):
    Summary.objects.create(
        thread=busy_day, level="daily", day=DAY, start_seq=1, end_seq=9, text=DAILY
    )
    summary = summary_consolidate_day(thread_id=busy_day.pk, day=DAY)
    assert ScriptedChatBackend.calls == []  # the text was already there
    assert summary.vector_id == f"summary:{summary.pk}"
    assert Summary.objects.get(pk=summary.pk).vector_id == summary.vector_id


def test_a_quiet_day_has_no_daily_summary(busy_day):
    assert summary_consolidate_day(thread_id=busy_day.pk, day=date(2026, 11, 30)) is None
    assert not Summary.objects.filter(level="daily").exists()


def test_the_beat_task_consolidates_every_thread_active_that_day(busy_day, eager_celery):
    idle = ThreadFactory(owner=busy_day.owner, character=busy_day.character)
    write_messages(idle, LONG_TURNS[:2], day=datetime(2026, 11, 27, 9, 0, tzinfo=UTC))
    ScriptedChatBackend.script(DAILY)
    assert consolidate_all_threads.delay(DAY.isoformat()).get() == 1
    assert list(Summary.objects.filter(level="daily").values_list("thread_id", flat=True)) == [
        busy_day.pk
    ]
