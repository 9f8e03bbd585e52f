"""The offline model's answer per chunk: ``add``, ``update n`` or ``same n`` against the
existing memories, and the remainder an update keeps of a memory holding several facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from drawhisper.providers.offline.decisions.changes import (
    _other_people,
    is_dropped,
    is_ended,
    is_slot_change,
)
from drawhisper.providers.offline.decisions.cues import (
    CHANGE,
    CHANGEABLE_TYPES,
    GENERIC_WORDS,
    SINGLE_VALUED,
)
from drawhisper.providers.offline.decisions.matching import (
    Existing,
    _normal,
    _stem,
    is_same,
    title_words,
)
from drawhisper.providers.offline.decisions.slots import (
    SLOT_TYPES,
    _goes_on_about,
    _slots,
    facts,
)


def is_update(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    if (
        is_slot_change(chunk, existing, names=names)
        or is_ended(chunk, existing, names=names)
        or is_dropped(chunk, existing, names=names)
    ):
        return True
    if chunk["type"] not in CHANGEABLE_TYPES or chunk["type"] != existing.type:
        return False
    names = tuple(names)
    subject = title_words(chunk["title"], names=names)
    if not subject or subject <= {_stem(word) for word in GENERIC_WORDS}:
        return False
    if subject != title_words(existing.title, names=names):
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    if _other_people(chunk["content"], existing.content, names):
        return False  # the same subject of two people ("Kai: warehouse" / "Mira: warehouse")
    single_valued = bool(subject & {_stem(word) for word in SINGLE_VALUED})
    return single_valued or bool(CHANGE.search(chunk["content"].casefold()))


def decide(
    chunks: Sequence[dict], existing: Sequence[Existing], *, names: Iterable[str] = ()
) -> list[str]:
    """One decision per chunk (``add``, ``update n``, ``same n``), in chunk order."""
    names = tuple(names)
    taken: set[int] = set()
    decisions: list[str] = []
    for chunk in chunks:
        decision = "add"
        for memory in existing:
            if is_same(chunk, memory, names=names):
                decision = f"same {memory.ref}"
                break
            if memory.ref not in taken and is_update(chunk, memory, names=names):
                decision = f"update {memory.ref}"
                taken.add(memory.ref)
                break
        decisions.append(decision)
    return decisions


# --------------------------------------------------------------------------- remainders
# A memory that holds several facts ("Sam lives in York. Sam works as a vet.") is never an
# update above (retiring it would lose the other facts). ``split_updates`` retires it all the
# same when the change hits only some of its sentences, and keeps the others as the
# update's remainder. Conservative: the sentences hit must make an update on their own, the
# ones kept must name no slot the new content names, and at least one must be kept.


def remainder_of(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> str:
    """The sentences of ``existing`` that still hold once ``chunk`` changes one of its
    slots, or "" when the chunk changes none of it alone (or all of it)."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return ""
    names = tuple(names)
    # A word said on its own goes with the sentence after it ("Darnell. darnell's my
    # husband"), and what is said next of the partner or pet ("he bowls like a tornado")
    # goes with the sentence naming them: both leave with the fact they belong to.
    sentences = facts(existing.content)
    if len(sentences) < 2:
        return ""
    changed_slots = _slots(chunk["content"])
    for slot in sorted(changed_slots & _slots(existing.content)):
        hit: list[str] = []
        kept: list[str] = []
        for sentence in sentences:
            if slot in _slots(sentence) or (hit and _goes_on_about(sentence, slot)):
                hit.append(sentence)
            else:
                kept.append(sentence)
        if not hit or not kept or any(_slots(sentence) & changed_slots for sentence in kept):
            continue
        part = Existing(ref=existing.ref, type=existing.type, title="", content=" ".join(hit))
        if is_slot_change(chunk, part, names=names) or is_ended(chunk, part, names=names):
            return " ".join(kept)
    return ""


def split_updates(
    chunks: Sequence[dict],
    existing: Sequence[Existing],
    decisions: Sequence[str],
    *,
    names: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """``decisions`` (from ``decide``) with a remainder each: a chunk decided ``add`` that
    changes one fact of a memory no other chunk names becomes ``update n`` with the rest of
    that memory as its remainder; every other decision keeps an empty remainder."""
    names = tuple(names)
    named = {int(decision.split()[1]) for decision in decisions if decision != "add"}
    result: list[tuple[str, str]] = []
    for chunk, decision in zip(chunks, decisions, strict=True):
        if decision == "add":
            for memory in existing:
                if memory.ref in named:
                    continue
                kept = remainder_of(chunk, memory, names=names)
                if kept:
                    named.add(memory.ref)
                    decision = f"update {memory.ref}"
                    result.append((decision, kept))
                    break
            else:
                result.append((decision, ""))
            continue
        result.append((decision, ""))
    return result


def decide_with_remainders(
    chunks: Sequence[dict], existing: Sequence[Existing], *, names: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """The offline model's whole answer per chunk: its decision and its remainder ("" for
    none): ``decide``, then ``split_updates``."""
    names = tuple(names)
    return split_updates(chunks, existing, decide(chunks, existing, names=names), names=names)
