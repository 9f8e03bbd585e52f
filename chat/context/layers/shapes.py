"""The three shapes a layer takes in the prompt, each a base class with ``key`` and ``fit``.

- :class:`SectionLayer`: items (``memories.context.ContextItem``) under a ``### heading`` in
  the leading system message, one ``- `` line each, ranked by score. Its receipt lists every
  item that went in.
- :class:`MessagesLayer`: chat messages of the thread, newest kept first, shown oldest
  first. Its receipt only counts them.
- :class:`TextLayer`: one text, clipped to its budget: the opening of the system message
  (``role = None``, which pays that message's overhead) or a chat message of its own with
  ``role``, at the end of the order's place or ``depth`` messages from the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from chat.context.budget import item_line, message_cost, section_heading_cost
from chat.context.layers.base import ContextLayer, Key
from chat.context.receipts import LayerUsage, ReceiptItem
from chat.context.trim import (
    clip_by,
    clip_line,
    clip_message,
    keep_prefix,
    line_cost,
    ranked_by_score,
)
from drawhisper.providers.base import ChatMessage
from memories.context import ContextItem

# ---------------------------------------------------------------------------- section


@dataclass(frozen=True)
class FittedLine:
    item: ContextItem
    text: str
    tokens: int  # including the newline before it
    truncated: bool = False


@dataclass(frozen=True)
class FittedSection:
    name: str
    budget: int
    heading: str
    lines: tuple[FittedLine, ...]
    dropped: int
    depth: int | None = None

    @property
    def tokens(self) -> int:
        if not self.lines:
            return 0
        return section_heading_cost(self.heading) + sum(line.tokens for line in self.lines)

    @property
    def kept(self) -> tuple[ContextItem, ...]:
        return tuple(line.item for line in self.lines)

    def system_text(self) -> str:
        if not self.lines:
            return ""
        return f"\n\n{self.heading}" + "".join(f"\n{line.text}" for line in self.lines)

    def chat_messages(self) -> tuple[ChatMessage, ...]:
        return ()

    def usage(self) -> LayerUsage:
        return LayerUsage(
            tokens=self.tokens, budget=self.budget, items=len(self.lines), dropped=self.dropped
        )

    def receipt_items(self) -> tuple[ReceiptItem, ...]:
        return tuple(
            ReceiptItem(
                layer=self.name,
                kind=line.item.kind,
                id=line.item.id,
                score=line.item.score,
                tokens=line.tokens,
                title=line.item.title,
                type=line.item.type,
                truncated=line.truncated,
            )
            for line in self.lines
        )

    def shed(self, overflow: int) -> FittedSection | None:
        if not self.lines:
            return None
        return replace(self, lines=self.lines[:-1], dropped=self.dropped + 1)


class SectionLayer(ContextLayer):
    heading: ClassVar[str]
    line: ClassVar[Callable[[ContextItem], str]] = staticmethod(item_line)

    def key(self, candidate: ContextItem) -> Key:
        return (candidate.kind, candidate.id)

    def fitted_line(self, item: ContextItem) -> FittedLine:
        text = self.line(item)
        return FittedLine(item, text, line_cost(text))

    def fit(self, candidates: Sequence[ContextItem], budget: int) -> FittedSection:
        """The longest best-first prefix of ``candidates`` that fits with the heading; the
        best one clipped when it alone is too large."""
        room = budget - section_heading_cost(self.heading)
        ranked = ranked_by_score(candidates)
        kept = keep_prefix(map(self.fitted_line, ranked), room=room, cost=lambda x: x.tokens)
        if not kept and ranked:
            clipped = clip_line(self.line(ranked[0]), room=room)
            if clipped is not None:
                kept = [FittedLine(ranked[0], clipped, line_cost(clipped), truncated=True)]
        return FittedSection(
            name=self.name,
            budget=budget,
            heading=self.heading,
            lines=tuple(kept),
            dropped=len(candidates) - len(kept),
        )


# ---------------------------------------------------------------------------- messages


def chat_role(message: Any) -> str:
    return "user" if message.role == "user" else "assistant"


@dataclass(frozen=True)
class FittedMessages:
    name: str
    budget: int
    messages: tuple[Any, ...]  # oldest first
    dropped: int
    depth: int | None = None

    @property
    def tokens(self) -> int:
        return sum(message_cost(message.content) for message in self.messages)

    @property
    def kept(self) -> tuple[Any, ...]:
        return self.messages

    def system_text(self) -> str:
        return ""

    def chat_messages(self) -> tuple[ChatMessage, ...]:
        return tuple(
            ChatMessage(role=chat_role(message), content=message.content)
            for message in self.messages
        )

    def usage(self) -> LayerUsage:
        return LayerUsage(
            tokens=self.tokens,
            budget=self.budget,
            items=len(self.messages),
            dropped=self.dropped,
        )

    def receipt_items(self) -> tuple[ReceiptItem, ...]:
        return ()

    def shed(self, overflow: int) -> FittedMessages | None:
        if not self.messages:
            return None
        return replace(self, messages=self.messages[1:], dropped=self.dropped + 1)


class MessagesLayer(ContextLayer):
    """Candidates are messages newest first."""

    claims_left_out = False

    def key(self, candidate: Any) -> Key:
        return ("message", candidate.id)

    def fit(self, candidates: Sequence[Any], budget: int) -> FittedMessages:
        kept = keep_prefix(candidates, room=budget, cost=lambda m: message_cost(m.content))
        return FittedMessages(
            name=self.name,
            budget=budget,
            messages=tuple(reversed(kept)),
            dropped=len(candidates) - len(kept),
        )


# ---------------------------------------------------------------------------- text


@dataclass(frozen=True)
class FittedText:
    name: str
    budget: int
    text: str
    present: bool  # False: the layer had nothing this turn
    role: str | None = None  # None: opens the system message
    depth: int | None = None

    @property
    def tokens(self) -> int:
        return message_cost(self.text) if self.present else 0

    @property
    def kept(self) -> tuple[str, ...]:
        return (self.text,) if self.present else ()

    def system_text(self) -> str:
        return self.text if self.present and self.role is None else ""

    def chat_messages(self) -> tuple[ChatMessage, ...]:
        if not self.present or self.role is None:
            return ()
        return (ChatMessage(role=self.role, content=self.text),)

    def usage(self) -> LayerUsage:
        return LayerUsage(tokens=self.tokens, budget=self.budget, items=int(self.present))

    def receipt_items(self) -> tuple[ReceiptItem, ...]:
        return ()

    def shed(self, overflow: int) -> FittedText | None:
        if not self.present or not self.text:
            return None
        return replace(self, text=clip_by(self.text, overflow=overflow))


class TextLayer(ContextLayer):
    """Gathers at most one text."""

    role: ClassVar[str | None] = None
    depth: ClassVar[int | None] = None

    def key(self, candidate: str) -> None:
        return None

    def fit(self, candidates: Sequence[str], budget: int) -> FittedText:
        if not candidates:
            return FittedText(self.name, budget, "", False, self.role, self.depth)
        text = clip_message(candidates[0], budget=budget)
        return FittedText(self.name, budget, text, True, self.role, self.depth)
