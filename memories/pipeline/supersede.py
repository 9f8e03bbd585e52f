"""Which older memories a job's new memories replace: a pure, deterministic decision.

A new memory of type preference, fact or relationship supersedes an older active memory of
the same owner, character and type (the caller passes only those, and only the ones the
job's chat could show) when both are about the same subject:

- their titles name it the same way: the title words, without filler words and without the
  user's and the character's names, overlap at least ``min_title_overlap`` (Jaccard;
  "Diet" / "Diet", "Alice's favourite food" / "Favourite food"), or
- their vectors (title and content, made by the configured embedder) are at least
  ``min_similarity`` cosine-similar: the same thing said again in other words.

The title rule catches a changed value under the same subject ("Diet: eats meat" becomes
"Diet: vegetarian now"), which a vector alone scores low because the contents disagree. Both
rules work offline. When several new memories match one old memory, the best match wins
(ties: the lower chunk index), so the same inputs always give the same plan.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

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
