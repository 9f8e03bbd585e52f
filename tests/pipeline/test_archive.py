"""The message archive: indexed once, filler skipped, originals untouched."""

from __future__ import annotations

import pytest

from memories.index import is_worth_archiving, messages_archive
from tests.pipeline.conftest import write_messages
from tests.pipeline.support import InMemoryVectorStore


@pytest.mark.parametrize(
    "text",
    [
        "ok",
        "Ok!",
        "thanks",
        "Thank you!!",
        "lol",
        "haha yes",
        "hmm",
        "   ",
        "👍",
        "see you later",
        "k.",
    ],
)
def test_filler_is_not_worth_archiving(text):
    assert not is_worth_archiving(text)


@pytest.mark.parametrize(
    "text",
    ["My sister Ines lives in Falmouth.", "I hate olives", "Call me Jo", "Pixel is asleep again."],
)
def test_content_is_worth_archiving(text):
    assert is_worth_archiving(text)


def test_archiving_indexes_each_message_once_with_its_metadata(thread, settings):
    messages = write_messages(
        thread,
        [
            ("user", "My sister Ines lives in Falmouth."),
            ("assistant", "ok"),
            ("user", "She keeps bees on the roof."),
        ],
    )
    assert messages_archive(thread_id=thread.pk, start_seq=1, end_seq=3) == [
        messages[0].pk,
        messages[2].pk,
    ]
    record = InMemoryVectorStore.records[f"message:{messages[0].pk}"]
    assert record.metadata == {
        "owner": thread.owner_id,
        "character": thread.character_id,
        "thread": thread.pk,
        "kind": "message",
        "type": "",
        "shared": False,
        "status": "active",
        "source_id": messages[0].pk,
        "seq": 1,
    }
    assert messages_archive(thread_id=thread.pk, start_seq=1, end_seq=3) == []
    assert len(InMemoryVectorStore.upserts) == 1


def test_the_nightly_reconcile_agrees_with_what_the_pipeline_archived(
    thread, django_capture_on_commit_callbacks
):
    from memories.models import MemoryJob
    from memories.pipeline import PIPELINE_VERSION
    from memories.pipeline.runner import run_job
    from memories.tasks import reconcile_vectors
    from tests.pipeline.conftest import LONG_TURNS, script_router

    write_messages(thread, [*LONG_TURNS, ("user", "ok")])
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION
    )
    script_router()
    with django_capture_on_commit_callbacks(execute=True):
        run_job(job_id=job.pk)
    messages_archive(thread_id=thread.pk, start_seq=1, end_seq=4)

    counts = reconcile_vectors.apply().get()
    assert counts["orphan_vectors"] == 0 and counts["deleted"] == 0 and counts["indexed"] == 0
    assert counts["rows_memory"] == 2 and counts["rows_message"] == 4
