"""Context assembly: the prompt of each reply, within its token budget, and its receipt.

Public names: ``assemble_context`` (from a thread), ``build_context`` (from parts, for tests
and tools), ``AssembledContext``, ``Receipt``, ``LAYERS``, ``HEADINGS``, ``prompt_tokens``."""

from __future__ import annotations

from chat.context.assembly import (
    HEADINGS,
    LAYERS,
    AssembledContext,
    assemble_context,
    build_context,
)
from chat.context.budget import prompt_tokens
from chat.context.receipts import Receipt, receipt_payload

__all__ = [
    "HEADINGS",
    "LAYERS",
    "AssembledContext",
    "Receipt",
    "assemble_context",
    "build_context",
    "prompt_tokens",
    "receipt_payload",
]
