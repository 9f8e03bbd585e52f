"""The conversation layers: the character (the stable prefix), the recent messages and the
new message being answered."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from chat.context.layers.base import Turn
from chat.context.layers.shapes import MessagesLayer, TextLayer

MEMORY_NOTES_VERSION = "memory_notes_v1"
_PROMPTS = Path(__file__).resolve().parent.parent / "prompts"


@cache
def memory_notes() -> str:
    return (_PROMPTS / f"{MEMORY_NOTES_VERSION}.txt").read_text(encoding="utf-8").strip()


class CharacterLayer(TextLayer):
    """The character and scene system prompt, plus a fixed note on how to read the memory
    sections; it opens the system message, so providers can cache it as a prefix."""

    name = "character"

    def gather(self, turn: Turn, budget: int) -> list[str]:
        return [f"{turn.system_prompt.strip()}\n\n{memory_notes()}"]


class RecentLayer(MessagesLayer):
    """The latest messages of the thread before the new one."""

    name = "recent"

    def gather(self, turn: Turn, budget: int) -> tuple[Any, ...]:
        return turn.older


class NewMessageLayer(TextLayer):
    """The user message being answered: it always goes in, with whatever is left when its
    turn comes (clipped only if it alone would overflow)."""

    name = "new"
    role = "user"
    budgeted = False

    def gather(self, turn: Turn, budget: int) -> list[str]:
        return [] if turn.new_message is None else [turn.new_message.content]
