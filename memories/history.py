"""The one rule for replacing a memory by a newer one, kept as history, and for the
remainder kept of it.

Used by every capability that retires a memory: the pipeline's store step (an extractor's
``update n``, ``memories.pipeline.superseding``) and the user's answer to a conflict
(``keep new``, ``memories.editing.conflicts``), and by a restore (``memories.editing``).
It sits beside ``selectors`` and ``events`` so that neither capability imports the other.

Invariants: nothing is deleted (the old row becomes ``superseded`` with ``superseded_by``
set, restorable like any superseded memory), and the newer memory keeps the old one's
reach: it becomes shared if the old one was, and is pinned wherever the old one was pinned.
A remainder (what of the old memory still holds when one of its facts changed) points at
the old memory (``remainder_of``) and gets its reach the same way; restoring the old memory
retires its active remainders again (superseded by it), since it says what they say.
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
    _hand_reach(old=old, newer=newer, now=now)


def memory_keep_remainder(*, old: Memory, remainder: Memory) -> None:
    """Link ``remainder`` to the memory it was kept from and hand it that memory's reach."""
    now = timezone.now()
    remainder.remainder_of_id = old.pk
    Memory.objects.filter(pk=remainder.pk).update(remainder_of_id=old.pk, updated_at=now)
    _hand_reach(old=old, newer=remainder, now=now)


def memory_take_back_remainders(*, memory: Memory) -> list[Memory]:
    """``memory`` holds its facts again (restored): its active remainders become superseded
    by it, restorable like any superseded memory. Returns them; the caller re-indexes them."""
    now = timezone.now()
    remainders = list(
        Memory.objects.select_for_update().filter(
            remainder_of_id=memory.pk, status=Memory.Status.ACTIVE
        )
    )
    for remainder in remainders:
        remainder.status = Memory.Status.SUPERSEDED
        remainder.superseded_by_id = memory.pk
        remainder.updated_at = now
    Memory.objects.filter(pk__in=[remainder.pk for remainder in remainders]).update(
        status=Memory.Status.SUPERSEDED, superseded_by_id=memory.pk, updated_at=now
    )
    return remainders


def _hand_reach(*, old: Memory, newer: Memory, now) -> None:
    if old.shared and not newer.shared:
        newer.shared = True
        Memory.objects.filter(pk=newer.pk).update(shared=True, updated_at=now)
    for thread_id in old.pins.values_list("thread_id", flat=True):
        MemoryPin.objects.get_or_create(memory_id=newer.pk, thread_id=thread_id)
