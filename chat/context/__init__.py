"""Context assembly: the prompt of each reply, within its token budget, and its receipt.

Public names: ``assemble_context`` (from a thread), ``build_context`` (from parts, for tests
and tools), ``AssembledContext``, ``Receipt``, ``receipt_payload``, ``LAYERS`` (layer names in
prompt order), ``HEADINGS`` (the section headings), ``prompt_tokens``; and, for new layers,
``ORDER``, ``Slot``, ``Turn``, ``ContextLayer``, ``FittedLayer`` and the three shapes
``SectionLayer``, ``MessagesLayer``, ``TextLayer``.

Layers, in prompt order (``ORDER``): ``lore_before`` (lorebook entries placed before the
character), ``character`` (character and scene system prompt, and a note on reading the
memory sections), ``persona`` (the chat's persona), ``profile`` (what the character knows
about the user, ``memories.profile``), ``lore_after``, ``pinned``, ``shared``,
``retrieved``, ``summary`` (sections of the same system message), ``recent`` (the latest
messages, as chat messages), ``lore_depth`` (entries placed at their depth among them),
``author_note`` (the chat's note, at its depth), ``post_history`` (the card's post-history
instructions), ``new`` (the user message being answered). The role-play layers read
``turn.sources`` (``chat.context.sources``), gathered once per turn.

The layer protocol
------------------
A layer is a small stateless unit (``ContextLayer``) with a ``name`` (its receipt key and
its budget key) and three methods, called once per turn:

- ``gather(turn, budget)``: what could go in, read through ``memories.context`` or the
  ``Turn`` (thread id, character prompt, ``new_message``, ``older`` messages newest first,
  the layers fitted before it in ``turn.fitted`` and their claims in ``turn.claimed``);
- ``key(candidate)``: ``(kind, id)`` for de-duplication, or None;
- ``fit(candidates, budget) -> FittedLayer``: what fits, by the one trim policy
  (``chat.context.trim``: ranked best first, the longest ranked prefix that fits, lowest
  score dropped first, ties in the source's order, the oldest message first).

A ``FittedLayer`` gives its ``tokens``, its ``system_text()`` (a part of the leading system
message) and ``chat_messages()`` (after it, or ``depth`` messages from the end), its
``usage()`` and ``receipt_items()`` for the receipt, and ``shed(overflow)`` for the last
exact-count trim. The assembly (``chat.context.assembly``) alone gives budgets, removes
what an earlier layer claimed, renders and builds the receipt.

Adding a layer (a persona, a profile, lore before or after the character, at-depth lore or
an author's note, post-history instructions): subclass ``SectionLayer`` (items under a
``### heading``), ``MessagesLayer`` or ``TextLayer`` (one text: ``role = None`` opens the
system message, ``role = "system"`` is a message of its own, ``depth = 4`` puts it four
messages from the end) and write ``gather``; add a ``Slot(YourLayer(), fill=..., shed=...)``
line to ``ORDER`` where it goes in the prompt; give it a budget in
``CONTEXT_LAYER_BUDGET_DEFAULTS`` (settings), read from ``CONTEXT_BUDGET_<NAME>``. Its
receipt entry follows from its shape.

The whole prompt never exceeds ``CHAT_CONTEXT_TOKENS - CHAT_REPLY_TOKENS``.
"""

from __future__ import annotations

from chat.context.assembly import (
    HEADINGS,
    LAYERS,
    AssembledContext,
    assemble_context,
    build_context,
)
from chat.context.budget import prompt_tokens
from chat.context.layers import (
    ORDER,
    ContextLayer,
    FittedLayer,
    MessagesLayer,
    SectionLayer,
    Slot,
    TextLayer,
    Turn,
)
from chat.context.receipts import Receipt, receipt_payload
from chat.context.sources import NextTurn, next_turn

__all__ = [
    "HEADINGS",
    "LAYERS",
    "ORDER",
    "AssembledContext",
    "ContextLayer",
    "FittedLayer",
    "MessagesLayer",
    "NextTurn",
    "Receipt",
    "SectionLayer",
    "Slot",
    "TextLayer",
    "Turn",
    "assemble_context",
    "build_context",
    "next_turn",
    "prompt_tokens",
    "receipt_payload",
]
