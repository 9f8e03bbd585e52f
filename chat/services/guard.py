"""The thread lock, ``seq`` allocation and the one-reply-per-thread guard.

Invariants:
- Every write that allocates a ``seq`` or starts a reply first locks the thread row
  (``SELECT ... FOR UPDATE``, or for a sent message the ``UPDATE`` that marks the thread
  used, which takes the same row lock in the same statement), so two tabs or two server
  processes never take the same number and never both start a reply.
- A ``streaming`` message makes its thread busy. One whose ``progress_at`` is older than
  ``CHAT_STALE_REPLY_SECONDS``, or whose ``writer`` is a process of this host that is gone
  (``drawhisper.liveness``: a web process killed and restarted), belonged to a process that
  died: it is marked ``interrupted`` (text kept) the next time the thread is used or opened, or
  by the periodic sweep, so a restarted server takes the next message at once.
- The memory app hears about changes only after they commit (``transaction.on_commit``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.postgres.aggregates import ArrayAgg
from django.db import connection, transaction
from django.db.models import Count, Max, Q
from django.utils import timezone

from chat.models import ContextReceipt, Message, Thread
from chat.services.errors import BUSY_DETAIL, ThreadBusy
from drawhisper import liveness
from drawhisper.tokens import count_tokens
from memories import triggers

STALE_REPLY_ERROR = "The reply was cut off before it finished."


def lock_thread(thread_id: int) -> Thread:
    return Thread.objects.select_for_update().get(pk=thread_id)


def lock_and_touch(thread_id: int) -> bool:
    """Lock the thread row and mark the thread used (``updated_at``), in one statement: an
    ``UPDATE`` takes the row lock that ``lock_thread`` takes. False when there is no such
    thread. A caller that then raises rolls the touch back with everything else."""
    return bool(Thread.objects.filter(pk=thread_id).update(updated_at=timezone.now()))


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


@dataclass(frozen=True)
class ThreadState:
    """What a send needs to know about a locked thread, read in one statement."""

    next_seq: int
    existing_id: int | None  # the message already sent with this client_id, if any


def idle_state(thread_id: int, *, client_id=None) -> ThreadState:
    """``ensure_idle``, ``next_seq`` and the lookup of an earlier message with ``client_id``
    in one read; the caller holds the thread lock. A dead reply found on the way (saved too
    long ago, or its writer process gone) is interrupted (``ensure_idle``), a live one raises
    ``ThreadBusy`` (not when ``client_id``
    names an earlier message: the caller answers with that one and decides)."""
    before = _stale_before()
    saved_before = Q(progress_at__lt=before) | Q(progress_at__isnull=True, created_at__lt=before)
    streaming = Q(status=Message.Status.STREAMING)
    lookups = {
        "top": Max("seq"),
        "stale": Count("pk", filter=streaming & saved_before),
        "streaming": Count("pk", filter=streaming),
    }
    lookups["writers"] = ArrayAgg("writer", filter=streaming & ~Q(writer=""), distinct=True)
    if client_id:
        lookups["existing"] = Max("pk", filter=Q(client_id=client_id))
    row = Message.objects.filter(thread_id=thread_id).aggregate(**lookups)
    state = ThreadState(next_seq=(row["top"] or 0) + 1, existing_id=row.get("existing"))
    if state.existing_id is not None:
        return state
    if row["stale"] or any(liveness.known_dead(writer) for writer in row["writers"] or ()):
        ensure_idle(thread_id)  # interrupts the dead ones, raises if a live one is left
    elif row["streaming"]:
        raise ThreadBusy(BUSY_DETAIL)
    return state


def new_reply(thread_id: int, *, seq: int) -> Message:
    """An unsaved streaming reply at ``seq`` (``start_reply`` saves one; a send saves it with
    the user's message in one insert)."""
    return Message(
        thread_id=thread_id,
        seq=seq,
        role=Message.Role.ASSISTANT,
        status=Message.Status.STREAMING,
        progress_at=timezone.now(),
        writer=liveness.current(),
    )


def reply_begun(reply: Message) -> Message:
    # A reply just begun has no receipt yet: its payload need not ask the database.
    Message.receipt.related.set_cached_value(reply, None)
    return reply


def start_reply(thread_id: int, *, seq: int | None = None) -> Message:
    reply = new_reply(thread_id, seq=seq or next_seq(thread_id))
    reply.save(force_insert=True)
    return reply_begun(reply)


def finish_reply(
    *,
    reply_id: int,
    content: str,
    token_count: int,
    status: str,
    error: str,
    receipt: dict | None = None,
) -> int | None:
    """Write a streaming (or swept) reply's final text and status, and its receipt when given
    (``Receipt.as_json()``), in one statement; its thread's id, or None when the reply was
    already finished (then no receipt is written either)."""
    messages, receipts = Message._meta.db_table, ContextReceipt._meta.db_table
    finishable = "id = %s AND status IN (%s, %s)"
    finishable_params = [
        reply_id,
        Message.Status.STREAMING.value,
        Message.Status.INTERRUPTED.value,
    ]
    now = timezone.now()
    sql, params = "", []
    if receipt is not None:
        sql = (
            f"WITH receipt AS (INSERT INTO {receipts}"
            " (message_id, layers, items, total_tokens, budget_tokens, created_at)"
            f" SELECT id, %s::jsonb, %s::jsonb, %s, %s, %s FROM {messages} WHERE {finishable}"
            " ON CONFLICT (message_id) DO UPDATE SET layers = EXCLUDED.layers,"
            " items = EXCLUDED.items, total_tokens = EXCLUDED.total_tokens,"
            " budget_tokens = EXCLUDED.budget_tokens) "
        )
        params = [
            json.dumps(receipt["layers"]),
            json.dumps(receipt["items"]),
            receipt["total_tokens"],
            receipt["budget_tokens"],
            now,
            *finishable_params,
        ]
    sql += (
        f"UPDATE {messages} SET content = %s, token_count = %s, status = %s, error = %s,"
        f" progress_at = %s WHERE {finishable} RETURNING thread_id"
    )
    params += [content, token_count, status, error, now, *finishable_params]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return row[0] if row else None


def touch(thread_id: int) -> None:
    Thread.objects.filter(pk=thread_id).update(updated_at=timezone.now())
