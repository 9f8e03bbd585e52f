"""The offline chat reply: short, a little in character, honest about being offline, and
built to make the memory system visible by quoting what context assembly retrieved.

Shape: an optional stage direction with the character's name, then ``MARKER``, up to two
remembered items (pinned first, then shared, then relevant), the first line of the story so
far, a nod to what the user just said, and ``SIGNATURE``. The choice among phrasings is a
checksum of the user's message, so the same input always gives the same reply.

That frame is how the offline model knows its own lines again (``is_stand_in``): a message
that opens with the marker (after the optional stage direction) or closes with the
signature is a stand-in reply, not the character speaking, so the summary and the memory
extraction leave it out, and a reply never quotes an earlier stand-in reply, or a note that
repeats one, as something it remembers."""

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
MARKER = "(offline model)"
SIGNATURE = "I am the offline stand-in; connect a model for real replies."
NO_MEMORIES = "I have no memories of us yet; they will show up here once we have talked a while."
_GESTURES = ("pauses for a moment", "looks up", "smiles faintly", "leans closer")
_ARCHIVE_TAGS = ("[earlier message]", "[summary]")
_LEADING_TAGS = re.compile(r"^(?:\[[^\]]{1,40}\]\s*)+")  # "[8 May 2023] [fact] ", "[summary] "
_MEMORY_TAG = re.compile(
    r"\[(?:conversation|important_event|preference|fact|emotion|worldbuilding|relationship)\]"
)
_TRAILING_SCORE = re.compile(r"\s*\((?:score|relevance|similarity)[^)]*\)\s*$", re.IGNORECASE)
_SENTENCE = re.compile(r"(.+?[.!?…][\"”’)]*)(?:\s+|$)")
_STAGE_DIRECTION = re.compile(r"^\*[^*]{1,200}\*\s*")
_SPEAKER = re.compile(r"^[^:\"“]{1,60}:\s+")  # "Mara: " before an archived message


def is_stand_in(text: str) -> bool:
    """Whether ``text`` (a message, or an archived one as "Name: message") is a reply this
    module wrote: after an optional stage direction it opens with ``MARKER``, or it ends
    with ``SIGNATURE`` (a note cut to fit a budget may have lost either end, not both)."""
    body = " ".join(text.split())
    if body.endswith(SIGNATURE):
        return True
    body = _LEADING_TAGS.sub("", body)
    body = _SPEAKER.sub("", body, count=1) if not body.startswith(("*", MARKER)) else body
    return _STAGE_DIRECTION.sub("", body, count=1).startswith(MARKER)


def mentions_stand_in(text: str) -> bool:
    """Whether ``text`` repeats a stand-in reply anywhere (a memory or summary that an older
    version made of one quotes its marker or signature)."""
    body = " ".join(text.split())
    return MARKER in body or SIGNATURE.rstrip(".") in body


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
        parts.append(f"{MARKER} I remember: {'; and '.join(memories)}.")
    else:
        parts.append(f"{MARKER} {NO_MEMORIES}")
    story = _story_opening(sections[STORY])
    if story:
        parts.append(f"The story so far: {shorten(story, 160)}")
    if user_text.strip():
        said = shorten(_clean(user_text), 90)
        if said.endswith("?"):
            parts.append(f'You asked: "{said}"')
        else:
            parts.append(f'You said: "{_finish(said.rstrip("!"))}"')
    parts.append(SIGNATURE)
    return " ".join(_finish(part) for part in parts)


def _story_opening(items: list[str]) -> str:
    """The first sentence of the story so far that is not a stand-in reply retold."""
    if not items:
        return ""
    story = _clean(items[0])
    sentences = [match.group(1) for match in _SENTENCE.finditer(story)]
    for sentence in sentences or [story]:
        if not mentions_stand_in(sentence):
            return sentence
    return ""


def _memories(sections: dict[str, list[str]]) -> list[str]:
    """Pinned, then shared, then relevant items; memories before archived messages."""
    seen: set[str] = set()
    chosen: list[str] = []
    for name in (PINNED, SHARED, RELEVANT):
        items = sorted(sections[name], key=lambda item: item.startswith(_ARCHIVE_TAGS))
        for item in items:
            if is_stand_in(_clean(item)) or mentions_stand_in(item):
                continue  # its own earlier words are not something it remembers
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
