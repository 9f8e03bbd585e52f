"""Token arithmetic of a prompt, how items read in it, and each layer's budget.

Invariants:
- A prompt costs ``REPLY_PRIMING_TOKENS`` plus, per chat message, its content tokens and
  ``MESSAGE_OVERHEAD_TOKENS`` (role and separators). ``prompt_tokens`` is that exact sum, and
  it is what the assembly keeps within budget.
- Every line of a section is one line ("- " and the item text with whitespace collapsed) so
  token counts of the pieces add up to the count of the whole.
- A budgeted layer's budget comes from ``settings.CONTEXT_LAYER_BUDGETS[name]`` (one
  ``CONTEXT_BUDGET_<NAME>`` variable per layer), overridable per call; a budgeted layer
  without one is a configuration error, never a silent zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from drawhisper.providers.base import ChatMessage
from drawhisper.tokens import count_tokens
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


def layer_budgets(names: Iterable[str], overrides: Mapping[str, int] | None) -> dict[str, int]:
    """The budget of each named layer: ``overrides`` over ``settings.CONTEXT_LAYER_BUDGETS``."""
    budgets = {**settings.CONTEXT_LAYER_BUDGETS, **(overrides or {})}
    missing = [name for name in names if name not in budgets]
    if missing:
        variables = ", ".join(f"CONTEXT_BUDGET_{name.upper()}" for name in missing)
        raise ImproperlyConfigured(
            f"No token budget for the context layer(s) {', '.join(missing)}: add a default to "
            f"CONTEXT_LAYER_BUDGET_DEFAULTS in the settings ({variables})."
        )
    return {name: int(budgets[name]) for name in budgets}
