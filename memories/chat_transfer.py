"""What chat's export and import need from the memory app (chat imports only this module
for them; everything is scoped to the thread's owner).

- ``thread_memories(actor, character_id, thread_id)``: the memories a chat made or has pinned,
  in the portable memory format (``memories_export``'s items), for a chat's own export.
- ``pins_copy(from_thread_id, to_thread_id)``: pin in a branch what is pinned in its origin.
- ``memory_progress(thread_id)``: how far the memory pipeline has got through a
  chat's messages, for the status shown while an imported history is memorised.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

State = Literal["idle", "working", "failed"]


@dataclass(frozen=True)
class MemoryProgress:
    memorised_through_seq: int  # 0 before the first job succeeded
    state: State
    memories: int  # made from this chat, any status
    error: str = ""  # why a job failed (failed), or waits for a retry (working)
    chunks_checked: int = 0  # chunks the support check saw, over the chat's jobs
    chunks_unverified: int = 0  # of those, kept unverified (not supported by their messages)

    @property
    def unverified_share(self) -> float | None:
        return self.chunks_unverified / self.chunks_checked if self.chunks_checked else None


def thread_memories(*, actor, character, thread_id: int) -> list[dict[str, Any]]:
    from memories.editing import memories_export

    document = memories_export(actor=actor, character=character)
    return [
        item
        for item in document["memories"]
        if (item["source"] or {}).get("thread") == thread_id or thread_id in item["pinned_threads"]
    ]


def memory_progress(*, thread_id: int) -> MemoryProgress:
    from django.db.models import Max, Sum

    from memories.models import Memory, MemoryJob

    jobs = MemoryJob.objects.filter(thread_id=thread_id)
    done = jobs.filter(status=MemoryJob.Status.SUCCEEDED).aggregate(
        top=Max("end_seq"), checked=Sum("chunks_checked"), unverified=Sum("chunks_unverified")
    )
    unfinished = jobs.filter(status__in=[MemoryJob.Status.PENDING, MemoryJob.Status.RUNNING])
    failed = jobs.filter(status=MemoryJob.Status.FAILED)
    if unfinished.exists():
        state: State = "working"
        errors = unfinished.exclude(last_error="")
    elif failed.exists():
        state = "failed"
        errors = failed
    elif _history_due(thread_id):
        # Between one job's end and the next one's creation (after its commit), or before
        # the first job of an import: more is coming.
        state, errors = "working", jobs.none()
    else:
        state, errors = "idle", jobs.none()
    error = errors.order_by("-updated_at", "-id").values_list("last_error", flat=True).first()
    return MemoryProgress(
        memorised_through_seq=done["top"] or 0,
        state=state,
        memories=Memory.objects.filter(origin_thread_id=thread_id).count(),
        error=error or "",
        chunks_checked=done["checked"] or 0,
        chunks_unverified=done["unverified"] or 0,
    )


def _history_due(thread_id: int) -> bool:
    """Whether the thread holds enough unmemorised messages for a memory job."""
    from django.conf import settings

    from drawhisper.tokens import count_tokens
    from memories.pipeline import messages_due_for_memory

    total = 0
    for message in messages_due_for_memory(thread_id=thread_id):
        total += message.token_count or count_tokens(message.content)
        if total >= settings.MEMORY_TRIGGER_TOKENS:
            return True
    return False


def pins_copy(*, from_thread_id: int, to_thread_id: int) -> int:
    """Pin in ``to_thread`` every memory pinned in ``from_thread`` (same owner: a branch);
    returns how many."""
    from memories.models import MemoryPin

    pins = [
        MemoryPin(memory_id=memory_id, thread_id=to_thread_id)
        for memory_id in MemoryPin.objects.filter(thread_id=from_thread_id)
        .order_by("created_at", "pk")
        .values_list("memory_id", flat=True)
    ]
    MemoryPin.objects.bulk_create(pins, ignore_conflicts=True)
    return len(pins)
