"""How the offline model reads its input: the formats agreed with the prompt builders.

Chat (from context assembly): the system message holds sections headed by lines exactly
``### Pinned memories``, ``### Shared memories``, ``### Relevant memories`` and
``### Story so far``; their items are lines starting with ``- ``. A section ends at the next
heading line. The story may also be a plain paragraph.

Memory pipeline: the last user message holds the conversation between the lines
``<transcript>`` and ``</transcript>``, one turn per line as ``Speaker: text`` or, for the
extractor, ``[seq] Speaker: text`` (the seq is kept with the turn, so a chunk can name the
messages it came from; date lines such as ``(2026-11-29)`` and a leading ``[timestamp]`` are
skipped; a line without a speaker continues the previous turn), and optionally the previous rolling summary between
``<previous_summary>`` and ``</previous_summary>`` and earlier summaries between
``<recent_summaries>`` and ``</recent_summaries>``. A block that is only a parenthesised
placeholder, such as ``(none yet)``, counts as empty. The extraction prompt may also list the
existing memories between ``<existing_memories>`` and ``</existing_memories>``, one JSON
object a line, ``{"id": n, "type", "title", "content"}`` (``existing_memories``). The system message names the two
people as every pipeline prompt does: "between <user> (the user, ...) and <character> (a
character ...)"; ``participants`` reads them, so the offline model knows whose lines are the
user's.

Everything here is pure string handling, so it is cheap and deterministic."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from drawhisper.providers.base import ChatMessage

PINNED = "Pinned memories"
SHARED = "Shared memories"
RELEVANT = "Relevant memories"
STORY = "Story so far"
SECTIONS = (PINNED, SHARED, RELEVANT, STORY)

_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")
_SEQ = re.compile(r"^\[(\d{1,9})\]\s*")
_TIMESTAMP = re.compile(r"^\[[^\]]{1,40}\]\s*")
_DATE_LINE = re.compile(r"^\(\d{4}-\d{2}-\d{2}[^)]{0,30}\)$")
_PLACEHOLDER = re.compile(r"^\([^()]*\)$")
_TURN = re.compile(r"^(?P<speaker>[^:\s\"“][^:\"“]{0,47}?)\s*:\s+(?P<text>\S.*)$")
_CHARACTER_NAME = (
    re.compile(r"\bYou are ([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2})"),
    re.compile(r"^(?:Character|Name)\s*:\s*([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2})", re.MULTILINE),
)


_PARTICIPANTS = re.compile(
    r"\bbetween (?P<user>[^\n]{1,80}?) \(the user\b[^)\n]*\) and "
    r"(?P<character>[^\n]{1,80}?) \(a character\b"
)


@dataclass(frozen=True)
class Turn:
    speaker: str
    text: str
    seq: int | None = None  # the message's seq, when the transcript numbers its lines


def parse_sections(system_text: str) -> dict[str, list[str]]:
    """The items of each known section; a section that is absent or empty maps to ``[]``."""
    sections: dict[str, list[str]] = {name: [] for name in SECTIONS}
    paragraphs: dict[str, list[str]] = {name: [] for name in SECTIONS}
    current: str | None = None
    for raw_line in system_text.splitlines():
        line = raw_line.strip()
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(1)
            current = title if title in sections and line == f"### {title}" else None
            continue
        if current is None or not line:
            continue
        if line.startswith("- "):
            item = line[2:].strip()
            if item:
                sections[current].append(item)
        else:
            paragraphs[current].append(line)
    for name in SECTIONS:
        if not sections[name] and paragraphs[name]:
            sections[name] = [" ".join(paragraphs[name])]
    return sections


def character_name(system_text: str) -> str | None:
    for pattern in _CHARACTER_NAME:
        found = pattern.search(system_text)
        if found:
            return found.group(1)
    return None


def participants(system_text: str) -> tuple[str | None, str | None]:
    """The user's and the character's names as a pipeline prompt introduces them, or
    ``(None, None)`` when the system message does not say."""
    found = _PARTICIPANTS.search(system_text)
    if not found:
        return None, None
    return found.group("user").strip(), found.group("character").strip()


def _between(text: str, tag: str) -> str | None:
    found = re.search(rf"^\s*<{tag}>\s*$(.*?)^\s*</{tag}>\s*$", text, re.MULTILINE | re.DOTALL)
    return found.group(1).strip("\n") if found else None


def previous_summary(messages: Sequence[ChatMessage]) -> str:
    """The previous rolling summary, then any recent summaries, as one text."""
    last_user = _last_user_text(messages)
    blocks = [_between(last_user, tag) or "" for tag in ("previous_summary", "recent_summaries")]
    kept = [
        block.strip() for block in blocks if block.strip() and not _PLACEHOLDER.match(block.strip())
    ]
    return "\n\n".join(kept)


def transcript_turns(
    messages: Sequence[ChatMessage], *, assistant_name: str | None = None
) -> list[Turn]:
    """The turns of the ``<transcript>`` block; without one, the chat messages themselves."""
    block = _between(_last_user_text(messages), "transcript")
    if block is not None:
        return parse_transcript(block)
    return [
        Turn("User" if message.role == "user" else assistant_name or "Character", message.content)
        for message in messages
        if message.role != "system" and message.content.strip()
    ]


def parse_transcript(block: str) -> list[Turn]:
    turns: list[Turn] = []
    for raw_line in block.splitlines():
        line = raw_line.strip()
        numbered = _SEQ.match(line)
        seq = int(numbered.group(1)) if numbered else None
        line = _TIMESTAMP.sub("", line[numbered.end() :] if numbered else line)
        if not line or _DATE_LINE.match(line):
            continue
        turn = _TURN.match(line)
        if turn:
            turns.append(Turn(turn.group("speaker").strip(), turn.group("text").strip(), seq))
        elif turns:
            turns[-1] = Turn(turns[-1].speaker, f"{turns[-1].text} {line}", turns[-1].seq)
        else:
            turns.append(Turn("Someone", line, seq))
    return turns


def _last_user_text(messages: Sequence[ChatMessage]) -> str:
    for message in reversed(messages):
        if message.role == "user":
            return message.content
    return ""


def existing_memories(messages: Sequence[ChatMessage]) -> list[dict]:
    """The numbered existing memories of an extraction prompt (lines that are not such a
    JSON object are skipped)."""
    block = _between(_last_user_text(messages), "existing_memories") or ""
    found: list[dict] = []
    for line in block.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if (
            isinstance(item, dict)
            and isinstance(item.get("id"), int)
            and all(isinstance(item.get(key), str) for key in ("type", "title", "content"))
        ):
            found.append(item)
    return found
