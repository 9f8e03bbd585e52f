"""The offline model's decision for each new chunk about the existing memories it was shown:
``add``, ``update n`` or ``same n`` (it never answers ``conflict``: without a model to judge,
asking the user about every near match would bury real conflicts).

It is deliberately conservative, because a wrong ``update`` retires a true memory: a person
has several favourite foods, several relatives, and facts about a relative ("a sister" and
"the sister's job" are two memories). Decided per chunk, against the existing memories:

- ``same n``: the same type and the same words: the contents are equal once case, spacing
  and punctuation are ignored, or their content words overlap at least ``SAME_OVERLAP``
  (Jaccard) with the same subject words in the titles. Nothing new would be stored.
- ``update n``: a type that can change (preference, fact, relationship), the same type,
  titles with exactly the same subject words (the title words without filler words and
  without the two people's names; not only generic words such as "facts" or "likes"), a
  different content, and either the subject is a single-valued slot (diet, job, city,
  partner, age, birthday ...) or the new content says it changed ("now", "no longer",
  "moved", "switched" ...). "Diet" / "Diet: vegetarian now" is an update;
  "Favourite food" / "Favourite food" without a change word is not.
- ``update n`` also when both say the same person's value of one slot that holds one value
  at a time (``SLOTS``: diet, job, home city, partner) and the new one says it changed: the
  contents start with the same name ("Sam ...", not "Sam's sister ..."), both name the slot
  ("vegetarian" / "went fully vegan", "lives in Leeds" / "moved to Lisbon"), and the new
  content holds a change word. The offline extractor titles chunks by their key phrases, so
  a changed value rarely keeps its title; this rule catches it without a title.
- anything else: ``add``.

Each existing memory is named by one chunk at most (the first that matches). Pure and
deterministic: ``decide`` needs no database, model or network, so a benchmark can call it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

CHANGEABLE_TYPES = frozenset({"preference", "fact", "relationship"})
SAME_OVERLAP = 0.8

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words that do not name a subject ("Alice's new job" is about the job).
FILLER_WORDS = frozenset(
    """
    a an the of to for and or with about on in at by from is are was s her his their my your our
    its new now current currently still latest
    """.split()
)
# Titles made only of these name a kind of memory, not a subject ("Ada's facts").
GENERIC_WORDS = frozenset(
    """fact facts like likes dislike dislikes preference preferences feeling feelings emotion
    emotions event events relationship relationships conversation conversations memory
    memories detail details note notes thing things info information about""".split()
)
# Subjects a person has one of at a time: a new value replaces the old one.
SINGLE_VALUED = frozenset(
    """diet job work occupation profession career employer workplace boss role position
    city town country home hometown address residence apartment house neighbourhood
    neighborhood age birthday name nickname pronoun pronouns partner girlfriend boyfriend
    wife husband spouse fiance fiancee school university college
    major degree phone email car religion""".split()
)
# Words that say a value changed.
CHANGE_CUES = (
    "now",
    "no longer",
    "not anymore",
    "anymore",
    "any more",
    "these days",
    "used to",
    "moved",
    "switched",
    "changed",
    "quit",
    "stopped",
    "instead",
    "since then",
    "no more",
    "went",
    "left",
    "dropped",
    "hired",
)
_CHANGE = re.compile(r"\b(?:" + "|".join(re.escape(cue) for cue in CHANGE_CUES) + r")\b")


# Slots a person has one value of at a time, by the words that name them in a memory.
SLOTS: dict[str, re.Pattern] = {
    name: re.compile(r"\b(?:" + "|".join(words) + r")\b")
    for name, words in {
        "diet": (
            "vegetarian",
            "vegan",
            "pescatarian",
            "keto",
            "paleo",
            "carnivore",
            "eats? meat",
            "diet",
        ),
        "job": (
            "works? as",
            "working as",
            "job",
            "career",
            "profession",
            "occupation",
            "employed",
            "hired as",
        ),
        "city": ("lives? in", "living in", "moved to", "relocated to", "based in", "hometown"),
        "partner": (
            "girlfriend",
            "boyfriend",
            "partner",
            "wife",
            "husband",
            "fianc[eé]e?",
            "spouse",
        ),
    }.items()
}
SLOT_TYPES = frozenset({"preference", "fact", "relationship", "important_event", "conversation"})


def _slots(text: str) -> frozenset[str]:
    lowered = (text or "").casefold()
    return frozenset(name for name, pattern in SLOTS.items() if pattern.search(lowered))


def _person(text: str) -> str:
    words = (text or "").split()
    return words[0].casefold() if words else ""


@dataclass(frozen=True)
class Existing:
    """An existing memory as the prompt numbered it."""

    ref: int
    type: str
    title: str
    content: str


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


def _content_words(text: str) -> frozenset[str]:
    return frozenset(_stem(word.casefold()) for word in _WORD.findall(text or ""))


def _normal(text: str) -> str:
    return " ".join(word.casefold() for word in _WORD.findall(text or ""))


def _jaccard(first: frozenset[str], second: frozenset[str]) -> float:
    if not first or not second:
        return 0.0
    return len(first & second) / len(first | second)


def is_same(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    if chunk["type"] != existing.type:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return True
    names = tuple(names)
    same_subject = title_words(chunk["title"], names=names) == title_words(
        existing.title, names=names
    )
    overlap = _jaccard(_content_words(chunk["content"]), _content_words(existing.content))
    return same_subject and overlap >= SAME_OVERLAP


def is_slot_change(chunk: dict, existing: Existing) -> bool:
    """The same person's value of a one-value slot, said to have changed."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    if not _person(chunk["content"]) or _person(chunk["content"]) != _person(existing.content):
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    shared = _slots(chunk["content"]) & _slots(existing.content)
    return bool(shared) and bool(_CHANGE.search(chunk["content"].casefold()))


def is_update(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    if is_slot_change(chunk, existing):
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
    single_valued = bool(subject & {_stem(word) for word in SINGLE_VALUED})
    return single_valued or bool(_CHANGE.search(chunk["content"].casefold()))


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
