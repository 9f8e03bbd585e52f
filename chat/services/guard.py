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
from functools import lru_cache

from django.conf import settings
from django.contrib.postgres.aggregates import ArrayAgg
from django.contrib.postgres.expressions import ArraySubquery
from django.db import connection, connections, transaction
from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
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
    thread. A caller that then raises rolls the touch back with everything else. Every send
    runs it: its SQL is written once, not compiled by the ORM each time."""
    with connection.cursor() as cursor:
        cursor.execute(_touch_statement(), [timezone.now(), thread_id])
        return bool(cursor.rowcount)


@lru_cache(maxsize=1)
def _touch_statement() -> str:
    quote = connection.ops.quote_name
    updated_at = Thread._meta.get_field("updated_at").column
    return (
        f"UPDATE {quote(Thread._meta.db_table)} SET {quote(updated_at)} = %s"
        f" WHERE {quote(Thread._meta.pk.column)} = %s"
    )


def next_seq(thread_id: int) -> int:
    return (Message.objects.filter(thread_id=thread_id).aggregate(top=Max("seq"))["top"] or 0) + 1


def after_commit_messages(thread_id: int, *, backlog=None) -> None:
    """Tell the memory app after commit; ``backlog`` its backlog row when the committing
    statement read it (``triggers.backlog_of_finished_sql``)."""
    transaction.on_commit(
        lambda: triggers.on_messages_committed(thread_id=thread_id, backlog=backlog)
    )


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


def with_dead_reply_hints(threads: QuerySet[Thread]) -> QuerySet[Thread]:
    """``threads`` with what tells, in the same read, whether a thread may hold a dead reply:
    ``oldest_streaming_save`` (when its least recently saved streaming reply was last saved)
    and ``streaming_writers`` (the processes writing its streaming ones).
    ``may_have_dead_replies`` reads them. No value of the moment goes into the SQL, so a
    caller may compile it once (``drawhisper.compiled_sql``)."""
    streaming = Message.objects.filter(thread=OuterRef("pk"), status=Message.Status.STREAMING)
    return threads.annotate(
        oldest_streaming_save=Subquery(
            streaming.annotate(saved=Coalesce("progress_at", "created_at"))
            .order_by("saved")
            .values("saved")[:1]
        ),
        streaming_writers=ArraySubquery(streaming.exclude(writer="").values("writer").distinct()),
    )


def may_have_dead_replies(thread: Thread) -> bool:
    """For a thread read through ``with_dead_reply_hints``: whether ``interrupt_stale`` has
    anything to do (a streaming reply saved too long ago, or one whose writer is gone)."""
    oldest = thread.oldest_streaming_save
    return (oldest is not None and oldest < _stale_before()) or any(
        liveness.known_dead(writer) for writer in thread.streaming_writers or ()
    )


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


def insert_if_idle(thread_id: int, rows: list[Message], *, client_id=None) -> bool:
    """Insert ``rows`` (unsaved, ``seq`` 1, 2, ... counted from the thread's top) in one
    statement, together with the read that ``idle_state`` does, when the locked thread has
    no streaming message and no message sent with ``client_id``: their ``seq`` and ``pk`` are
    set. False, with nothing inserted, otherwise: the caller then takes ``idle_state``'s
    road (a dead reply to interrupt, a live one to refuse, an earlier send to answer with).
    The caller holds the thread lock."""
    sql, fields = _insert_if_idle_statement(connection.alias, len(rows), bool(client_id))
    params = []
    for offset, row in enumerate(rows, start=1):
        row.seq = offset
        params += [
            field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields
        ]
    state_params = [client_id] if client_id else []
    with connection.cursor() as cursor:
        cursor.execute(sql, [Message.Status.STREAMING.value, *state_params, thread_id, *params])
        inserted = cursor.fetchall()
    if not inserted:
        return False
    for row, (pk, seq) in zip(rows, inserted, strict=True):
        row.pk, row.seq = pk, seq
        row._state.adding, row._state.db = False, connection.alias
    return True


@lru_cache(maxsize=8)
def _insert_if_idle_statement(alias: str, count: int, with_client_id: bool):
    """The SQL of ``insert_if_idle`` for ``count`` rows, and the fields whose values it takes
    for each row, in order: the same every send, so written once per process."""
    table = Message._meta.db_table
    fields = tuple(field for field in Message._meta.concrete_fields if not field.primary_key)
    db = connections[alias]
    columns = [db.ops.quote_name(field.column) for field in fields]
    cells = ", ".join(f"%s::{field.db_type(db)}" for field in fields)
    values_sql = ", ".join(f"({cells})" for _ in range(count))
    chosen = ", ".join(
        "state.top + v.seq" if field.attname == "seq" else f"v.{column}"
        for field, column in zip(fields, columns, strict=True)
    )
    sent = "bool_or(client_id = %s)" if with_client_id else "false"
    sql = (
        f"WITH state AS (SELECT coalesce(max(seq), 0) AS top,"
        f" count(*) FILTER (WHERE status = %s) AS streaming, {sent} AS sent"
        f" FROM {table} WHERE thread_id = %s),"
        f" inserted AS (INSERT INTO {table} ({', '.join(columns)})"
        f" SELECT {chosen} FROM state, (VALUES {values_sql}) AS v ({', '.join(columns)})"
        " WHERE state.streaming = 0 AND NOT coalesce(state.sent, false) RETURNING id, seq)"
        " SELECT id, seq FROM inserted ORDER BY seq"
    )
    return sql, fields


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


@dataclass(frozen=True)
class Finished:
    """A reply ``finish_reply`` ended: its thread, and the thread's memory backlog as the
    memory app reads it (``triggers.on_messages_committed``), read in the same statement."""

    thread_id: int
    backlog: tuple[bool, int, bool]


def finish_reply(
    *,
    reply_id: int,
    content: str,
    token_count: int,
    status: str,
    error: str,
    receipt: dict | None = None,
) -> Finished | None:
    """Write a streaming (or swept) reply's final text and status, and its receipt when given
    (``Receipt.as_json()``), in one statement that also reads the thread's memory backlog;
    None when the reply was already finished (then no receipt is written either)."""
    messages, receipts = Message._meta.db_table, ContextReceipt._meta.db_table
    finishable = "id = %s AND status IN (%s, %s)"
    finishable_params = [
        reply_id,
        Message.Status.STREAMING.value,
        Message.Status.INTERRUPTED.value,
    ]
    now = timezone.now()
    sql, params = "WITH ", []
    if receipt is not None:
        sql += (
            f"receipt AS (INSERT INTO {receipts}"
            " (message_id, layers, items, total_tokens, budget_tokens, created_at)"
            f" SELECT id, %s::jsonb, %s::jsonb, %s, %s, %s FROM {messages} WHERE {finishable}"
            " ON CONFLICT (message_id) DO UPDATE SET layers = EXCLUDED.layers,"
            " items = EXCLUDED.items, total_tokens = EXCLUDED.total_tokens,"
            " budget_tokens = EXCLUDED.budget_tokens), "
        )
        params = [
            json.dumps(receipt["layers"]),
            json.dumps(receipt["items"]),
            receipt["total_tokens"],
            receipt["budget_tokens"],
            now,
            *finishable_params,
        ]
    backlog_sql, backlog_params = triggers.backlog_of_finished_sql("f")
    sql += (
        f"f AS (UPDATE {messages} SET content = %s, token_count = %s, status = %s, error = %s,"
        f" progress_at = %s WHERE {finishable} RETURNING *)"
        f" SELECT f.thread_id, b.unfinished, b.tokens, b.uncounted FROM f"
        f" CROSS JOIN LATERAL ({backlog_sql}) b"
    )
    params += [content, token_count, status, error, now, *finishable_params, *backlog_params]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    thread_id, unfinished, tokens, uncounted = row
    return Finished(thread_id=thread_id, backlog=(bool(unfinished), int(tokens), bool(uncounted)))


def touch(thread_id: int) -> None:
    Thread.objects.filter(pk=thread_id).update(updated_at=timezone.now())
