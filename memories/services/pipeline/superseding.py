"""A job's new memories replace the older ones they update ("I'm vegetarian now").

Runs inside the store step's transaction (``jobs.job_store_memories``), so superseding
commits or rolls back with the new rows and the step's recorded output: a rerun of a stored
job skips the step and changes nothing, and a rerun after a rollback decides again from the
same rows, the same way (``memories.pipeline.supersede`` is deterministic).

Invariants:
- Only older memories the job's chat could show are candidates (pinned there, shared, or made
  there, and not dismissed there: ``memories_retrievable_in_thread``), of the same owner,
  character and type, never memories of the same job. A chat never rewrites what another chat
  of the same character knows on its own.
- Nothing is deleted: the old row becomes ``superseded`` with ``superseded_by`` set, and its
  vector's ``status`` follows, so only the new memory reaches a context from now on.
- The new memory keeps the old one's reach: it becomes shared if the old one was, and is
  pinned wherever the old one was pinned.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.conf import settings
from django.utils import timezone

from memories.models import Memory, MemoryPin
from memories.pipeline.context import JobContext
from memories.pipeline.supersede import SUPERSEDING_TYPES, MemorySketch, plan_supersessions
from memories.selectors import memories_retrievable_in_thread
from memories.services import vectors as vector_services
from memories.vectorstores import VectorFilter

logger = logging.getLogger(__name__)

# Nearest active memories looked at per new memory for the vector rule.
SIMILAR_TOP_K = 10


def _similarities(
    *,
    context: JobContext,
    new_memories: Sequence[Memory],
    vectors: Sequence[Sequence[float]],
    candidates: Sequence[Memory],
    min_similarity: float,
) -> dict[tuple[int, int], float]:
    """Cosine similarity of each new memory's vector to the candidates near it."""
    if min_similarity <= 0 or not candidates:
        return {}
    candidate_ids = {memory.vector_id: memory.pk for memory in candidates if memory.vector_id}
    store, _ = vector_services.checked_backends()
    similarities: dict[tuple[int, int], float] = {}
    for memory, vector in zip(new_memories, vectors, strict=True):
        hits = store.query(
            vector,
            filter=VectorFilter(
                owner=context.owner_id,
                character=context.character_id,
                kinds=("memory",),
                types=(memory.type,),
                # Any status: the rows say which are active. A store that does not roll back
                # with the database then still gives a rerun the same answer.
                status=None,
            ),
            top_k=SIMILAR_TOP_K,
            min_score=min_similarity,
        )
        for hit in hits:
            if hit.id in candidate_ids:
                similarities[(memory.pk, candidate_ids[hit.id])] = hit.score
    return similarities


def memories_supersede_older(
    *, context: JobContext, memories: Sequence[Memory], vectors: Sequence[Sequence[float]]
) -> list[int]:
    """Mark the older memories that ``memories`` (the job's, aligned with ``vectors``) update
    as superseded by them; returns the ids superseded, ascending. Call inside a transaction."""
    pairs = [
        (memory, vector)
        for memory, vector in zip(memories, vectors, strict=True)
        if memory.type in SUPERSEDING_TYPES
    ]
    if not pairs:
        return []
    new_memories = [memory for memory, _ in pairs]
    candidates = list(
        memories_retrievable_in_thread(thread_id=context.thread_id)
        .filter(type__in={memory.type for memory in new_memories})
        .exclude(pk__in=[memory.pk for memory in memories])
        .exclude(job_id=context.job_id)
        .select_for_update()
        .order_by("pk")
    )
    if not candidates:
        return []
    plan = plan_supersessions(
        new_memories=[MemorySketch(m.pk, m.type, m.title) for m in new_memories],
        candidates=[MemorySketch(m.pk, m.type, m.title) for m in candidates],
        similarities=_similarities(
            context=context,
            new_memories=new_memories,
            vectors=[vector for _, vector in pairs],
            candidates=candidates,
            min_similarity=settings.MEMORY_SUPERSEDE_MIN_SIMILARITY,
        ),
        names=(context.user_name, context.character_name),
        min_title_overlap=settings.MEMORY_SUPERSEDE_TITLE_OVERLAP,
        min_similarity=settings.MEMORY_SUPERSEDE_MIN_SIMILARITY,
    )
    if not plan:
        return []
    by_id = {memory.pk: memory for memory in new_memories}
    now = timezone.now()
    superseded = [memory for memory in candidates if memory.pk in plan]
    for old in superseded:
        newer = by_id[plan[old.pk]]
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
    # The old vectors now say "superseded", so a search by status leaves them out as well.
    vector_services.index_memories(memories=superseded)
    logger.info(
        "memories superseded",
        extra={"job_id": context.job_id, "superseded": {old: new for old, new in plan.items()}},
    )
    return sorted(plan)
