"""Apply the extractor's decisions about existing memories, inside the store step's
transaction (``jobs.job_store_memories``).

The decisions are the model's (``schema``: ``add``, ``update n``, ``same n``,
``conflict n``); for the offline provider they come from its conservative heuristic
(``drawhisper.providers.offline.decisions``). ``n`` is a number of the relate step's list,
mapped to the row here. This module only carries them out:

- ``update n``: the existing memory becomes ``superseded`` by the new one
  (``memories.history.memory_supersede``, the rule hand edits use too); history kept,
  restorable as any superseded memory.
- ``same n``: the store step planned no memory for the chunk, so nothing is written.
- ``conflict n``: the new memory was stored with status ``conflict``; here it gets
  ``conflicts_with``; the old one stays active until the user decides (``editing``'s
  conflict resolution).
- A decision whose memory is no longer active and visible to the chat (edited away, deleted,
  superseded since the relate step ran) is carried out as ``add``: the new memory is active.

Because it runs in the store step's transaction, it commits or rolls back with the new rows
and the step's recorded output: a rerun of a stored job skips the step and changes nothing,
and a rerun after a rollback applies the same decisions to the same rows.

Invariants:
- Only memories the job's chat could show (``memories_retrievable_in_thread``) are touched,
  and never memories of the same job. A chat never rewrites what another chat of the same
  character knows on its own.
- Nothing is deleted: the old row becomes ``superseded`` with ``superseded_by`` set, and its
  vector's ``status`` follows, so only the new memory reaches a context from now on.
- The new memory keeps the old one's reach: it becomes shared if the old one was, and is
  pinned wherever the old one was pinned.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone

from memories import index
from memories.history import memory_supersede
from memories.models import Memory
from memories.pipeline.job_context import JobContext
from memories.pipeline.schema import CONFLICT, UPDATE
from memories.selectors import memories_retrievable_in_thread

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Applied:
    """What applying a job's decisions changed: old memory ids, ascending."""

    superseded_ids: list[int]
    contested_ids: list[int]


def memories_apply_decisions(
    *, context: JobContext, memories: Sequence[Memory], decisions: Sequence[dict | None]
) -> Applied:
    """Carry out ``decisions`` (aligned with ``memories``, the job's new rows; each ``None``
    for ``add`` or ``{"action", "existing_id"}``). Call inside a transaction."""
    named = {
        decision["existing_id"]
        for decision in decisions
        if decision and decision["action"] in (UPDATE, CONFLICT)
    }
    if not named:
        return Applied([], [])
    existing = {
        memory.pk: memory
        for memory in memories_retrievable_in_thread(thread_id=context.thread_id)
        .filter(pk__in=named)
        .exclude(job_id=context.job_id)
        .select_for_update()
    }
    superseded: list[Memory] = []
    contested: list[int] = []
    revived: list[Memory] = []
    for memory, decision in zip(memories, decisions, strict=True):
        if not decision or decision["action"] not in (UPDATE, CONFLICT):
            continue
        old = existing.get(decision["existing_id"])
        if old is None:
            if memory.status == Memory.Status.CONFLICT:
                revived.append(memory)  # the contested memory is gone: the new one stands
            continue
        if decision["action"] == UPDATE:
            memory_supersede(old=old, newer=memory)
            superseded.append(old)
        else:
            memory.conflicts_with = old
            Memory.objects.filter(pk=memory.pk).update(conflicts_with=old)
            contested.append(old.pk)
    for memory in revived:
        memory.status = Memory.Status.ACTIVE
        memory.conflicts_with = None
        Memory.objects.filter(pk=memory.pk).update(
            status=memory.status, conflicts_with=None, updated_at=timezone.now()
        )
    if superseded:
        # The old vectors now say "superseded", so a search by status leaves them out too.
        index.index_memories(memories=superseded)
    if superseded or contested:
        logger.info(
            "memory decisions applied",
            extra={
                "job_id": context.job_id,
                "superseded": sorted(old.pk for old in superseded),
                "contested": sorted(contested),
            },
        )
    return Applied(sorted(old.pk for old in superseded), sorted(contested))
