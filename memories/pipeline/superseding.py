"""Apply the extractor's decisions about existing memories, inside the store step's
transaction (``jobs.job_store_memories``).

The decisions are the model's (``schema``: ``add``, ``update n``, ``same n``,
``conflict n``); for the offline provider they come from its conservative heuristic
(``drawhisper.providers.offline.decisions``). ``n`` is a number of the relate step's list,
mapped to the row here. This module only carries them out:

- ``update n``: the existing memory becomes ``superseded`` by the new one
  (``memories.history.memory_supersede``, the rule hand edits use too); history kept,
  restorable as any superseded memory.
  With a remainder (what of memory n still holds), the remainder becomes a memory of its
  own: memory n's type, origin and cited messages, the planned text and vector id, status
  ``active`` (or ``unverified`` when memory n's messages do not support it), linked to
  memory n (``remainder_of``) and given its reach (``memories.history.memory_keep_remainder``).
  Restoring memory n retires it again.
- ``same n``: the store step planned no memory for the chunk, so nothing is written.
- ``conflict n``: the new memory was stored with status ``conflict``; here it gets
  ``conflicts_with``; the old one stays active until the user decides (``editing``'s
  conflict resolution).
- A decision whose memory is no longer active and visible to the chat (edited away, deleted,
  superseded since the relate step ran) is carried out as ``add``: the new memory is active,
  and no remainder is written (the memory it would be kept from is not being retired).
- An ``update n`` whose memory the user edited after the relate step read it (its type,
  title or content is no longer the text the relate step recorded, ``stale``) was decided on
  text that no longer exists: the edited memory is not retired and no remainder is made from
  the old text; the new memory is stored as ``conflict`` with it instead, so the user, who
  just changed that memory, decides. (``same n`` plans no memory and writes nothing either
  way: the user's edit stands.)

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
from dataclasses import dataclass, field

from django.utils import timezone

from drawhisper.tokens import count_tokens
from memories import index
from memories.history import memory_keep_remainder, memory_supersede
from memories.models import Memory
from memories.pipeline.job_context import JobContext
from memories.pipeline.schema import CONFLICT, UPDATE
from memories.selectors import memories_retrievable_in_thread
from memories.texts import memory_content_hash, memory_prompt_text

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Applied:
    """What applying a job's decisions changed: old memory ids, ascending, and the
    remainders written, each with the index of its chunk."""

    superseded_ids: list[int]
    contested_ids: list[int]
    remainders: list[tuple[Memory, int]] = field(default_factory=list)


def memories_apply_decisions(
    *,
    context: JobContext,
    memories: Sequence[Memory],
    decisions: Sequence[dict | None],
    remainders: Sequence[dict | None] = (),
    embedding_model: str = "",
) -> Applied:
    """Carry out ``decisions`` (aligned with ``memories``, the job's new rows; each ``None``
    for ``add`` or ``{"action", "existing_id"}``), writing the planned ``remainders`` (aligned
    the same way) of the memories updated. Call inside a transaction."""
    remainders = list(remainders) or [None] * len(memories)
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
    kept: list[tuple[Memory, int]] = []
    read = _texts_read(context)
    for memory, decision, remainder in zip(memories, decisions, remainders, strict=True):
        if not decision or decision["action"] not in (UPDATE, CONFLICT):
            continue
        old = existing.get(decision["existing_id"])
        if old is None:
            if memory.status == Memory.Status.CONFLICT:
                revived.append(memory)  # the contested memory is gone: the new one stands
            continue
        if decision["action"] == UPDATE and stale(old, read.get(old.pk)):
            # Edited since the decision was made: the user's text is neither retired nor
            # cut into a remainder; the user decides between it and the new memory.
            memory.status = Memory.Status.CONFLICT
            memory.conflicts_with = old
            Memory.objects.filter(pk=memory.pk).update(
                status=memory.status, conflicts_with=old, updated_at=timezone.now()
            )
            contested.append(old.pk)
            logger.info(
                "memory update not applied to an edited memory",
                extra={"job_id": context.job_id, "memory_id": old.pk},
            )
            continue
        if decision["action"] == UPDATE:
            memory_supersede(old=old, newer=memory)
            superseded.append(old)
            if remainder:
                row = _write_remainder(
                    context=context, old=old, plan=remainder, embedding_model=embedding_model
                )
                kept.append((row, memory.chunk_index))
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
                "remainders": [row.pk for row, _ in kept],
            },
        )
    return Applied(sorted(old.pk for old in superseded), sorted(contested), kept)


def _texts_read(context: JobContext) -> dict[int, tuple[str, str, str]]:
    """The (type, title, content) the relate step recorded for each memory it numbered."""
    memories = (context.outputs.get("relate") or {}).get("memories", [])
    return {
        memory["id"]: (memory["type"], memory["title"], memory["content"]) for memory in memories
    }


def stale(memory: Memory, read: tuple[str, str, str] | None) -> bool:
    """Whether ``memory`` no longer says what the relate step read (``read``; None: a job
    from before that step recorded it, taken as read)."""
    return read is not None and (memory.type, memory.title, memory.content) != read


def _write_remainder(
    *, context: JobContext, old: Memory, plan: dict, embedding_model: str
) -> Memory:
    """The remainder's row (the same row again on a rerun), linked to ``old``."""
    row, _ = Memory.objects.get_or_create(
        job_id=context.job_id,
        chunk_index=plan["chunk_index"],
        defaults={
            "owner_id": old.owner_id,
            "character_id": old.character_id,
            "origin_thread_id": old.origin_thread_id,
            "type": old.type,
            "title": plan["title"],
            "content": plan["content"],
            "source_start_seq": old.source_start_seq,
            "source_end_seq": old.source_end_seq,
            "source_seqs": list(old.source_seqs or []),
            "status": plan["status"],
            "support_note": plan.get("support_note", "")[:400],
            "created_by": Memory.CreatedBy.PIPELINE,
            "vector_id": plan["vector_id"],
            "embedding_model": embedding_model,
            "content_hash": memory_content_hash(
                type=old.type, title=plan["title"], content=plan["content"]
            ),
            "token_count": count_tokens(
                memory_prompt_text(type=old.type, title=plan["title"], content=plan["content"])
            ),
        },
    )
    memory_keep_remainder(old=old, remainder=row)
    return row
