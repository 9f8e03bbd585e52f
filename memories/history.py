"""The one rule for replacing a memory by a newer one, kept as history.

Used by every capability that retires a memory: the pipeline's store step (an extractor's
``update n``, ``memories.pipeline.superseding``) and the user's answer to a conflict
(``keep new``, ``memories.editing.conflicts``). It sits beside ``selectors`` and ``events``
so that neither capability imports the other.

Invariants: nothing is deleted (the old row becomes ``superseded`` with ``superseded_by``
set, restorable like any superseded memory), and the newer memory keeps the old one's
reach: it becomes shared if the old one was, and is pinned wherever the old one was pinned.
Vectors are the caller's: it re-indexes the old memory (and the newer one if it changed)
inside its transaction.
"""

from __future__ import annotations

from django.utils import timezone

from memories.models import Memory, MemoryPin


def memory_supersede(*, old: Memory, newer: Memory) -> None:
    """Mark ``old`` superseded by ``newer``, handing ``newer`` its reach (shared, pins).
    The caller re-indexes ``old`` (and ``newer`` if it changed) inside its transaction."""
    now = timezone.now()
    old.status = Memory.Status.SUPERSEDED
    old.superseded_by_id = newer.pk
    old.updated_at = now
    Memory.objects.filter(pk=old.pk).update(
        status=old.status, superseded_by_id=newer.pk, updated_at=now
    )
    if old.shared and not newer.shared:
        newer.shared = True
        Memory.objects.filter(pk=newer.pk).update(shared=True, updated_at=now)
    for thread_id in old.pins.values_list("thread_id", flat=True):
        MemoryPin.objects.get_or_create(memory_id=newer.pk, thread_id=thread_id)
