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

The merge (``merged``): a field the user wrote (``user_fields``) is kept exactly as they wrote
it; every other field is the pipeline's and is rebuilt from the memories (the name from the
chat's name for the user), so a memory that is superseded or deleted leaves the profile at
the next update. Over ``MAX_ENTRIES`` a list keeps its newest entries; over ``MAX_TOKENS``
the pipeline's oldest entries go first, from its longest list. The same memories always give
the same profile, so rerunning an update changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
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


def _subject_pattern(user_name: str) -> re.Pattern[str]:
    names = [re.escape(user_name.strip())] if user_name.strip() else []
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


def learned_entries(memories: Iterable[MemoryFacts], *, user_name: str) -> dict[str, list[str]]:
    """The pipeline's entries per list field, oldest first, each once."""
    about_user = _subject_pattern(user_name)
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
            seen.add(key)
            learned[field_for(sentence, memory_type=memory.type)].append(sentence)
    return learned


def merged(
    current: Mapping[str, Any],
    *,
    user_fields: Sequence[str],
    learned: Mapping[str, list[str]],
    user_name: str,
    character_name: str = "",
) -> dict[str, Any]:
    """The profile after an update: the user's fields as they are, the pipeline's rebuilt."""
    profile = normalised(current)
    owned = set(user_fields)
    if "name" not in owned and user_name:
        profile["name"] = one_line(user_name)[:80]
    pipeline_lists = [field for field in LIST_FIELDS if field not in owned]
    for field in pipeline_lists:
        profile[field] = list(learned.get(field, []))[-MAX_ENTRIES:]
    while profile_tokens(profile, character_name=character_name) >= MAX_TOKENS:
        longest = max(pipeline_lists, key=lambda field: len(profile[field]), default=None)
        if longest is None or not profile[longest]:
            break  # only the user's own text is left; their edit was checked against the cap
        profile[longest] = profile[longest][1:]
    return profile
