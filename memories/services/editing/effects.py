"""What follows a hand edit: derived fields, the vector store, and the browser events.

Indexing runs inside the caller's transaction, so a failed re-embedding rolls the edit back.
Vector deletion needs no call here: deleting a Memory row schedules its vector's removal
after commit (``memories.services.vectors.deletion``). Events are sent only once the
transaction commits (``robust``: a Redis hiccup after commit is logged, never turned into a
failed request for a change that did happen)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from memories.models import Memory
from memories.services.editing.checks import memory_content_hash


def refresh_derived_fields(memory: Memory) -> None:
    from drawhisper.tokens import count_tokens
    from memories.context import memory_text

    memory.content_hash = memory_content_hash(
        type=memory.type, title=memory.title, content=memory.content
    )
    memory.token_count = count_tokens(memory_text(memory))


def index_vectors(memory_ids: Iterable[int]) -> None:
    """Embed and upsert the vectors of these memories (text and metadata read from the rows)."""
    from memories.services import vectors

    ids = list(memory_ids)
    if ids:
        vectors.index_memories(memory_ids=ids)


def send_memory_event(
    event_type: str, payload: dict[str, Any], *, owner_id: int, character_id: int
) -> None:
    """``{"type", "memory": memory_payload}``; ``memory.deleted`` also carries ``id`` at the
    top level, as the WebSocket protocol documents it."""
    from chat.groups import character_group, send_to_group

    event: dict[str, Any] = {"type": event_type, "memory": payload}
    if event_type == "memory.deleted":
        event["id"] = payload["id"]
    send_to_group(character_group(owner_id, character_id), event)


def notify_after_commit(event_type: str, memory: Memory) -> None:
    """Send the memory as committed (re-read then, so the payload never shows a stale copy)."""
    memory_id, owner_id, character_id = memory.pk, memory.owner_id, memory.character_id

    def send() -> None:
        from memories.payloads import memory_payload

        committed = with_relations(Memory.objects.filter(pk=memory_id)).first()
        if committed is not None:
            send_memory_event(
                event_type, memory_payload(committed), owner_id=owner_id, character_id=character_id
            )

    transaction.on_commit(send, robust=True)


def notify_deleted_after_commit(
    payload: dict[str, Any], *, owner_id: int, character_id: int
) -> None:
    transaction.on_commit(
        lambda: send_memory_event(
            "memory.deleted", payload, owner_id=owner_id, character_id=character_id
        ),
        robust=True,
    )


def with_relations(queryset):
    return queryset.select_related("superseded_by").prefetch_related("pins", "dismissals")


def reloaded(memory: Memory) -> Memory:
    return with_relations(Memory.objects.all()).get(pk=memory.pk)
