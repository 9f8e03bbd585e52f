"""The pipeline's part of a profile: entries learned from the user's memories, merged under
what the user wrote. Deterministic, no model.

What is learned (``learned_entries``): every sentence about the user in the owner's active
``fact``, ``preference`` and ``relationship`` memories of the character, oldest memory first.
A sentence is about the user when it opens with the name the chat calls the user (the
persona's name, else the account's; "Ada", "Ada's") or with "The user". It becomes:
- a relationship, from a ``relationship`` memory;
- a dislike or a like, when it says so ("hates", "can't stand", "is afraid of" / "loves",
  "enjoys", "favourite");
- otherwise a key fact.

Pronouns (``learned_pronouns``), conservatively, from a sentence about the user in any of
their active memories, the newest one winning: pronouns named as such ("Ada's pronouns are
they/them", "Ada uses she/her pronouns", "Ada goes by he/him"), else a plain "Ada is a woman"
(she/her) or "Ada is a man" (he/him). Nothing else is guessed: "Ada is non-binary" names no
pronouns, and a negated sentence ("Ada is not a man") matches neither rule.

The name (``learned_name``): the one the user asked to be called ("Ada goes by Alex", "Ada's
name is Alex", "Ada asked to be called Alex"), the newest winning; otherwise the chat's name
for the user. A sentence that gives the pronouns is not repeated as a key fact; one that gives
the name stays one (the prompt shows the chat's name for the user, so "Ada goes by Alex" is
how the character learns it).

The merge (``merged``): a field the user wrote (``user_fields``) is kept exactly as they wrote
it; every other field is the pipeline's and is rebuilt from the memories (the name from the
chat's name for the user), so a memory that is superseded or deleted leaves the profile at
the next update. Over ``MAX_ENTRIES`` a list keeps its newest entries; over ``MAX_TOKENS``
the pipeline's oldest entries go first, from its longest list. The same memories always give
the same profile, so rerunning an update changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from memories.profile.shape import (
    LIST_FIELDS,
    MAX_ENTRIES,
    MAX_ENTRY_CHARACTERS,
    MAX_TOKENS,
    normalised,
    one_line,
    profile_tokens,
)

PROFILE_MEMORY_TYPES = ("fact", "preference", "relationship")

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_DISLIKE = re.compile(
    r"\b(?:hates?|hated|dislikes?|disliked|loathes?|detests?|despises?|can(?:'|no)t stand|"
    r"cannot stand|(?:is|was|are)\s+(?:\w+\s+)?(?:afraid|scared|terrified|frightened)\s+of|"
    r"fears?|dreads?|(?:does|do)(?:n't| not)\s+(?:like|enjoy|eat|drink)|is allergic|"
    r"not a fan of|avoids?)\b",
    re.IGNORECASE,
)
_LIKE = re.compile(
    r"\b(?:loves?|loved|likes?|liked|enjoys?|enjoyed|adores?|prefers?|favou?rite|is fond of|"
    r"is a fan of|could live on|can't live without)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class MemoryFacts:
    """What the merge reads of one memory."""

    id: int
    type: str
    content: str


def _subject_pattern(user_name: str, other_names: Iterable[str] = ()) -> re.Pattern[str]:
    names = [re.escape(name.strip()) for name in (user_name, *other_names) if name.strip()]
    names += [r"the user", r"user"]
    return re.compile(rf"^(?:{'|'.join(names)})(?:'s?)?\b", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    return [one_line(part) for part in _SENTENCE_END.split(text or "") if one_line(part)]


def field_for(sentence: str, *, memory_type: str) -> str:
    if memory_type == "relationship":
        return "relationships"
    if _DISLIKE.search(sentence):
        return "dislikes"
    if _LIKE.search(sentence):
        return "likes"
    return "facts"


def learned_entries(
    memories: Iterable[MemoryFacts], *, user_name: str, other_names: Iterable[str] = ()
) -> dict[str, list[str]]:
    """The pipeline's entries per list field, oldest first, each once. ``other_names`` are
    further names the user goes by in chats with the character (other personas)."""
    about_user = _subject_pattern(user_name, other_names)
    learned: dict[str, list[str]] = {field: [] for field in LIST_FIELDS}
    seen: set[str] = set()
    for memory in memories:
        if memory.type not in PROFILE_MEMORY_TYPES:
            continue
        for sentence in sentences(memory.content):
            key = sentence.casefold().rstrip(".!")
            if key in seen or not about_user.match(sentence):
                continue
            if len(sentence) > MAX_ENTRY_CHARACTERS:
                continue  # a profile entry is one short line; the memory itself keeps it
            if pronouns_said(sentence, subject=about_user):
                continue  # the profile's pronouns say it
            seen.add(key)
            learned[field_for(sentence, memory_type=memory.type)].append(sentence)
    return learned


_PRONOUN_SET = re.compile(
    r"\b(she/her|he/him|they/them|she/they|he/they|they/she|they/he|xe/xem|ze/zir|ze/hir|"
    r"it/its|any pronouns)(?:/[a-z]+)?\b",
    re.IGNORECASE,
)
_NAMES_PRONOUNS = re.compile(r"\bpronouns?\b|\b(?:uses?|goes by|go by|prefers?)\b", re.IGNORECASE)
_GENDER = re.compile(
    r"^\W*(?:said\s+(?:that\s+)?(?:she|he|they)\s+(?:is|are|was)|is|was)\s+(?:a|an)\s+"
    r"(?:(?:trans|transgender|cis|young|old|grown)\s+)?(woman|girl|lady|man|guy|boy)\b(?!')",
    re.IGNORECASE,
)
_GENDER_PRONOUNS = {
    "woman": "she/her",
    "girl": "she/her",
    "lady": "she/her",
    "man": "he/him",
    "guy": "he/him",
    "boy": "he/him",
}


def pronouns_said(sentence: str, *, subject: re.Pattern[str]) -> str:
    """The pronouns a sentence about the user gives them ("" when it gives none)."""
    opening = subject.match(sentence)
    if not opening or re.search(r"\b(?:not|never|n't|no longer)\b", sentence, re.IGNORECASE):
        return ""
    named = _PRONOUN_SET.search(sentence)
    if named and _NAMES_PRONOUNS.search(sentence):
        return named.group(1).lower()
    gender = _GENDER.match(sentence[opening.end() :])
    return _GENDER_PRONOUNS[gender.group(1).lower()] if gender else ""


_GOES_BY = re.compile(
    r"^(?:'s\s+name\s+is|\s+(?:goes|go)\s+by|\s+(?:asked|asks|wants|prefers)\s+to\s+be\s+called)"
    r"\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)(?=\s*[.!,;]|\s*$)"
)


def name_said(sentence: str, *, subject: re.Pattern[str]) -> str:
    """The name a sentence about the user says they go by ("Ada goes by Alex", "Ada's name
    is Alex"; "" when it says none, or it is negated)."""
    opening = subject.match(sentence)
    if not opening or re.search(r"\b(?:not|never|n't|no longer)\b", sentence, re.IGNORECASE):
        return ""
    start = opening.end() - 2 if sentence[: opening.end()].endswith("'s") else opening.end()
    found = _GOES_BY.match(sentence[start:])
    if not found or _PRONOUN_SET.match(found.group(1)):
        return ""
    return found.group(1)


def _newest_said(
    memories: Iterable[MemoryFacts],
    read: Callable[..., str],
    *,
    user_name: str,
    other_names: Iterable[str],
) -> str:
    """What ``read`` finds said of the user in their memories, oldest first (the newest
    statement wins); "" when nothing is."""
    about_user = _subject_pattern(user_name, other_names)
    found = ""
    for memory in memories:
        for sentence in sentences(memory.content):
            found = read(sentence, subject=about_user) or found
    return found


def learned_name(
    memories: Iterable[MemoryFacts], *, user_name: str, other_names: Iterable[str] = ()
) -> str:
    """The name the user asked to be called, from their memories, oldest first (the newest
    statement wins); "" when they never said."""
    return _newest_said(memories, name_said, user_name=user_name, other_names=other_names)


def learned_pronouns(
    memories: Iterable[MemoryFacts], *, user_name: str, other_names: Iterable[str] = ()
) -> str:
    """The user's pronouns from their memories, oldest first (the newest statement wins)."""
    return _newest_said(memories, pronouns_said, user_name=user_name, other_names=other_names)


def merged(
    current: Mapping[str, Any],
    *,
    user_fields: Sequence[str],
    learned: Mapping[str, list[str]],
    user_name: str,
    character_name: str = "",
    pronouns: str = "",
    name: str = "",
) -> dict[str, Any]:
    """The profile after an update: the user's fields as they are, the pipeline's rebuilt;
    ``name`` is the one the user asked to be called, when they did."""
    profile = normalised(current)
    owned = set(user_fields)
    if "name" not in owned and (name or user_name):
        profile["name"] = one_line(name or user_name)[:80]
    if "pronouns" not in owned:
        profile["pronouns"] = pronouns
    pipeline_lists = [field for field in LIST_FIELDS if field not in owned]
    for field in pipeline_lists:
        profile[field] = list(learned.get(field, []))[-MAX_ENTRIES:]
    while profile_tokens(profile, character_name=character_name) >= MAX_TOKENS:
        longest = max(pipeline_lists, key=lambda field: len(profile[field]), default=None)
        if longest is None or not profile[longest]:
            break  # only the user's own text is left; their edit was checked against the cap
        profile[longest] = profile[longest][1:]
    return profile
