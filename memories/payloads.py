"""The JSON shape of a memory, the same over REST and in WebSocket events.

Keys are only ever added, never renamed or removed, so older clients keep working.
``source_url`` links to the first message the memory came from (``/chat/<thread>/#seq-<n>``),
or is null for a memory written by hand; ``dismissed_threads`` lists the threads where the
user said the memory is not relevant; ``superseded_by`` (with ``superseded_by_title``) names
the newer memory that replaced a superseded one, or is null."""

from __future__ import annotations

from typing import Any


def memory_source_url(memory) -> str | None:
    if not memory.origin_thread_id:
        return None
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
    }
