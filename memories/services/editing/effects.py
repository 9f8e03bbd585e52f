"""What follows a hand edit: derived fields, the vector store, and the browser events.

The vector calls run inside the caller's transaction, so a failed re-embedding rolls the edit
back; events are sent only once the transaction commits (``robust``: a Redis hiccup after
commit is logged, never turned into a failed request for a change that did happen)."""

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


def remove_vectors(vector_ids: Iterable[str | None]) -> None:
    from memories.services import vectors

    ids = [vector_id for vector_id in vector_ids if vector_id]
    if ids:
        vectors.delete_vectors(vector_ids=ids)


def send_memory_event(
    event_type: str, payload: dict[str, Any], *, owner_id: int, character_id: int
) -> None:
    from chat.groups import character_group, send_to_group

    send_to_group(character_group(owner_id, character_id), {"type": event_type, "memory": payload})


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
    return queryset.prefetch_related("pins", "dismissals")


def reloaded(memory: Memory) -> Memory:
    return with_relations(Memory.objects.all()).get(pk=memory.pk)
