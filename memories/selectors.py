"""Reads of memories: scoped lists, search by meaning and by words, and the scope rules of
which memory may appear in which thread's context.

Invariants:
- Every read is scoped to one owner: an object of another user is never returned, so views
  turn ``DoesNotExist`` into 404.
- The thread scope rule lives here and only here (``memories_retrievable_in_thread``): a
  memory reaches a thread's context when it is pinned there, shared, or made in that thread,
  and the user has not dismissed it there. Pinned wins over dismissed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Subquery

from chat import selectors as chat_selectors
from chat.selectors import ThreadRef
from drawhisper.compiled_sql import CompiledQuery
from memories.models import Memory, MemoryDismissal, MemoryPin

logger = logging.getLogger(__name__)

# Cosine similarity under which a vector hit is noise rather than a match (all-MiniLM and
# OpenAI embeddings put unrelated sentences well below it).
SEARCH_MIN_VECTOR_SCORE = 0.3
# Reciprocal rank fusion constant: how much the top of each ranking dominates.
RRF_K = 60


@dataclass(frozen=True)
class MemoryFilters:
    """The list filters of ``GET /api/memories/``; ``None`` means "not filtered"."""

    character_id: int | None = None
    thread_id: int | None = None
    type: str | None = None
    pinned: bool | None = None
    shared: bool | None = None
    q: str = ""
    status: str | None = Memory.Status.ACTIVE


def _with_relations(queryset: QuerySet[Memory]) -> QuerySet[Memory]:
    # memory_payload reads pins and dismissals; prefetch them once per list.
    return queryset.select_related(
        "superseded_by", "conflicts_with", "remainder_of"
    ).prefetch_related(
        Prefetch("pins", queryset=MemoryPin.objects.order_by("thread_id")),
        Prefetch("dismissals", queryset=MemoryDismissal.objects.order_by("thread_id")),
    )


# --------------------------------------------------------------------------- owned objects


def memory_get(*, user, memory_id: int) -> Memory:
    """The user's memory; raises ``Memory.DoesNotExist`` for a missing or foreign one."""
    return _with_relations(Memory.objects.filter(owner=user)).get(pk=memory_id)


def thread_get(*, user, thread_id: int) -> ThreadRef | None:
    """The user's chat, or None for a missing or foreign one."""
    return chat_selectors.thread_ref(thread_id=thread_id, owner_id=user.pk)


def memory_count(*, character_id: int | None = None, scene_id: int | None = None) -> int:
    """How many memories a character has, or were made in the chats of a scene (what
    deleting it also deletes)."""
    memories = Memory.objects.all()
    if character_id is not None:
        memories = memories.filter(character_id=character_id)
    if scene_id is not None:
        memories = memories.filter(origin_thread__scene_id=scene_id)
    return memories.count()


# --------------------------------------------------------------------------- lists and search


def memory_list(*, user, filters: MemoryFilters) -> list[Memory] | QuerySet[Memory]:
    """The user's memories matching ``filters``: newest first, or best match first with ``q``.

    ``thread`` keeps memories made in or pinned to that thread; with it, ``pinned`` means
    pinned to that thread, without it pinned to any thread."""
    queryset = Memory.objects.filter(owner=user)
    if filters.status:
        queryset = queryset.filter(status=filters.status)
    if filters.character_id is not None:
        queryset = queryset.filter(character_id=filters.character_id)
    if filters.type:
        queryset = queryset.filter(type=filters.type)
    if filters.shared is not None:
        queryset = queryset.filter(shared=filters.shared)
    if filters.thread_id is not None:
        pinned_here = MemoryPin.objects.filter(memory=OuterRef("pk"), thread_id=filters.thread_id)
        queryset = queryset.filter(Q(origin_thread_id=filters.thread_id) | Exists(pinned_here))
        if filters.pinned is not None:
            queryset = (
                queryset.filter(Exists(pinned_here))
                if filters.pinned
                else queryset.exclude(Exists(pinned_here))
            )
    elif filters.pinned is not None:
        pinned_anywhere = MemoryPin.objects.filter(memory=OuterRef("pk"))
        queryset = (
            queryset.filter(Exists(pinned_anywhere))
            if filters.pinned
            else queryset.exclude(Exists(pinned_anywhere))
        )
    queryset = _with_relations(queryset.order_by("-created_at", "-id"))
    if not filters.q.strip():
        return queryset
    scores = memory_search_scores(
        user=user, query=filters.q, queryset=queryset, character_id=filters.character_id
    )
    found = {memory.pk: memory for memory in queryset.filter(pk__in=scores)}
    ranked = sorted(found.values(), key=lambda memory: (-scores[memory.pk], -memory.pk))
    for memory in ranked:
        memory.search_score = scores[memory.pk]
    return ranked


def memory_search_scores(
    *,
    user,
    query: str,
    queryset: QuerySet[Memory],
    character_id: int | None = None,
    limit: int = 50,
) -> dict[int, float]:
    """Search ``queryset`` by meaning and by words; ``{memory_id: score}``, score in (0, 1].

    Meaning: the query embedding against the vector store (owner, character, memories only).
    Words: Postgres full-text rank (English stemming) plus a plain substring match, so a
    half-typed word still finds its memory. The two rankings are merged by reciprocal rank
    fusion and scaled so a memory first in both scores 1."""
    query = query.strip()
    if not query:
        return {}
    rankings = [
        _vector_ranking(
            user=user, query=query, queryset=queryset, character_id=character_id, limit=limit
        )
    ]
    rankings.append(_text_ranking(query=query, queryset=queryset, limit=limit))
    fused: dict[int, float] = {}
    for ranking in rankings:
        for rank, memory_id in enumerate(ranking):
            fused[memory_id] = fused.get(memory_id, 0.0) + 1.0 / (RRF_K + rank + 1)
    best_possible = len(rankings) / (RRF_K + 1)
    return {memory_id: round(score / best_possible, 4) for memory_id, score in fused.items()}


def _vector_ranking(
    *, user, query: str, queryset: QuerySet[Memory], character_id: int | None, limit: int
) -> list[int]:
    from memories.index import VectorFilter, search_vectors

    try:
        hits = search_vectors(
            query=query,
            filter=VectorFilter(
                owner=user.pk, character=character_id, kinds=("memory",), status=None
            ),
            top_k=limit,
            min_score=SEARCH_MIN_VECTOR_SCORE,
        )
    except Exception:  # search by words still answers when the embedder or the store is down
        logger.warning("memory search: vector side failed, answering by words only", exc_info=True)
        return []
    order = {hit.id: index for index, hit in enumerate(hits)}
    rows = queryset.filter(vector_id__in=order).values_list("pk", "vector_id")
    return [pk for pk, vector_id in sorted(rows, key=lambda row: order[row[1]])]


def _text_ranking(*, query: str, queryset: QuerySet[Memory], limit: int) -> list[int]:
    search_vector = SearchVector("title", weight="A", config="english") + SearchVector(
        "content", weight="B", config="english"
    )
    search_query = SearchQuery(query, search_type="websearch", config="english")
    ranked = list(
        queryset.annotate(rank=SearchRank(search_vector, search_query))
        .filter(rank__gt=0)
        .order_by("-rank", "-pk")
        .values_list("pk", flat=True)[:limit]
    )
    seen = set(ranked)
    substring = (
        queryset.filter(Q(title__icontains=query) | Q(content__icontains=query))
        .exclude(pk__in=seen)
        .order_by("-created_at", "-pk")
        .values_list("pk", flat=True)[:limit]
    )
    return ranked + list(substring)


# --------------------------------------------------------------------------- thread scope


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


def rolling_summary_for_thread(*, thread_id: int):
    """The thread's rolling summary in one statement: its newest ``recent`` summary, or before
    any exists its newest daily one (``memories.pipeline.latest_summary_for_thread``)."""
    return rolling_summaries_of_thread(thread_id=thread_id).first()


def rolling_summaries_of_thread(*, thread_id: int):
    """The thread's ``recent`` and daily summaries, the rolling one first."""
    from django.db.models import Case, IntegerField, Value, When

    from memories.models import Summary

    return Summary.objects.filter(
        thread_id=thread_id, level__in=[Summary.Level.RECENT, Summary.Level.DAILY]
    ).order_by(
        Case(
            When(level=Summary.Level.RECENT, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        ),
        "-end_seq",
        "-id",
    )


SUMMARY_COLUMNS = ("pk", "text", "token_count", "start_seq", "end_seq")
PROFILE_COLUMNS = ("pk", "character_id", "data", "user_fields", "updated_at")


def _profile_row_queryset(*, owner_id: int, character_id: int):
    from memories.models import Profile

    return (
        Profile.objects.filter(owner_id=owner_id, character_id=character_id)
        .order_by("pk")
        .values_list(*PROFILE_COLUMNS)[:1]
    )


def _rolling_summary_row_queryset(*, thread_id: int):
    return rolling_summaries_of_thread(thread_id=thread_id).values_list(*SUMMARY_COLUMNS)[:1]


# Every chat turn reads both: compiled to SQL once per process.
_PROFILE_ROW = CompiledQuery(_profile_row_queryset)
_ROLLING_SUMMARY_ROW = CompiledQuery(_rolling_summary_row_queryset)


@dataclass(frozen=True)
class TurnMemoryRows:
    """The rows of a chat turn's profile and rolling summary, each None when there is none,
    and the retrieval scope's row when it was asked for
    (``chat_adapter.thread_scope_columns_sql``: has_shared, dismissed, lexemes, documents)."""

    profile: object | None  # a Profile
    summary: tuple | None  # SUMMARY_COLUMNS of the rolling summary
    scope: tuple | None = None


def profile_and_rolling_summary(
    *, owner_id: int, character_id: int, thread_id: int, scope_sql: tuple[str, list] | None = None
):
    """The owner's profile for the character and the thread's rolling summary in one
    statement (a chat turn needs both): two lateral joins on one row, so either may be
    missing without losing the other. ``scope_sql``: a third one, the row of retrieval's
    scope (``chat_adapter.thread_scope_columns_sql``), read in the same statement."""
    import json

    from django.db import connection

    from memories.models import Profile

    profile_sql, profile_params = _PROFILE_ROW.sql(owner_id=owner_id, character_id=character_id)
    summary_sql, summary_params = _ROLLING_SUMMARY_ROW.sql(thread_id=thread_id)
    scope_join, scope_columns, scope_params = "", "", []
    if scope_sql is not None:
        scope_join = f" LEFT JOIN LATERAL ({scope_sql[0]}) sc ON true"
        scope_columns, scope_params = ", sc.*", list(scope_sql[1])
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.*, s.*{scope_columns} FROM (SELECT 1) AS one"
            f" LEFT JOIN LATERAL ({profile_sql}) p ON true"
            f" LEFT JOIN LATERAL ({summary_sql}) s ON true{scope_join}",
            [*profile_params, *summary_params, *scope_params],
        )
        row = cursor.fetchone()
    width, summary_width = len(PROFILE_COLUMNS), len(SUMMARY_COLUMNS)
    profile_row = row[:width]
    summary_row = row[width : width + summary_width]
    scope_row = tuple(row[width + summary_width :]) if scope_sql is not None else None

    def decoded(value):
        return json.loads(value) if isinstance(value, str) else value

    profile = None
    if profile_row[0] is not None:
        pk, character, data, user_fields, updated_at = profile_row
        profile = Profile(
            pk=pk,
            owner_id=owner_id,
            character_id=character,
            data=decoded(data),
            user_fields=decoded(user_fields),
            updated_at=updated_at,
        )
    summary = tuple(summary_row) if summary_row[0] is not None else None
    return TurnMemoryRows(profile=profile, summary=summary, scope=scope_row)


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


# --------------------------------------------------------------------------- export


def memories_for_export(*, user, character) -> QuerySet[Memory]:
    return _with_relations(Memory.objects.filter(owner=user, character=character)).order_by(
        "created_at", "pk"
    )


def threads_for_user(*, user, character_id: int | None = None) -> list[ThreadRef]:
    """The user's chats (newest first), for pin targets on the memories page."""
    return chat_selectors.thread_refs(owner_id=user.pk, character_id=character_id)
