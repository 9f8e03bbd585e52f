"""The offline chat reply: short, a little in character, honest about being offline, and
built to make the memory system visible by quoting what context assembly retrieved.

Shape: an optional stage direction with the character's name, then "(offline model)", up to
two remembered items (pinned first, then shared, then relevant), the first line of the story
so far, and a nod to what the user just said. The choice among phrasings is a checksum of
the user's message, so the same input always gives the same reply."""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline.contract import (
    PINNED,
    RELEVANT,
    SHARED,
    STORY,
    character_name,
    parse_sections,
)
from drawhisper.providers.offline.sentences import shorten

MAX_MEMORIES = 2
_GESTURES = ("pauses for a moment", "looks up", "smiles faintly", "leans closer")
_ARCHIVE_TAGS = ("[earlier message]", "[summary]")
_LEADING_TAGS = re.compile(r"^(?:\[[^\]]{1,40}\]\s*)+")  # "[8 May 2023] [fact] ", "[summary] "
_MEMORY_TAG = re.compile(
    r"\[(?:conversation|important_event|preference|fact|emotion|worldbuilding|relationship)\]"
)
_TRAILING_SCORE = re.compile(r"\s*\((?:score|relevance|similarity)[^)]*\)\s*$", re.IGNORECASE)
_FIRST_SENTENCE = re.compile(r"^(.+?[.!?…])(?:\s|$)")


def compose_reply(messages: Sequence[ChatMessage]) -> str:
    system = "\n".join(message.content for message in messages if message.role == "system")
    sections = parse_sections(system)
    user_text = next((m.content for m in reversed(messages) if m.role == "user"), "")
    variant = zlib.crc32(user_text.encode())

    parts: list[str] = []
    name = character_name(system)
    if name:
        parts.append(f"*{name} {_GESTURES[variant % len(_GESTURES)]}.*")
    memories = _memories(sections)
    if memories:
        parts.append(f"(offline model) I remember: {'; and '.join(memories)}.")
    else:
        parts.append(
            "(offline model) I have no memories of us yet; they will show up here once we have talked a while."
        )
    if sections[STORY]:
        story = _clean(sections[STORY][0])
        first = _FIRST_SENTENCE.match(story)
        parts.append(f"The story so far: {shorten(first.group(1) if first else story, 160)}")
    if user_text.strip():
        said = shorten(_clean(user_text), 90)
        if said.endswith("?"):
            parts.append(f'You asked: "{said}"')
        else:
            parts.append(f'You said: "{_finish(said.rstrip("!"))}"')
    parts.append("I am the offline stand-in; connect a model for real replies.")
    return " ".join(_finish(part) for part in parts)


def _memories(sections: dict[str, list[str]]) -> list[str]:
    """Pinned, then shared, then relevant items; memories before archived messages."""
    seen: set[str] = set()
    chosen: list[str] = []
    for name in (PINNED, SHARED, RELEVANT):
        items = sorted(sections[name], key=lambda item: item.startswith(_ARCHIVE_TAGS))
        for item in items:
            text = shorten(_clean(item), 120).rstrip(".!")
            if text and text.lower() not in seen:
                seen.add(text.lower())
                chosen.append(text)
    return chosen[:MAX_MEMORIES]


def _clean(text: str) -> str:
    """An item as a phrase: without its date, kind and type tags, and for a memory
    ("[fact] Title: content") without its title, which the content already says."""
    text = " ".join(text.split())
    tags = _LEADING_TAGS.match(text)
    if tags:
        text = text[tags.end() :]
        if _MEMORY_TAG.search(tags.group(0)) and ": " in text:
            text = text.split(": ", 1)[1]
    return _TRAILING_SCORE.sub("", text)


def _finish(text: str) -> str:
    return text if text.endswith((".", "!", "?", "…", '"', "*")) else f"{text}."
