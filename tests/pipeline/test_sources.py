"""Edited or deleted source messages flag their memories; the archive follows the change."""

from __future__ import annotations

import pytest
from django.utils import timezone

from memories.index import message_archive_refresh, messages_archive
from memories.models import Memory, MemoryJob
from memories.pipeline import PIPELINE_VERSION
from memories.pipeline.runner import run_job
from memories.triggers import on_message_changed
from tests.factories import MemoryFactory
from tests.pipeline.conftest import LONG_TURNS, script_router, write_messages
from tests.pipeline.support import InMemoryVectorStore, RecordingChannelLayer


@pytest.fixture
def memorised(thread, django_capture_on_commit_callbacks):
    messages = write_messages(thread, LONG_TURNS)
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION
    )
    script_router()
    with django_capture_on_commit_callbacks(execute=True):
        run_job(job_id=job.pk)
    RecordingChannelLayer.sent.clear()
    return messages


def test_editing_a_source_message_flags_its_memories(memorised, django_capture_on_commit_callbacks):
    message = memorised[1]
    message.content = "Actually the cat is called Byte."
    message.edited_at = timezone.now()
    message.save()
    with django_capture_on_commit_callbacks(execute=True):
        on_message_changed(message_id=message.pk)

    # Only the memory citing that message (the cat, seq 2), not the other one of the job.
    flagged = list(Memory.objects.filter(source_changed=True).order_by("pk"))
    assert [memory.source_seqs for memory in flagged] == [[2]]
    assert Memory.objects.filter(source_changed=False).get().source_seqs == [4]
    events = RecordingChannelLayer.events("memory.updated")
    assert [event["memory"]["id"] for _, event in events] == [memory.pk for memory in flagged]
    assert all(event["memory"]["source_changed"] for _, event in events)
    assert message.content == message.__class__.objects.get(pk=message.pk).content  # not rewritten


def test_a_change_outside_every_source_range_flags_nothing(
    memorised, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        on_message_changed(message_id=memorised[4].pk)  # seq 5, after the job's range
    assert not Memory.objects.filter(source_changed=True).exists()
    assert RecordingChannelLayer.events("memory.updated") == []


def test_flagging_twice_sends_one_event(memorised, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        on_message_changed(message_id=memorised[1].pk)
        on_message_changed(message_id=memorised[1].pk)
    assert len(RecordingChannelLayer.events("memory.updated")) == 1  # its one memory, once


def test_hand_made_memories_with_a_source_range_are_flagged_too(
    thread, django_capture_on_commit_callbacks
):
    messages = write_messages(thread, LONG_TURNS)
    memory = MemoryFactory(
        owner=thread.owner,
        character=thread.character,
        origin_thread=thread,
        source_start_seq=2,
        source_end_seq=3,
    )
    with django_capture_on_commit_callbacks(execute=True):
        on_message_changed(message_id=messages[2].pk)
    memory.refresh_from_db()
    assert memory.source_changed


def test_a_deleted_message_leaves_the_archive_and_an_edited_one_is_reindexed(memorised):
    messages_archive(thread_id=memorised[0].thread_id, start_seq=1, end_seq=4)
    assert {f"message:{m.pk}" for m in memorised[:4]} <= set(InMemoryVectorStore.records)

    deleted = memorised[1]
    deleted.deleted_at = timezone.now()
    deleted.save()
    assert message_archive_refresh(message_id=deleted.pk) == "removed"
    assert f"message:{deleted.pk}" not in InMemoryVectorStore.records

    edited = memorised[2]
    edited.content = "Pixel now has a lighthouse-shaped scratching post."
    edited.save()
    before = InMemoryVectorStore.records[f"message:{edited.pk}"].vector
    assert message_archive_refresh(message_id=edited.pk) == "indexed"
    assert InMemoryVectorStore.records[f"message:{edited.pk}"].vector != before

    assert message_archive_refresh(message_id=memorised[4].pk) == "skipped"  # not archived yet


def test_a_message_removed_for_good_is_found_through_the_job_that_read_it(
    memorised, django_capture_on_commit_callbacks
):
    message_id = memorised[0].pk
    memorised[0].delete()
    with django_capture_on_commit_callbacks(execute=True):
        on_message_changed(message_id=message_id)
    assert Memory.objects.filter(source_changed=True).count() == 2
