"""Render messages as the transcript every pipeline prompt carries.

Format (also parsed by the offline provider, so keep it stable):

    <transcript>
    (2026-11-29)
    Alice: I adopted a cat yesterday.
    Mira: What is its name?
    </transcript>

- one turn per line, ``Speaker: text``, the speaker being the user's or the character's name;
  for the extractor (``numbered=True``) each line starts with the message's seq in brackets,
  ``[12] Alice: ...``, so a memory can name the messages it came from;
- a line ``(YYYY-MM-DD)`` before the first message of each day (UTC), so the model can
  resolve "yesterday" or "last week" against the day it was said;
- a message's own line breaks become spaces, and anything in it that looks like one of our
  section tags is neutralised, so user and character text stays data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC

from memories.pipeline.job_context import TranscriptMessage

# The tags our prompts use to fence data off; text that imitates them is defanged.
SECTION_TAGS = (
    "transcript",
    "previous_summary",
    "recent_summaries",
    "new_summary",
    "existing_memories",
    "notes",
    "invalid_output",
    "memory",
)
_TAG_LOOKALIKE = re.compile(r"<\s*(/?)\s*(" + "|".join(SECTION_TAGS) + r")\s*>", re.IGNORECASE)
_WHITESPACE = re.compile(r"\s+")


def neutralise(text: str) -> str:
    """``text`` with our section tags turned into harmless brackets."""
    return _TAG_LOOKALIKE.sub(lambda match: f"[{match.group(1)}{match.group(2)}]", text)


def one_line(text: str) -> str:
    return _WHITESPACE.sub(" ", neutralise(text)).strip()


def speaker_name(name: str, *, fallback: str) -> str:
    """A name safe to put before ``:`` on a transcript line."""
    cleaned = one_line(name).replace(":", "").strip()
    return cleaned or fallback


def day_line(message: TranscriptMessage) -> str:
    return f"({message.created_at.astimezone(UTC).date().isoformat()})"


def render_lines(messages: Iterable[TranscriptMessage], *, numbered: bool = False) -> str:
    """The body of a transcript: date lines and ``Speaker: text`` lines (``[seq] Speaker:
    text`` when ``numbered``)."""
    lines: list[str] = []
    current_day = None
    for message in messages:
        text = one_line(message.content)
        if not text:
            continue
        day = day_line(message)
        if day != current_day:
            lines.append(day)
            current_day = day
        number = f"[{message.seq}] " if numbered else ""
        lines.append(f"{number}{message.speaker}: {text}")
    return "\n".join(lines)


def render_transcript(messages: Iterable[TranscriptMessage]) -> str:
    return f"<transcript>\n{render_lines(messages)}\n</transcript>"
