"""The user's own memories and chats: one memory, the filtered and searched list of
``GET /api/memories/``, a character's or scene's memory count and the export's memories.

Invariant: every read is scoped to one owner; an object of another user is never returned,
so views turn ``DoesNotExist`` into 404.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from chat import selectors as chat_selectors
from chat.selectors import ThreadRef
from memories import chat_adapter
from memories.models import Memory, MemoryDismissal, MemoryPin
from memories.selectors.search import memory_search_scores


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
        memories = memories.filter(
            origin_thread_id__in=chat_adapter.scene_thread_ids(scene_id=scene_id)
        )
    return memories.count()


# --------------------------------------------------------------------------- lists


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


# --------------------------------------------------------------------------- export


def memories_for_export(*, user, character) -> QuerySet[Memory]:
    return _with_relations(Memory.objects.filter(owner=user, character=character)).order_by(
        "created_at", "pk"
    )


def threads_for_user(*, user, character_id: int | None = None) -> list[ThreadRef]:
    """The user's chats (newest first), for pin targets on the memories page."""
    return chat_selectors.thread_refs(owner_id=user.pk, character_id=character_id)
