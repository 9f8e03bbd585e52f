"""Every memory event: the JSON shape of a memory, and sending ``memory.created``,
``memory.updated`` and ``memory.deleted`` to the user's open tabs.

The payload (``memory_payload``) is the same over REST and in WebSocket events. Keys are only ever added, never renamed or removed, so older clients keep working.
``source_url`` links to the first message the memory came from (``/chat/<thread>/#seq-<n>``),
or is null for a memory written by hand; ``dismissed_threads`` lists the threads where the
user said the memory is not relevant; ``superseded_by`` (with ``superseded_by_title``) names
the newer memory that replaced a superseded one, or is null; ``remainder_of`` (with
``remainder_of_title``) names the memory a remainder was kept from, or is null.

Events go to ``character_group(owner, character)`` as ``{"type", "memory": payload}``;
``memory.deleted`` also carries ``id`` at the top level, as the WebSocket protocol documents
it. They are sent only after the transaction that made the change commits (``robust``: a
Redis hiccup after the commit is logged, never turned into a failed request for a change
that did happen), and each reads the memory as committed, so a tab never sees a stale copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from chat.groups import character_group, send_to_group
from memories.models import Memory

CREATED = "memory.created"
UPDATED = "memory.updated"
DELETED = "memory.deleted"


def memory_source_url(memory) -> str | None:
    if not memory.origin_thread_id:
        return None
    if memory.source_seqs:
        # The exact messages: the chat page scrolls to the first and highlights them all.
        return f"/chat/{memory.origin_thread_id}/#seq-{','.join(map(str, memory.source_seqs))}"
    if memory.source_start_seq is None:
        return f"/chat/{memory.origin_thread_id}/"
    return f"/chat/{memory.origin_thread_id}/#seq-{memory.source_start_seq}"


def memory_payload(memory) -> dict[str, Any]:
    return {
        "id": memory.pk,
        "type": memory.type,
        "title": memory.title,
        "content": memory.content,
        "character": memory.character_id,
        "origin_thread": memory.origin_thread_id,
        "source_start_seq": memory.source_start_seq,
        "source_end_seq": memory.source_end_seq,
        "source_seqs": list(memory.source_seqs or []),
        "support_note": memory.support_note,
        "shared": memory.shared,
        "pinned_threads": sorted(pin.thread_id for pin in memory.pins.all()),
        "status": memory.status,
        "created_by": memory.created_by,
        "edited_by_user": memory.edited_by_user,
        "source_changed": memory.source_changed,
        "created_at": memory.created_at.isoformat() if memory.created_at else None,
        "updated_at": memory.updated_at.isoformat() if memory.updated_at else None,
        "source_url": memory_source_url(memory),
        "dismissed_threads": sorted(dismissal.thread_id for dismissal in memory.dismissals.all()),
        "superseded_by": memory.superseded_by_id,
        "superseded_by_title": memory.superseded_by.title if memory.superseded_by_id else None,
        # Status "conflict": the memory this one contradicts, until the user decides.
        "conflicts_with": memory.conflicts_with_id,
        "conflicts_with_title": memory.conflicts_with.title if memory.conflicts_with_id else None,
        # A remainder: the memory it was kept from when one of that memory's facts changed.
        "remainder_of": memory.remainder_of_id,
        "remainder_of_title": memory.remainder_of.title if memory.remainder_of_id else None,
    }


def with_relations(queryset):
    """What ``memory_payload`` reads besides the row, fetched once per query."""
    return queryset.select_related(
        "superseded_by", "conflicts_with", "remainder_of"
    ).prefetch_related("pins", "dismissals")


def send_memory_event(
    event_type: str, payload: dict[str, Any], *, owner_id: int, character_id: int
) -> None:
    """Send one event now (call it after the commit)."""
    event: dict[str, Any] = {"type": event_type, "memory": payload}
    if event_type == DELETED:
        event["id"] = payload["id"]
    send_to_group(character_group(owner_id, character_id), event)


def _send(event_type: str, memories: Iterable[Memory]) -> None:
    for memory in memories:
        send_memory_event(
            event_type,
            memory_payload(memory),
            owner_id=memory.owner_id,
            character_id=memory.character_id,
        )


# The statuses a new memory is announced in: active, contested (waiting in the conflict
# inbox) and unverified (kept out of chats until the user verifies it: the panel counts it
# under "Unverified only"). A client tells them apart by ``memory.status``.
ANNOUNCED_STATUSES = (Memory.Status.ACTIVE, Memory.Status.CONFLICT, Memory.Status.UNVERIFIED)


def send_memories_created(memory_ids: list[int]) -> None:
    """``memory.created`` for these new memories that are still active, contested or
    unverified (not those already superseded or deleted), in chunk order."""
    memories = with_relations(
        Memory.objects.filter(pk__in=memory_ids, status__in=ANNOUNCED_STATUSES)
    )
    _send(CREATED, sorted(memories, key=lambda memory: memory.chunk_index or 0))


def send_memories_updated(memory_ids: list[int]) -> None:
    """``memory.updated`` for these memories, as they are now, by id."""
    _send(UPDATED, with_relations(Memory.objects.filter(pk__in=memory_ids).order_by("pk")))


def send_after_commit(event_type: str, memory: Memory) -> None:
    """Send the memory as committed (re-read then), once the transaction commits."""
    memory_id = memory.pk

    def send() -> None:
        _send(event_type, with_relations(Memory.objects.filter(pk=memory_id)))

    transaction.on_commit(send, robust=True)


def send_deleted_after_commit(payload: dict[str, Any], *, owner_id: int, character_id: int) -> None:
    """``memory.deleted`` with the payload taken before the row went, once it commits."""
    transaction.on_commit(
        lambda: send_memory_event(DELETED, payload, owner_id=owner_id, character_id=character_id),
        robust=True,
    )
