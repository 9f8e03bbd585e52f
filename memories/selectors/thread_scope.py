"""Which memories may appear in which thread's context: pinned there, shared, or made
there, and not dismissed there.

Invariant: the thread scope rule lives here and only here
(``memories_retrievable_in_thread``): a memory reaches a thread's context when it is pinned
there, shared, or made in that thread, and the user has not dismissed it there. Pinned wins
over dismissed.

The **board stamp** of a thread (``BoardStamp``, read as a column of the caller's own query)
names the version of everything its pinned and shared memories are read from: a hash of the
id and row version (PostgreSQL's ``xmin`` and ``ctid``, which every insert, update and delete
changes, whatever wrote it) of each memory of the thread's owner and character that is shared
or pinned there, of each pin of the thread and of each dismissal in it. A write that can
change what ``memories_pinned_or_shared_in_thread`` answers changes the stamp: a memory
edited, retired, deleted, shared or unshared, a pin added or removed, a dismissal made or
lifted. NULL when there is none of them, and then there is nothing to read.
"""

from __future__ import annotations

from django.db.models import Exists, F, Func, OuterRef, Q, QuerySet, Subquery, TextField

from chat import selectors as chat_selectors
from chat.selectors import ThreadRef
from drawhisper.compiled_sql import CompiledQuery
from memories.models import Memory, MemoryDismissal, MemoryPin


def _thread(thread_id: int) -> ThreadRef:
    thread = chat_selectors.thread_ref(thread_id=thread_id)
    if thread is None:
        raise LookupError(f"no thread {thread_id}")
    return thread


def memories_pinned_to_thread(*, thread_id: int) -> QuerySet[Memory]:
    """Active memories pinned to the thread, oldest pin first (a stable prompt prefix)."""
    thread = _thread(thread_id)
    pinned_at = MemoryPin.objects.filter(memory=OuterRef("pk"), thread_id=thread_id).values(
        "created_at"
    )[:1]
    return (
        Memory.objects.filter(
            owner_id=thread.owner_id, character_id=thread.character_id, status=Memory.Status.ACTIVE
        )
        .annotate(pinned_at=Subquery(pinned_at))
        .filter(pinned_at__isnull=False)
        .order_by("pinned_at", "pk")
    )


def memories_shared_with_thread(*, thread_id: int) -> QuerySet[Memory]:
    """Active shared memories of the thread's owner and character (any scene), except those
    pinned here (they are in the pinned layer) and those dismissed here. Oldest first, so the
    prompt prefix stays stable as new ones arrive."""
    thread = _thread(thread_id)
    return (
        Memory.objects.filter(
            owner_id=thread.owner_id,
            character_id=thread.character_id,
            status=Memory.Status.ACTIVE,
            shared=True,
        )
        .exclude(pins__thread_id=thread_id)
        .exclude(dismissals__thread_id=thread_id)
        .order_by("created_at", "pk")
    )


def _pinned_or_shared_queryset(*, thread_id: int, owner_id: int, character_id: int):
    pinned_at = MemoryPin.objects.filter(memory=OuterRef("pk"), thread_id=thread_id).values(
        "created_at"
    )[:1]
    dismissed = MemoryDismissal.objects.filter(memory=OuterRef("pk"), thread_id=thread_id)
    return (
        Memory.objects.filter(
            owner_id=owner_id, character_id=character_id, status=Memory.Status.ACTIVE
        )
        .annotate(pinned_at=Subquery(pinned_at), dismissed_here=Exists(dismissed))
        .filter(Q(pinned_at__isnull=False) | Q(shared=True, dismissed_here=False))
        .order_by("created_at", "pk")
    )


class BoardStamp(Func):
    """The board stamp of a thread, as a column of a query over threads: ``BoardStamp(owner,
    character, thread)``, three expressions naming the thread's columns (for a query of
    messages, ``F("thread__owner_id")`` and so on)."""

    output_field = TextField()

    def __init__(self, owner, character, thread) -> None:
        super().__init__(owner, character, thread)

    def as_sql(self, compiler, connection, **extra_context):
        columns = []
        for expression in self.get_source_expressions():
            sql, params = compiler.compile(expression)
            if params:  # pragma: no cover - column references carry no params
                raise ValueError("BoardStamp takes column references")
            columns.append(sql)
        owner, character, thread = columns
        memories = Memory._meta.db_table
        pins, dismissals = MemoryPin._meta.db_table, MemoryDismissal._meta.db_table
        return (
            "(SELECT md5(string_agg(stamp.part, ',' ORDER BY stamp.part)) FROM ("
            "SELECT 'm' || bm.id || ':' || bm.xmin::text || ':' || bm.ctid::text AS part"
            f" FROM {memories} bm WHERE bm.owner_id = {owner} AND bm.character_id = {character}"
            f" AND (bm.shared OR bm.id IN (SELECT bp.memory_id FROM {pins} bp"
            f" WHERE bp.thread_id = {thread}))"
            " UNION ALL SELECT 'p' || bp.id || ':' || bp.xmin::text || ':' || bp.ctid::text"
            f" FROM {pins} bp WHERE bp.thread_id = {thread}"
            " UNION ALL SELECT 'd' || bd.id || ':' || bd.xmin::text || ':' || bd.ctid::text"
            f" FROM {dismissals} bd WHERE bd.thread_id = {thread}) stamp)"
        ), []


def board_stamp_of_thread(prefix: str = "") -> BoardStamp:
    """``BoardStamp`` of the thread reached through ``prefix`` (``"thread__"`` from a
    message)."""
    return BoardStamp(
        F(f"{prefix}owner_id"),
        F(f"{prefix}character_id"),
        F(f"{prefix}id") if prefix else F("id"),
    )


# Every chat turn reads it: compiled to SQL once per process.
_PINNED_OR_SHARED = CompiledQuery(_pinned_or_shared_queryset)


def memories_pinned_or_shared_in_thread(
    *, thread_id: int, owner_id: int, character_id: int
) -> tuple[list[Memory], list[Memory]]:
    """``(memories_pinned_to_thread, memories_shared_with_thread)`` in one statement, for the
    thread's owner and character as the caller knows them (a chat turn reads both)."""
    rows = _PINNED_OR_SHARED.rows(thread_id=thread_id, owner_id=owner_id, character_id=character_id)
    pinned, shared = [], []
    for memory in rows:
        (shared if memory.pinned_at is None else pinned).append(memory)
    pinned.sort(key=lambda memory: (memory.pinned_at, memory.pk))
    return pinned, shared


def memories_retrievable_in_thread(*, thread_id: int) -> QuerySet[Memory]:
    """Every active memory that may appear in the thread's context at all: pinned here,
    shared, or made in this thread; minus the ones dismissed here unless pinned here.

    Retrieval intersects its hits with this queryset, so a memory that is neither pinned
    nor shared is found only in its own origin thread."""
    thread = _thread(thread_id)
    pinned_here = MemoryPin.objects.filter(memory=OuterRef("pk"), thread_id=thread_id)
    dismissed_here = MemoryDismissal.objects.filter(memory=OuterRef("pk"), thread_id=thread_id)
    return Memory.objects.filter(
        owner_id=thread.owner_id,
        character_id=thread.character_id,
        status=Memory.Status.ACTIVE,
    ).filter(
        Exists(pinned_here)
        | ((Q(shared=True) | Q(origin_thread_id=thread_id)) & ~Exists(dismissed_here))
    )


def memory_ids_dismissed_in_thread(*, thread_id: int) -> set[int]:
    return set(
        MemoryDismissal.objects.filter(thread_id=thread_id).values_list("memory_id", flat=True)
    )
