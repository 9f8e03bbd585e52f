"""The one module of the memory app that touches chat's models and tables directly.

Everything else in ``memories`` reads chat through ``chat.selectors`` (frozen dataclasses:
``ThreadRef``, ``TranscriptEntry``) and sends browser events through ``chat.groups``. What
cannot go through them lives here:

- the SQL of retrieval's hot statements (one statement per chat turn cannot afford the ORM),
  which names chat's message table and states chat's *prompt message* rule
  (``chat.selectors.PROMPT_STATUSES``) as a SQL condition;
- the archive's bulk reads (messages covered by a memory job's range, joined with
  ``MemoryJob``), returned as :class:`ArchivedMessage`;
- the deletion hook on messages and the row lock that serialises pins per thread;
- the owner and character of threads (a summary's vector is filed under them) and the
  threads of a scene (what deleting it deletes).

The rule of which messages are visible is chat's; the SQL below restates it and
``tests/retrieval/test_scope.py`` checks that both forms select the same rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F, Max, OuterRef, QuerySet, Subquery
from django.db.models.signals import post_delete

from chat.models import Message, Thread
from chat.selectors import PROMPT_STATUSES, visible_messages
from memories.models import LoreDocument, Memory, MemoryJob

MESSAGE_TABLE = Message._meta.db_table
THREAD_TABLE = Thread._meta.db_table
# The characters' table, reached through chat's own foreign key (not through their models).
CHARACTER_TABLE = Thread._meta.get_field("character").related_model._meta.db_table
PERSONA_TABLE = Thread._meta.get_field("persona").related_model._meta.db_table
# Where lorebooks are attached (characters' tables, reached through the document's foreign key).
_LOREBOOK = LoreDocument._meta.get_field("lorebook").related_model
LOREBOOK_ATTACHMENT_TABLES = {
    name: _LOREBOOK._meta.get_field(name).remote_field.through._meta.db_table
    for name in ("characters", "scenes", "threads")
}
USER_ROLE = Message.Role.USER.value
PROMPT_STATUS_VALUES = tuple(status.value for status in PROMPT_STATUSES)


@dataclass(frozen=True)
class ArchivedMessage:
    """A message as the archive indexes it, with the owner and character of its thread."""

    id: int
    thread_id: int
    owner_id: int
    character_id: int
    seq: int
    content: str

    @property
    def pk(self) -> int:
        return self.id


# --------------------------------------------------------------------------- retrieval SQL


def _documents_in_scope_sql() -> str:
    """The ids of the ready lore documents that serve thread ``t``: the owner's documents of
    its character, of its scene, and of every lorebook attached to the character, the scene
    or the thread itself (as ``characters.selectors.chat_lore`` attaches lorebooks)."""
    tables = LOREBOOK_ATTACHMENT_TABLES
    return (
        f"ARRAY(SELECT ld.id FROM {LoreDocument._meta.db_table} ld"
        " WHERE ld.owner_id = t.owner_id AND ld.status = %s AND (ld.character_id = t.character_id"
        " OR ld.scene_id = t.scene_id OR ld.lorebook_id IN ("
        f"  SELECT a.lorebook_id FROM {tables['characters']} a WHERE a.character_id = t.character_id"
        f"  UNION ALL SELECT a.lorebook_id FROM {tables['scenes']} a WHERE a.scene_id = t.scene_id"
        f"  UNION ALL SELECT a.lorebook_id FROM {tables['threads']} a WHERE a.thread_id = t.id"
        ")) ORDER BY ld.id)"
    )


def thread_scope_columns_sql(
    *, thread_id: int, query: str | None, text_search_config: str = "english"
) -> tuple[str, list[Any]]:
    """The part of ``thread_scope_row`` a caller that knows the thread's owner, character and
    names still needs, as one row of SQL (``has_shared``, ``dismissed``, ``lexemes``,
    ``documents``) for a lateral join: a chat turn reads it with its profile and summary."""
    from memories.models import MemoryDismissal

    lexemes = (
        f"tsvector_to_array(to_tsvector('{text_search_config}'::regconfig, %s))"
        if query is not None
        else "NULL::text[]"
    )
    sql = (
        f"SELECT EXISTS (SELECT 1 FROM {Memory._meta.db_table} m WHERE m.owner_id = t.owner_id"
        "  AND m.character_id = t.character_id AND m.shared AND m.status = %s) AS has_shared,"
        f" ARRAY(SELECT x.memory_id FROM {MemoryDismissal._meta.db_table} x"
        "  WHERE x.thread_id = t.id) AS dismissed,"
        f" {lexemes} AS lexemes,"
        f" {_documents_in_scope_sql()} AS documents"
        f" FROM {THREAD_TABLE} t WHERE t.id = %s"
    )
    params = [
        Memory.Status.ACTIVE.value,
        *([query] if query is not None else []),
        LoreDocument.Status.READY.value,
        thread_id,
    ]
    return sql, params


def thread_scope_row(
    *, thread_id: int, query: str | None = None, text_search_config: str = "english"
) -> tuple[Any, ...] | None:
    """``(owner_id, character_id, first_name, username, character name, has active shared
    memories, ids of the memories dismissed in the thread, the lexemes of query, ids of the
    lore documents in scope)`` of the thread in one statement, or None for no such thread. ``first_name`` is the chat's persona
    name when it has one: who the user is in that chat. The lexemes (PostgreSQL's, under
    ``text_search_config``, a validated configuration name) are None without a query."""
    from memories.models import MemoryDismissal

    users = get_user_model()._meta.db_table
    lexemes = (
        f"tsvector_to_array(to_tsvector('{text_search_config}'::regconfig, %s))"
        if query is not None
        else "NULL::text[]"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT t.owner_id, t.character_id, COALESCE(p.name, u.first_name), u.username,"
            " c.name,"
            f" EXISTS (SELECT 1 FROM {Memory._meta.db_table} m WHERE m.owner_id = t.owner_id"
            "  AND m.character_id = t.character_id AND m.shared AND m.status = %s),"
            f" ARRAY(SELECT x.memory_id FROM {MemoryDismissal._meta.db_table} x"
            "  WHERE x.thread_id = t.id),"
            f" {lexemes},"
            f" {_documents_in_scope_sql()}"
            f" FROM {THREAD_TABLE} t JOIN {users} u ON u.id = t.owner_id"
            f" JOIN {CHARACTER_TABLE} c ON c.id = t.character_id"
            f" LEFT JOIN {PERSONA_TABLE} p ON p.id = t.persona_id WHERE t.id = %s",
            [
                Memory.Status.ACTIVE.value,
                *([query] if query is not None else []),
                LoreDocument.Status.READY.value,
                thread_id,
            ],
        )
        return cursor.fetchone()


def memory_backlog_row(*, thread_id: int) -> tuple[bool, int, bool]:
    """``(a job of the thread is pending or running, tokens of its complete visible messages
    after the furthest job's range, whether one of them has no token count)`` in one
    statement: an upper bound of what the trigger would count (it also leaves out the newest
    reply), so "not due" is certain when it stays under the threshold."""
    jobs = MemoryJob._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {jobs} j WHERE j.thread_id = %s AND j.status = ANY(%s)),"
            " coalesce(sum(m.token_count), 0), coalesce(bool_or(m.token_count = 0), false)"
            f" FROM {MESSAGE_TABLE} m WHERE m.thread_id = %s AND m.active"
            " AND m.deleted_at IS NULL AND m.status = %s AND m.seq > coalesce("
            f"(SELECT max(j.end_seq) FROM {jobs} j WHERE j.thread_id = %s), 0)",
            [
                thread_id,
                [MemoryJob.Status.PENDING.value, MemoryJob.Status.RUNNING.value],
                thread_id,
                Message.Status.COMPLETE.value,
                thread_id,
            ],
        )
        unfinished, tokens, uncounted = cursor.fetchone()
    return bool(unfinished), int(tokens), bool(uncounted)


def memory_backlog_of_finished_sql(alias: str) -> tuple[str, list[Any]]:
    """``memory_backlog_row`` as the SQL of three columns (``unfinished``, ``tokens``,
    ``uncounted``) of a lateral join on ``alias``, the row of a reply that the same statement
    just finished (an ``UPDATE ... RETURNING`` of every message column): the other messages
    are read as they were before it, the finished reply with its new text and status."""
    jobs = MemoryJob._meta.db_table
    counts = (
        f"{alias}.status = %s AND {alias}.active AND {alias}.deleted_at IS NULL"
        f" AND {alias}.seq > last.end_seq"
    )
    sql = (
        f"SELECT EXISTS (SELECT 1 FROM {jobs} j WHERE j.thread_id = {alias}.thread_id"
        " AND j.status = ANY(%s)) AS unfinished,"
        f" coalesce(sum(m.token_count), 0) + CASE WHEN {counts} THEN {alias}.token_count"
        " ELSE 0 END AS tokens,"
        f" coalesce(bool_or(m.token_count = 0), false) OR ({counts} AND {alias}.token_count = 0)"
        " AS uncounted"
        f" FROM (SELECT coalesce((SELECT max(j.end_seq) FROM {jobs} j"
        f" WHERE j.thread_id = {alias}.thread_id), 0) AS end_seq) last"
        f" LEFT JOIN {MESSAGE_TABLE} m ON m.thread_id = {alias}.thread_id AND m.id <> {alias}.id"
        " AND m.active AND m.deleted_at IS NULL AND m.status = %s AND m.seq > last.end_seq"
        " GROUP BY last.end_seq"
    )
    complete = Message.Status.COMPLETE.value
    running = [MemoryJob.Status.PENDING.value, MemoryJob.Status.RUNNING.value]
    return sql, [running, complete, complete, complete]


def prompt_messages(*, thread_id: int, before_seq: int | None = None) -> QuerySet[Message]:
    """The thread's prompt messages with text (older than ``before_seq`` when given)."""
    queryset = (
        visible_messages(thread_id=thread_id).filter(status__in=PROMPT_STATUSES).exclude(content="")
    )
    if before_seq is not None:
        queryset = queryset.filter(seq__lt=before_seq)
    return queryset


def prompt_message_conditions(*, thread_id: int, before_seq: int | None) -> tuple[str, list]:
    """``prompt_messages`` as a SQL condition over the alias ``d`` of the message table."""
    sql = (
        "d.thread_id = %s AND d.active AND d.deleted_at IS NULL AND d.status = ANY(%s)"
        " AND d.content <> ''"
    )
    params: list[Any] = [thread_id, list(PROMPT_STATUS_VALUES)]
    if before_seq is not None:
        sql += " AND d.seq < %s"
        params.append(before_seq)
    return sql, params


def message_time_sql(thread_column: str, seq_column: str) -> str:
    """SQL for when the message ``seq_column`` of thread ``thread_column`` was written."""
    return (
        f"(SELECT m.created_at FROM {MESSAGE_TABLE} m"
        f" WHERE m.thread_id = {thread_column} AND m.seq = {seq_column})"
    )


# --------------------------------------------------------------------------- archive reads


def thread_owners(*, thread_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """``{thread id: (owner id, character id)}`` of these threads, in one query."""
    rows = Thread.objects.filter(pk__in=set(thread_ids)).values_list(
        "pk", "owner_id", "character_id"
    )
    return {pk: (owner_id, character_id) for pk, owner_id, character_id in rows}


def scene_thread_ids(*, scene_id: int) -> QuerySet:
    """The ids of the scene's threads, as a subquery."""
    return Thread.objects.filter(scene_id=scene_id).values("pk")


def _archived(messages: Iterable[Message]) -> list[ArchivedMessage]:
    return [
        ArchivedMessage(
            id=message.pk,
            thread_id=message.thread_id,
            owner_id=message.thread.owner_id,
            character_id=message.thread.character_id,
            seq=message.seq,
            content=message.content,
        )
        for message in messages
    ]


def archive_entries(*, message_ids: Iterable[int]) -> list[ArchivedMessage]:
    """These messages (whatever their state), in primary-key order."""
    messages = Message.objects.filter(pk__in=list(message_ids)).select_related("thread")
    return _archived(messages.order_by("pk"))


def _covered_messages() -> QuerySet[Message]:
    """Complete messages inside a memory job's range, oldest first."""
    covered_until = (
        MemoryJob.objects.filter(thread_id=OuterRef("thread_id"))
        .values("thread_id")
        .annotate(end=Max("end_seq"))
        .values("end")
    )
    return (
        Message.objects.filter(active=True, status=Message.Status.COMPLETE, deleted_at__isnull=True)
        .annotate(covered_until=Subquery(covered_until))
        .filter(seq__lte=F("covered_until"))
        .order_by("pk")
    )


def covered_message_count() -> int:
    return _covered_messages().count()


def covered_message_batches(size: int) -> Iterator[list[ArchivedMessage]]:
    """The covered messages, oldest first, ``size`` at a time."""
    batch: list[Message] = []
    for message in _covered_messages().select_related("thread").iterator(chunk_size=500):
        batch.append(message)
        if len(batch) == size:
            yield _archived(batch)
            batch = []
    if batch:
        yield _archived(batch)


def covered_message_texts(*, message_ids: Iterable[int] | None = None) -> list[tuple[int, str]]:
    """``(pk, content)`` of the covered messages (only these ids, when given)."""
    messages = _covered_messages()
    if message_ids is not None:
        messages = messages.filter(pk__in=list(message_ids))
    return list(messages.values_list("pk", "content"))


# --------------------------------------------------------------------------- hooks and locks


def on_message_deleted(receiver: Callable[..., None], *, dispatch_uid: str) -> None:
    """Call ``receiver(sender, instance, using, ...)`` after any message row is deleted."""
    post_delete.connect(receiver, sender=Message, dispatch_uid=dispatch_uid, weak=False)


def lock_thread(*, thread_id: int) -> None:
    """Lock the thread's row until the transaction ends (serialises pins per thread)."""
    Thread.objects.select_for_update().filter(pk=thread_id).first()
