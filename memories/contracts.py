"""The data the memory app hands to chat's context assembly: frozen, no behaviour.

``memories.context`` (the facade chat calls) and ``memories.retrieval`` both build these;
keeping them here lets each import the shape without importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["memory", "summary", "message", "document"]


@dataclass(frozen=True)
class ContextItem:
    """One memory, summary, archived message or lore-document chunk for a prompt; ``tokens``
    counts ``text``. A chunk's ``title`` is its document and heading path, its ``type`` its
    position (``page 3``, ``characters 1200-2400``)."""

    kind: Kind
    id: int
    text: str
    tokens: int
    score: float | None = None
    title: str = ""
    type: str = ""
    start_seq: int | None = None
    end_seq: int | None = None
