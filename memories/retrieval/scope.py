"""Who and what a retrieval may see.

- memories: same owner and character, status active, and either shared or made in this
  thread (``origin_thread``); minus the ids the caller already shows (pinned, shared layers);
- summaries: of this thread only;
- archived messages: of this thread only, active (not replaced by a regeneration), not
  deleted by the user, with text, and older than ``before_seq`` (the first message of the
  recent window) when it is given.

The vector store is asked with the same owner/character/thread filters, and every hit is
checked again against the database, which is the source of truth."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from chat.models import Message, Thread
from memories.models import Memory, Summary


@dataclass(frozen=True)
class Scope:
    owner_id: int
    character_id: int
    thread_id: int
    before_seq: int | None = None
    exclude_memory_ids: frozenset[int] = frozenset()
    # How archived messages name their speakers.
    user_name: str = "User"
    character_name: str = "Character"


def scope_for_thread(
    *, thread_id: int, before_seq: int | None = None, exclude_memory_ids: Iterable[int] = ()
) -> Scope:
    owner_id, character_id, first_name, character_name = Thread.objects.values_list(
        "owner_id", "character_id", "owner__first_name", "character__name"
    ).get(pk=thread_id)
    return Scope(
        owner_id=owner_id,
        character_id=character_id,
        thread_id=thread_id,
        before_seq=before_seq,
        exclude_memory_ids=frozenset(int(pk) for pk in exclude_memory_ids),
        user_name=first_name or "User",
        character_name=character_name or "Character",
    )


MESSAGE_STATUSES = (Message.Status.COMPLETE, Message.Status.INTERRUPTED)


def memories_in_scope(scope: Scope):
    queryset = Memory.objects.filter(
        owner_id=scope.owner_id, character_id=scope.character_id, status=Memory.Status.ACTIVE
    ).filter(Q(shared=True) | Q(origin_thread_id=scope.thread_id))
    if scope.exclude_memory_ids:
        queryset = queryset.exclude(pk__in=scope.exclude_memory_ids)
    return queryset


def summaries_in_scope(scope: Scope):
    return Summary.objects.filter(thread_id=scope.thread_id)


def messages_in_scope(scope: Scope):
    queryset = Message.objects.filter(
        thread_id=scope.thread_id, active=True, deleted_at__isnull=True, status__in=MESSAGE_STATUSES
    ).exclude(content="")
    if scope.before_seq is not None:
        queryset = queryset.filter(seq__lt=scope.before_seq)
    return queryset
