"""The data the memory app hands to chat's context assembly: frozen, no behaviour.

``memories.context`` (the facade chat calls) and ``memories.retrieval`` both build these;
keeping them here lets each import the shape without importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["memory", "summary", "message"]


@dataclass(frozen=True)
class ContextItem:
    """One memory, summary or archived message for a prompt; ``tokens`` counts ``text``."""

    kind: Kind
    id: int
    text: str
    tokens: int
    score: float | None = None
    title: str = ""
    type: str = ""
    start_seq: int | None = None
    end_seq: int | None = None
