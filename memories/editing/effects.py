"""What follows a hand edit: derived fields, the vector store, the profile, and the browser
events.

Indexing runs inside the caller's transaction, so a failed re-embedding rolls the edit back.
Vector deletion needs no call here: deleting a Memory row schedules its vector's removal
after commit (``memories.index.deletion``). Events are sent only once the
transaction commits, by ``memories.events``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from memories import events, index
from memories.models import Memory
from memories.profile import profile_refresh
from memories.texts import memory_content_hash, memory_text


def refresh_derived_fields(memory: Memory) -> None:
    from drawhisper.tokens import count_tokens

    memory.content_hash = memory_content_hash(
        type=memory.type, title=memory.title, content=memory.content
    )
    memory.token_count = count_tokens(memory_text(memory))


def index_vectors(memory_ids: Iterable[int]) -> None:
    """Embed and upsert the vectors of these memories (text and metadata read from the rows)."""
    ids = list(memory_ids)
    if ids:
        index.index_memories(memory_ids=ids)


def refresh_profile(*, owner_id: int, character_id: int) -> None:
    """Rebuild the profile from the memories as they now are, in the caller's transaction:
    a memory verified, kept, edited, retired or deleted by hand shows in (or leaves) the
    profile in the same commit. The user's own profile fields are never touched."""
    profile_refresh(owner_id=owner_id, character_id=character_id)


def notify_after_commit(event_type: str, memory: Memory) -> None:
    """Tell the open tabs about the memory as committed (``memories.events``)."""
    events.send_after_commit(event_type, memory)


def notify_deleted_after_commit(
    payload: dict[str, Any], *, owner_id: int, character_id: int
) -> None:
    events.send_deleted_after_commit(payload, owner_id=owner_id, character_id=character_id)


def reloaded(memory: Memory) -> Memory:
    return events.with_relations(Memory.objects.all()).get(pk=memory.pk)
