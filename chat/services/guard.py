"""The thread lock, ``seq`` allocation and the one-reply-per-thread guard.

Invariants:
- Every write that allocates a ``seq`` or starts a reply first locks the thread row
  (``SELECT ... FOR UPDATE``), so two tabs or two server processes never take the same
  number and never both start a reply.
- A ``streaming`` message makes its thread busy. One whose ``progress_at`` is older than
  ``CHAT_STALE_REPLY_SECONDS``, or whose ``writer`` is a process of this host that is gone
  (``drawhisper.liveness``: a web process killed and restarted), belonged to a process that
  died: it is marked ``interrupted`` (text kept) the next time the thread is used or opened, or
  by the periodic sweep, so a restarted server takes the next message at once.
- The memory app hears about changes only after they commit (``transaction.on_commit``).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from chat.models import Message, Thread
from chat.services.errors import BUSY_DETAIL, ThreadBusy
from drawhisper import liveness
from drawhisper.tokens import count_tokens
from memories import triggers

STALE_REPLY_ERROR = "The reply was cut off before it finished."


def lock_thread(thread_id: int) -> Thread:
    return Thread.objects.select_for_update().get(pk=thread_id)


def next_seq(thread_id: int) -> int:
    return (Message.objects.filter(thread_id=thread_id).aggregate(top=Max("seq"))["top"] or 0) + 1


def after_commit_messages(thread_id: int) -> None:
    transaction.on_commit(lambda: triggers.on_messages_committed(thread_id=thread_id))


def after_commit_changed(message_id: int) -> None:
    transaction.on_commit(lambda: triggers.on_message_changed(message_id=message_id))


def _stale_before():
    return timezone.now() - timedelta(seconds=settings.CHAT_STALE_REPLY_SECONDS)


def interrupt_stale(*, thread_id: int | None = None) -> list[Message]:
    """Mark streaming replies nobody saved for a while, or whose writer process is gone,
    ``interrupted``, keeping their text."""
    streaming = Message.objects.filter(status=Message.Status.STREAMING)
    if thread_id is not None:
        streaming = streaming.filter(thread_id=thread_id)
    dead_writers = {
        writer
        for writer in streaming.exclude(writer="").values_list("writer", flat=True).distinct()
        if liveness.known_dead(writer)
    }
    stale = streaming.select_for_update(skip_locked=True).filter(
        Q(progress_at__lt=_stale_before())
        | Q(progress_at__isnull=True, created_at__lt=_stale_before())
        | Q(writer__in=dead_writers)
    )
    return [_interrupt(message) for message in stale]


def _interrupt(message: Message) -> Message:
    message.status = Message.Status.INTERRUPTED
    message.error = STALE_REPLY_ERROR
    message.token_count = count_tokens(message.content)
    message.save(update_fields=["status", "error", "token_count"])
    after_commit_messages(message.thread_id)
    return message


def _is_stale(message: Message, before) -> bool:
    saved = message.progress_at if message.progress_at is not None else message.created_at
    return saved < before or bool(message.writer and liveness.known_dead(message.writer))


def ensure_idle(thread_id: int) -> None:
    """Raise ``ThreadBusy`` while a live reply streams; dead ones are interrupted first.
    The caller holds the thread lock, so one read of the streaming replies is enough."""
    before = _stale_before()
    busy = False
    for message in Message.objects.filter(thread_id=thread_id, status=Message.Status.STREAMING):
        if _is_stale(message, before):
            _interrupt(message)
        else:
            busy = True
    if busy:
        raise ThreadBusy(BUSY_DETAIL)


def start_reply(thread_id: int, *, seq: int | None = None) -> Message:
    reply = Message.objects.create(
        thread_id=thread_id,
        seq=seq or next_seq(thread_id),
        role=Message.Role.ASSISTANT,
        status=Message.Status.STREAMING,
        progress_at=timezone.now(),
        writer=liveness.current(),
    )
    # A reply just begun has no receipt yet: its payload need not ask the database.
    Message.receipt.related.set_cached_value(reply, None)
    return reply


def touch(thread_id: int) -> None:
    Thread.objects.filter(pk=thread_id).update(updated_at=timezone.now())
