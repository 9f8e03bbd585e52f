"""A job's new memories replace the older ones they update ("I'm vegetarian now"): the
decision (``plan_supersessions``, pure and deterministic) and applying it
(``memories_supersede_older``), together.

The decision. A new memory of type preference, fact or relationship supersedes an older
active memory of the same owner, character and type (only the ones the job's chat could
show are passed in) when both are about the same subject:

- their titles name it the same way: the title words, without filler words and without the
  user's and the character's names, overlap at least ``min_title_overlap`` (Jaccard;
  "Diet" / "Diet", "Alice's favourite food" / "Favourite food"), or
- their vectors (title and content, made by the configured embedder) are at least
  ``min_similarity`` cosine-similar: the same thing said again in other words.

The title rule catches a changed value under the same subject ("Diet: eats meat" becomes
"Diet: vegetarian now"), which a vector alone scores low because the contents disagree. Both
rules work offline. When several new memories match one old memory, the best match wins
(ties: the lower chunk index), so the same inputs always give the same plan.

Applying it runs inside the store step's transaction (``jobs.job_store_memories``), so
superseding commits or rolls back with the new rows and the step's recorded output: a rerun
of a stored job skips the step and changes nothing, and a rerun after a rollback decides
again from the same rows, the same way.

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
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.utils import timezone

from memories import index
from memories.models import Memory, MemoryPin
from memories.pipeline.job_context import JobContext
from memories.selectors import memories_retrievable_in_thread

logger = logging.getLogger(__name__)

SUPERSEDING_TYPES = frozenset({"preference", "fact", "relationship"})

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words that do not name a subject ("Alice's new job" is about the job).
FILLER_WORDS = frozenset(
    """
    a an the of to for and or with about on in at by from is are was s her his their my your our
    its new now current currently still latest
    """.split()
)


@dataclass(frozen=True)
class MemorySketch:
    """What the decision reads of a memory: its id (the row pk), type and title."""

    id: int
    type: str
    title: str


def _stem(word: str) -> str:
    # A plural names the same subject ("Cats" / "Cat"); "glass" keeps its s.
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def title_words(title: str, *, names: Iterable[str] = ()) -> frozenset[str]:
    """The words of a title that name its subject, casefolded and lightly stemmed."""
    ignored = set(FILLER_WORDS)
    for name in names:
        ignored.update(word.casefold() for word in _WORD.findall(name or ""))
    return frozenset(
        _stem(word)
        for word in (word.casefold() for word in _WORD.findall(title or ""))
        if word not in ignored
    )


def title_overlap(first: str, second: str, *, names: Iterable[str] = ()) -> float:
    """Jaccard overlap of the two titles' subject words, in [0, 1]; 0 when either has none."""
    names = tuple(names)
    a, b = title_words(first, names=names), title_words(second, names=names)
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def plan_supersessions(
    *,
    new_memories: Sequence[MemorySketch],
    candidates: Sequence[MemorySketch],
    similarities: Mapping[tuple[int, int], float],
    names: Iterable[str] = (),
    min_title_overlap: float,
    min_similarity: float,
) -> dict[int, int]:
    """``{old memory id: id of the new memory that replaces it}``.

    ``new_memories`` in chunk order; ``similarities[(new id, old id)]`` is the cosine
    similarity of their vectors where known. A rule whose threshold is 0 or less is off."""
    names = tuple(names)
    plan: dict[int, int] = {}
    for old in sorted(candidates, key=lambda memory: memory.id):
        best: tuple[float, int] | None = None
        for position, new in enumerate(new_memories):
            if new.type not in SUPERSEDING_TYPES or new.type != old.type or new.id == old.id:
                continue
            strength = 0.0
            if min_title_overlap > 0:
                overlap = title_overlap(new.title, old.title, names=names)
                if overlap >= min_title_overlap:
                    strength = max(strength, overlap)
            if min_similarity > 0:
                similarity = similarities.get((new.id, old.id), 0.0)
                if similarity >= min_similarity:
                    strength = max(strength, similarity)
            if strength > 0 and (best is None or strength > best[0]):
                best = (strength, position)
        if best is not None:
            plan[old.id] = new_memories[best[1]].id
    return plan


# --------------------------------------------------------------------------- applying

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
    store, _ = index.checked_backends()
    similarities: dict[tuple[int, int], float] = {}
    for memory, vector in zip(new_memories, vectors, strict=True):
        hits = store.query(
            vector,
            filter=index.VectorFilter(
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
    index.index_memories(memories=superseded)
    logger.info(
        "memories superseded",
        extra={"job_id": context.job_id, "superseded": {old: new for old, new in plan.items()}},
    )
    return sorted(plan)
