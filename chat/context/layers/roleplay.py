"""The role-play layers: the user's persona and profile, lorebook entries (before and after the
character, and at a depth in the recent messages), the chat's author's note and the card's
post-history instructions. They read ``turn.sources`` (``chat.context.sources``), gathered
once per turn.

Lore lines are ranked by insertion order (higher kept first, as SillyTavern budgets them)
and shown in insertion order (lower higher up). Each lore line in the receipt names its
entry and the key that fired it (``matched_key``; "" for a constant entry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from chat.context.layers.base import ContextLayer, Key, Turn
from chat.context.layers.shapes import FittedText, TextLayer
from chat.context.receipts import LayerUsage, ReceiptItem
from chat.context.sources import LoreLine
from chat.context.trim import clip_message, keep_prefix, line_cost
from drawhisper.providers.base import ChatMessage
from drawhisper.tokens import count_tokens

# ---------------------------------------------------------------------------- persona


class PersonaLayer(TextLayer):
    """Who the user is: the persona's description, in the system message."""

    name = "persona"

    def gather(self, turn: Turn, budget: int) -> list[str]:
        sources = turn.sources
        if not sources.persona_description.strip():
            return []
        return [f"\n\n### {sources.user_name} (the user)\n{sources.persona_description.strip()}"]


class ProfileLayer(TextLayer):
    """What the character knows about the user (the profile, L1): a stable block of the
    system message right after the character and the persona."""

    name = "profile"

    def gather(self, turn: Turn, budget: int) -> list[str]:
        text = turn.sources.profile
        return [text] if text.strip() else []


class PostHistoryLayer(TextLayer):
    """The card's post-history instructions: a system message after the recent messages."""

    name = "post_history"
    role = "system"

    def gather(self, turn: Turn, budget: int) -> list[str]:
        text = turn.sources.post_history.strip()
        return [text] if text else []


class AuthorNoteLayer(ContextLayer):
    """The chat's author's note: a system message ``author_note_depth`` messages from the
    end of the conversation."""

    name = "author_note"

    def gather(self, turn: Turn, budget: int) -> list[tuple[str, int]]:
        text = turn.sources.author_note.strip()
        return [(f"[Author's note: {text}]", turn.sources.author_note_depth)] if text else []

    def key(self, candidate: Any) -> None:
        return None

    def fit(self, candidates: Sequence[tuple[str, int]], budget: int) -> FittedText:
        if not candidates:
            return FittedText(self.name, budget, "", False, "system", 0)
        text, depth = candidates[0]
        return FittedText(
            self.name, budget, clip_message(text, budget=budget), True, "system", depth
        )


# ---------------------------------------------------------------------------- lore


@dataclass(frozen=True)
class FittedLoreLine:
    line: LoreLine
    text: str
    tokens: int


def _importance(line: LoreLine) -> tuple:
    return (0 if line.reason == "constant" else 1, -line.insertion_order, line.entry_id)


def _prompt_order(lines: Sequence[FittedLoreLine]) -> tuple[FittedLoreLine, ...]:
    return tuple(
        sorted(lines, key=lambda fitted: (fitted.line.insertion_order, fitted.line.entry_id))
    )


@dataclass(frozen=True)
class FittedLore:
    """Lore lines in the system message (``heading`` set) or as system messages placed at
    their entries' depths (``placed``)."""

    name: str
    budget: int
    lines: tuple[FittedLoreLine, ...]
    dropped: int
    heading: str = ""
    placed: bool = False
    leading: bool = False  # opens the system message (before the character)
    depth: int | None = None

    @property
    def tokens(self) -> int:
        if not self.lines:
            return 0
        if self.placed:
            return sum(fitted.tokens for fitted in self.lines)
        return count_tokens(self._section()) if self.lines else 0

    @property
    def kept(self) -> tuple[FittedLoreLine, ...]:
        return self.lines

    def _section(self) -> str:
        body = "\n".join(fitted.text for fitted in self.lines)
        if self.leading:
            return f"### {self.heading}\n{body}\n\n"
        return f"\n\n### {self.heading}\n{body}"

    def system_text(self) -> str:
        return "" if self.placed or not self.lines else self._section()

    def chat_messages(self) -> tuple[ChatMessage, ...]:
        return ()

    def placed_messages(self) -> tuple[tuple[int, ChatMessage], ...]:
        """(depth, message) for each at-depth line; the assembly places them."""
        if not self.placed:
            return ()
        return tuple(
            (fitted.line.depth, ChatMessage(role="system", content=fitted.text))
            for fitted in self.lines
        )

    def usage(self) -> LayerUsage:
        return LayerUsage(
            tokens=self.tokens, budget=self.budget, items=len(self.lines), dropped=self.dropped
        )

    def receipt_items(self) -> tuple[ReceiptItem, ...]:
        return tuple(
            ReceiptItem(
                layer=self.name,
                kind="lore",
                id=fitted.line.entry_id,
                score=fitted.line.score,
                tokens=fitted.tokens,
                title=fitted.line.label,
                type=fitted.line.reason,
                matched_key=fitted.line.matched_key,
            )
            for fitted in self.lines
        )

    def shed(self, overflow: int) -> FittedLore | None:
        if not self.lines:
            return None
        least = max(self.lines, key=lambda fitted: _importance(fitted.line))
        lines = tuple(fitted for fitted in self.lines if fitted is not least)
        return replace(self, lines=lines, dropped=self.dropped + 1)


class LoreLayer(ContextLayer):
    """Lorebook entries that fired at one position."""

    heading = ""
    placed = False
    leading = False

    def gather(self, turn: Turn, budget: int) -> tuple[LoreLine, ...]:
        return turn.sources.lore_for(self.name)

    def key(self, candidate: LoreLine) -> Key:
        return ("lore", candidate.entry_id)

    def _fitted_line(self, line: LoreLine) -> FittedLoreLine:
        if self.placed:
            return FittedLoreLine(line, line.text, count_tokens(line.text) + 4)
        text = line.text.strip()
        return FittedLoreLine(line, text, line_cost(text))

    def fit(self, candidates: Sequence[LoreLine], budget: int) -> FittedLore:
        room = budget if self.placed else budget - count_tokens(f"\n\n### {self.heading}")
        ranked = sorted(candidates, key=_importance)
        kept = keep_prefix(map(self._fitted_line, ranked), room=room, cost=lambda f: f.tokens)
        return FittedLore(
            name=self.name,
            budget=budget,
            lines=_prompt_order(kept),
            dropped=len(candidates) - len(kept),
            heading=self.heading,
            placed=self.placed,
            leading=self.leading,
        )


class LoreBeforeLayer(LoreLayer):
    """Entries placed before the character: they open the system message."""

    name = "lore_before"
    heading = "World notes"
    leading = True


class LoreAfterLayer(LoreLayer):
    name = "lore_after"
    heading = "More world notes"


class LoreDepthLayer(LoreLayer):
    name = "lore_depth"
    placed = True
