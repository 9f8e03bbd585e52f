"""The trigger: a job when enough unmemorised tokens gathered, once, without the newest reply."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from memories.models import MemoryJob
from memories.pipeline import PIPELINE_VERSION
from memories.triggers import on_messages_committed
from tests.pipeline.conftest import LONG_TURNS, write_messages


def test_no_job_below_the_threshold(thread, django_capture_on_commit_callbacks):
    write_messages(thread, LONG_TURNS[:3])
    with django_capture_on_commit_callbacks() as callbacks:
        on_messages_committed(thread_id=thread.pk)
    assert not MemoryJob.objects.exists()
    assert callbacks == []


def test_job_covers_the_range_but_not_the_newest_assistant_reply(
    thread, django_capture_on_commit_callbacks
):
    write_messages(thread, LONG_TURNS)
    with django_capture_on_commit_callbacks() as callbacks:
        on_messages_committed(thread_id=thread.pk)
    job = MemoryJob.objects.get()
    assert (job.start_seq, job.end_seq) == (1, 4)  # seq 5 is the newest reply
    assert job.status == "pending" and job.pipeline_version == PIPELINE_VERSION
    assert len(callbacks) == 2  # run the job; archive its messages


def test_creating_the_same_job_twice_is_a_no_op(thread, django_capture_on_commit_callbacks):
    write_messages(thread, LONG_TURNS)
    with django_capture_on_commit_callbacks() as callbacks:
        on_messages_committed(thread_id=thread.pk)
        on_messages_committed(thread_id=thread.pk)
    assert MemoryJob.objects.count() == 1
    assert len(callbacks) == 2


def test_the_newest_reply_is_counted_once_the_user_moved_on(
    thread, django_capture_on_commit_callbacks
):
    write_messages(thread, LONG_TURNS)
    MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION, status="succeeded"
    )
    more = [
        (
            "user",
            "Tomorrow I am taking Pixel to the vet in Porthleven for his first check-up, wish us luck.",
        ),
        (
            "assistant",
            "Luck to you both. Tell the vet Pixel is a distinguished keyboard inspector.",
        ),
        (
            "user",
            "Ha! I will. After that we are driving up the coast to see my sister Ines in Falmouth.",
        ),
        ("assistant", "Give Ines my regards, and mind the fog on the coast road after dark."),
    ]
    write_messages(thread, more, start_seq=6)
    with django_capture_on_commit_callbacks():
        on_messages_committed(thread_id=thread.pk)
    job = MemoryJob.objects.exclude(end_seq=4).get()
    assert (job.start_seq, job.end_seq) == (5, 8)


def test_only_active_complete_messages_count(thread, django_capture_on_commit_callbacks):
    write_messages(thread, LONG_TURNS[:1])
    write_messages(thread, LONG_TURNS[1:4], start_seq=2, status="failed")
    write_messages(thread, LONG_TURNS[1:4], start_seq=5, active=False)
    write_messages(thread, LONG_TURNS[1:4], start_seq=8, deleted_at=timezone.now())
    write_messages(thread, LONG_TURNS[4:], start_seq=11)
    with django_capture_on_commit_callbacks():
        on_messages_committed(thread_id=thread.pk)
    assert not MemoryJob.objects.exists()


def test_a_long_backlog_is_cut_at_the_job_size(
    thread, settings, django_capture_on_commit_callbacks
):
    settings.MEMORY_TRIGGER_TOKENS = 30
    settings.MEMORY_JOB_MAX_TOKENS = 60
    write_messages(thread, LONG_TURNS * 3)
    with django_capture_on_commit_callbacks():
        on_messages_committed(thread_id=thread.pk)
    job = MemoryJob.objects.get()
    assert job.start_seq == 1 and job.end_seq < 5


def test_no_new_job_while_one_is_pending_but_a_lost_one_is_enqueued_again(
    thread, django_capture_on_commit_callbacks
):
    write_messages(thread, LONG_TURNS * 3)
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=2, pipeline_version=PIPELINE_VERSION
    )
    with django_capture_on_commit_callbacks() as callbacks:
        on_messages_committed(thread_id=thread.pk)
    assert MemoryJob.objects.count() == 1 and callbacks == []

    MemoryJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks() as callbacks:
        on_messages_committed(thread_id=thread.pk)
    assert MemoryJob.objects.count() == 1 and len(callbacks) == 1


def test_a_trigger_failure_never_reaches_chat(db, caplog):
    on_messages_committed(thread_id=987654)  # no such thread: nothing due, nothing raised
    assert not MemoryJob.objects.exists()
