"""Token arithmetic of a prompt, and the rule that decides what fits in a layer.

Invariants:
- A prompt costs ``REPLY_PRIMING_TOKENS`` plus, per chat message, its content tokens and
  ``MESSAGE_OVERHEAD_TOKENS`` (role and separators). ``prompt_tokens`` is that exact sum, and
  it is what the assembly keeps within budget.
- Items of a memory layer are ranked by score, best first (items without a score keep the
  order they came in and rank above scored ones); the layer keeps the longest ranked prefix
  that fits, so every item left out ranks below every item kept. An item that alone is
  larger than the whole layer is clipped to fit when it ranks first.
- Recent messages are kept newest first; the oldest are dropped first.
- Every line is one line ("- " and the item text with whitespace collapsed) so token counts
  of the pieces add up to the count of the whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from drawhisper.providers.base import ChatMessage
from drawhisper.tokens import count_tokens, truncate_to_tokens
from memories.context import ContextItem

MESSAGE_OVERHEAD_TOKENS = 4
REPLY_PRIMING_TOKENS = 3


def message_cost(content: str) -> int:
    return count_tokens(content) + MESSAGE_OVERHEAD_TOKENS


def prompt_tokens(messages: Sequence[ChatMessage]) -> int:
    """What the prompt costs; ``CHAT_CONTEXT_TOKENS - CHAT_REPLY_TOKENS`` caps it."""
    return REPLY_PRIMING_TOKENS + sum(message_cost(message.content) for message in messages)


def one_line(text: str) -> str:
    return " ".join(text.split())


def item_line(item: ContextItem) -> str:
    """How an item reads in the system message: ``- [fact] Title: content`` for a memory."""
    text = one_line(item.text)
    if item.kind == "summary":
        text = f"[summary] {text}"
    elif item.kind == "message":
        text = f"[earlier message] {text}"
    return f"- {text}"


def plain_line(item: ContextItem) -> str:
    """A line without the kind label (the rolling summary under its own heading)."""
    return f"- {one_line(item.text)}"


def section_heading_cost(heading: str) -> int:
    return count_tokens(f"\n\n{heading}")


def ranked(items: Iterable[ContextItem]) -> list[ContextItem]:
    """Best first; items without a score first, in the order given (stable sort)."""
    return sorted(
        items, key=lambda item: (0, 0.0) if item.score is None else (1, -float(item.score))
    )


@dataclass(frozen=True)
class FittedLine:
    item: ContextItem
    text: str
    tokens: int  # including the newline before it
    truncated: bool = False


@dataclass(frozen=True)
class FittedSection:
    heading: str
    lines: tuple[FittedLine, ...]
    dropped: int
    tokens: int  # heading and lines; 0 when empty

    def render(self) -> str:
        if not self.lines:
            return ""
        return f"\n\n{self.heading}" + "".join(f"\n{line.text}" for line in self.lines)


def fit_section(
    items: Sequence[ContextItem],
    *,
    heading: str,
    budget: int,
    line: Callable[[ContextItem], str] = item_line,
) -> FittedSection:
    """The longest best-first prefix of ``items`` that fits ``budget`` with its heading."""
    if not items:
        return FittedSection(heading, (), 0, 0)
    heading_tokens = section_heading_cost(heading)
    room = budget - heading_tokens
    kept: list[FittedLine] = []
    order = ranked(items)
    for item in order:
        text = line(item)
        tokens = count_tokens(f"\n{text}")
        if tokens <= room:
            kept.append(FittedLine(item, text, tokens))
            room -= tokens
            continue
        if not kept and room > 4:
            clipped = truncate_to_tokens(text, room - 2).rstrip() + "…"
            clipped_tokens = count_tokens(f"\n{clipped}")
            while clipped_tokens > room and len(clipped) > 3:
                clipped = truncate_to_tokens(clipped, count_tokens(clipped) - 2).rstrip() + "…"
                clipped_tokens = count_tokens(f"\n{clipped}")
            if clipped_tokens <= room:
                kept.append(FittedLine(item, clipped, clipped_tokens, truncated=True))
        break
    if not kept:
        return FittedSection(heading, (), len(items), 0)
    used = heading_tokens + sum(line.tokens for line in kept)
    return FittedSection(heading, tuple(kept), len(items) - len(kept), used)


@dataclass(frozen=True)
class FittedMessages:
    messages: tuple  # chat.models.Message, oldest first
    dropped: int
    tokens: int


def fit_recent(newest_first: Sequence, *, budget: int) -> FittedMessages:
    """The newest messages that fit ``budget``; the oldest are the ones left out."""
    kept = []
    used = 0
    for message in newest_first:
        cost = message_cost(message.content)
        if used + cost > budget:
            break
        kept.append(message)
        used += cost
    return FittedMessages(tuple(reversed(kept)), len(newest_first) - len(kept), used)
