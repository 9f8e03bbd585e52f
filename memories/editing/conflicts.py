"""The conflict inbox: memories the extractor stored as contradicting an existing one
(status ``conflict``), and the user's answer to each.

``memory_conflicts`` lists them (newest first) with the memory each contradicts.
``memory_resolve_conflict(keep=...)`` settles one, in one transaction:

- ``both``: the new memory becomes active beside the old one;
- ``new``: the new memory becomes active and the old one is superseded by it (history kept,
  restorable like any superseded memory; the new one inherits its reach: shared, pins);
- ``old``: the new memory is superseded by the old one (kept as history, restorable), and the
  old one stays as it is.

A conflict whose old memory is gone (deleted) can only be kept (``both`` or ``new``).
Vectors and the profile follow the rows inside the transaction; open tabs hear
``memory.updated`` for both after the commit.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from memories.editing.checks import check_owner
from memories.editing.effects import (
    index_vectors,
    notify_after_commit,
    refresh_profile,
    reloaded,
)
from memories.events import with_relations
from memories.history import memory_supersede
from memories.models import Memory

KEEP_BOTH, KEEP_NEW, KEEP_OLD = "both", "new", "old"
KEEP_CHOICES = (KEEP_BOTH, KEEP_NEW, KEEP_OLD)


def memory_conflicts(*, user, character_id: int | None = None):
    """The user's memories waiting for a decision, newest first."""
    conflicts = Memory.objects.filter(owner=user, status=Memory.Status.CONFLICT)
    if character_id is not None:
        conflicts = conflicts.filter(character_id=character_id)
    return with_relations(conflicts).order_by("-created_at", "-id")


@transaction.atomic
def memory_resolve_conflict(*, memory: Memory, keep: str, actor) -> tuple[Memory, Memory | None]:
    """Settle a conflict; returns (the new memory, the old one) as they are now."""
    check_owner(memory, actor)
    memory = Memory.objects.select_for_update().get(pk=memory.pk)
    if memory.status != Memory.Status.CONFLICT:
        raise ValidationError({"memory": ["This memory is not waiting for a decision."]})
    if keep not in KEEP_CHOICES:
        raise ValidationError({"keep": [f"Choose one of {', '.join(KEEP_CHOICES)}."]})
    old = (
        Memory.objects.select_for_update().filter(pk=memory.conflicts_with_id).first()
        if memory.conflicts_with_id
        else None
    )
    if keep == KEEP_OLD and old is None:
        raise ValidationError({"keep": ["The older memory was deleted; keep the new one."]})
    changed = [memory.pk]
    if keep == KEEP_OLD:
        memory.status = Memory.Status.SUPERSEDED
        memory.superseded_by = old
    else:
        memory.status = Memory.Status.ACTIVE
    memory.conflicts_with = None
    memory.save(update_fields=["status", "superseded_by", "conflicts_with", "updated_at"])
    if keep == KEEP_NEW and old is not None and old.status == Memory.Status.ACTIVE:
        memory_supersede(old=old, newer=memory)
        changed.append(old.pk)
    index_vectors(changed)  # the vectors' "status" (and "shared") follow the rows
    refresh_profile(owner_id=memory.owner_id, character_id=memory.character_id)
    notify_after_commit("memory.updated", memory)
    if old is not None:
        notify_after_commit("memory.updated", old)
    return reloaded(memory), reloaded(old) if old is not None else None
