"""Chat services: seq allocation and the one-reply guard under concurrency, idempotent sends,
regeneration, the stale-reply sweep and the hooks into the memory app."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from chat import services
from chat.models import Message
from tests.factories import CharacterFactory, MessageFactory
from tests.support import processes


@pytest.mark.django_db
def test_thread_without_a_greeting_starts_empty(user):
    thread = services.thread_create(
        owner=user, character=CharacterFactory(owner=user, greeting="  ")
    )
    assert not thread.messages.exists()


@pytest.mark.django_db
def test_send_stores_the_message_and_a_streaming_reply_then_tells_the_memory_app(
    thread, memory_hooks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        result = services.message_send(
            thread=thread, content="  Hello!  ", client_id=str(uuid.uuid4())
        )
    assert result.created and result.message.content == "Hello!" and result.message.seq == 2
    assert result.reply.seq == 3 and result.reply.status == "streaming" and result.reply.progress_at
    # Whether a memory job is due is asked when the reply ends, not before its first token.
    assert memory_hooks["committed"] == []

    with pytest.raises(services.ThreadBusy):
        services.message_send(thread=thread, content="Again", client_id=str(uuid.uuid4()))

    with django_capture_on_commit_callbacks(execute=True):
        services.reply_finish(reply_id=result.reply.pk, content="Hi!", status="complete")
    reply = Message.objects.get(pk=result.reply.pk)
    assert reply.content == "Hi!" and reply.token_count == 2 and reply.status == "complete"
    assert memory_hooks["committed"] == [thread.pk]


@pytest.mark.django_db
def test_a_sent_message_puts_its_chat_first_in_the_list(user):
    from chat import selectors

    character = CharacterFactory(owner=user)
    older = services.thread_create(owner=user, character=character)
    newer = services.thread_create(owner=user, character=character)
    assert [t.pk for t in selectors.thread_list(user=user)][:2] == [newer.pk, older.pk]
    services.message_send(thread=older, content="Back to this one.")
    assert [t.pk for t in selectors.thread_list(user=user)][:2] == [older.pk, newer.pk]


@pytest.mark.django_db
def test_failed_reply_does_not_trigger_memory(
    thread, memory_hooks, django_capture_on_commit_callbacks
):
    result = services.message_send(thread=thread, content="Hello", client_id=None)
    with django_capture_on_commit_callbacks(execute=True):
        services.reply_finish(
            reply_id=result.reply.pk, content="", status="failed", error="Provider down."
        )
    assert memory_hooks["committed"] == []


@pytest.mark.django_db
def test_progress_is_only_saved_while_streaming(thread):
    result = services.message_send(thread=thread, content="Hello", client_id=None)
    assert services.reply_save_progress(reply_id=result.reply.pk, content="Par") is True
    services.reply_finish(reply_id=result.reply.pk, content="Partial", status="interrupted")
    assert services.reply_save_progress(reply_id=result.reply.pk, content="Late write") is False
    assert Message.objects.get(pk=result.reply.pk).content == "Partial"


@pytest.mark.django_db
def test_regenerate_twice_keeps_every_version(
    thread, memory_hooks, django_capture_on_commit_callbacks
):
    first = services.message_send(thread=thread, content="Hello", client_id=None).reply
    services.reply_finish(reply_id=first.pk, content="One", status="complete")
    with django_capture_on_commit_callbacks(execute=True):
        second = services.reply_regenerate(thread=thread)
    assert second.replaced.pk == first.pk and memory_hooks["changed"] == [first.pk]
    services.reply_finish(reply_id=second.reply.pk, content="Two", status="complete")
    third = services.reply_regenerate(thread=thread)
    services.reply_finish(reply_id=third.reply.pk, content="Three", status="complete")

    from chat.selectors import previous_versions, visible_messages

    visible = list(visible_messages(thread_id=thread.pk).order_by("seq"))
    assert [m.content for m in visible][-2:] == ["Hello", "Three"]
    versions = previous_versions(messages=visible)
    assert [m.content for m in versions[visible[-1].pk]] == ["One", "Two"]


@pytest.mark.django_db
def test_regenerate_answers_a_user_message_left_without_reply(thread):
    MessageFactory(thread=thread, seq=2, role="user", content="Anyone?")
    result = services.reply_regenerate(thread=thread)
    assert result.replaced is None and result.reply.seq == 3


@pytest.mark.django_db
def test_deleted_messages_keep_their_seq_and_new_ones_never_reuse_it(thread):
    message = MessageFactory(thread=thread, seq=2, role="user")
    services.message_delete(message=message)
    result = services.message_send(thread=thread, content="Next", client_id=None)
    assert result.message.seq == 3


@pytest.mark.django_db
def test_sweep_marks_only_dead_replies_interrupted(thread, other_thread):
    dead = MessageFactory(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="Half a sen",
        progress_at=timezone.now() - timedelta(minutes=2),
    )
    alive = MessageFactory(
        thread=other_thread,
        seq=1,
        role="assistant",
        status="streaming",
        content="Going",
        progress_at=timezone.now(),
    )
    call_command("sweep_stale_replies")
    dead.refresh_from_db()
    alive.refresh_from_db()
    assert dead.status == "interrupted" and dead.content == "Half a sen" and dead.token_count > 0
    assert alive.status == "streaming"


@pytest.mark.django_db
def test_a_reply_whose_web_process_died_frees_the_chat_at_once(thread):
    """A web process killed mid-reply and started again: its reply saved progress a moment
    ago, but its writer is gone, so the next message is taken at once, the text kept."""
    cut = MessageFactory(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="Half a sen",
        progress_at=timezone.now(),
        writer=processes.exited_process_identity(),
    )
    result = services.message_send(thread=thread, content="Are you there?", client_id=None)
    assert result.created and result.reply.status == "streaming"
    cut.refresh_from_db()
    assert (cut.status, cut.content) == ("interrupted", "Half a sen")
    assert result.reply.writer and result.reply.writer != cut.writer


@pytest.mark.django_db
def test_a_reply_written_by_a_live_process_keeps_the_chat_busy(thread):
    MessageFactory(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="Still going",
        progress_at=timezone.now(),
        writer="another-machine:4242:1",  # alive as far as anyone here can tell
    )
    with pytest.raises(services.ThreadBusy):
        services.message_send(thread=thread, content="Hello?", client_id=None)


def _run_concurrently(target, count: int) -> list:
    results: list = []
    barrier = threading.Barrier(count)

    def worker(index: int) -> None:
        try:
            barrier.wait()
            results.append(target(index))
        except Exception as error:  # noqa: BLE001 - collected for the assertion
            results.append(error)
        finally:
            connection.close()

    workers = [threading.Thread(target=worker, args=(index,)) for index in range(count)]
    for worker_thread in workers:
        worker_thread.start()
    for worker_thread in workers:
        worker_thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_concurrent_sends_start_exactly_one_reply(thread):
    results = _run_concurrently(
        lambda index: services.message_send(
            thread=thread, content=f"Message {index}", client_id=uuid.uuid4()
        ),
        4,
    )
    sent = [result for result in results if isinstance(result, services.SendResult)]
    busy = [result for result in results if isinstance(result, services.ThreadBusy)]
    assert len(sent) == 1 and len(busy) == 3, results
    seqs = list(Message.objects.filter(thread=thread).order_by("seq").values_list("seq", flat=True))
    assert seqs == [1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_concurrent_duplicates_store_one_message(thread):
    client_id = uuid.uuid4()
    results = _run_concurrently(
        lambda index: services.message_send(thread=thread, content="Same", client_id=client_id), 4
    )
    assert all(isinstance(result, services.SendResult) for result in results), results
    assert len({result.message.pk for result in results}) == 1
    assert sum(result.created for result in results) == 1
    assert sum(result.reply is not None for result in results) == 1
    assert Message.objects.filter(thread=thread, role="user").count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_sends_after_each_reply_get_consecutive_seqs(thread):
    """With replies finishing in between, every message gets its own seq and none is lost."""

    def send_and_finish(index: int):
        for _ in range(200):
            try:
                result = services.message_send(
                    thread=thread, content=f"M{index}", client_id=uuid.uuid4()
                )
            except services.ThreadBusy:
                time.sleep(0.01)
                continue
            services.reply_finish(reply_id=result.reply.pk, content=f"R{index}", status="complete")
            return result.message.seq
        return None

    results = _run_concurrently(send_and_finish, 3)
    assert all(isinstance(seq, int) for seq in results), results
    seqs = list(Message.objects.filter(thread=thread).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, 8))
