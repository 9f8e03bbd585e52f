"""What went into one prompt, as frozen dataclasses, and their JSON (stored and sent).

The JSON is the ``receipt`` of ``reply.end`` and of assistant messages over REST:

``{"layers": {name: {"tokens", "budget", "items", "dropped"}}, "items": [{"layer", "kind",
"id", "score", "tokens", "title", "type", "truncated"}], "total_tokens", "budget_tokens"}``

``layers`` lists every layer in prompt order, empty ones included (tokens 0), so a client can
show how the budget was spent. ``items`` lists the memories, summaries and archived messages
that made it in; recent messages are only counted (``layers.recent.items``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ReceiptItem:
    layer: str
    kind: str  # memory | summary | message | lore
    id: int
    score: float | None
    tokens: int
    title: str = ""
    type: str = ""
    truncated: bool = False
    matched_key: str | None = None  # lore: the key that fired the entry ("" when constant)

    def as_json(self) -> dict[str, Any]:
        extra = {} if self.matched_key is None else {"matched_key": self.matched_key}
        return {
            "layer": self.layer,
            "kind": self.kind,
            "id": self.id,
            "score": None if self.score is None else round(float(self.score), 4),
            "tokens": self.tokens,
            "title": self.title,
            "type": self.type,
            "truncated": self.truncated,
            **extra,
        }


@dataclass(frozen=True)
class LayerUsage:
    tokens: int
    budget: int
    items: int = 0
    dropped: int = 0

    def as_json(self) -> dict[str, int]:
        return {
            "tokens": self.tokens,
            "budget": self.budget,
            "items": self.items,
            "dropped": self.dropped,
        }


@dataclass(frozen=True)
class Receipt:
    layers: dict[str, LayerUsage]
    items: tuple[ReceiptItem, ...] = ()
    total_tokens: int = 0
    budget_tokens: int = 0

    def layers_json(self) -> dict[str, dict[str, int]]:
        return {name: usage.as_json() for name, usage in self.layers.items()}

    def items_json(self) -> list[dict[str, Any]]:
        return [item.as_json() for item in self.items]

    def as_json(self) -> dict[str, Any]:
        return {
            "layers": self.layers_json(),
            "items": self.items_json(),
            "total_tokens": self.total_tokens,
            "budget_tokens": self.budget_tokens,
        }


def receipt_payload(receipt_row) -> dict[str, Any] | None:
    """The JSON of a stored ``ContextReceipt`` (None when the message has none)."""
    if receipt_row is None:
        return None
    return {
        "layers": receipt_row.layers,
        "items": receipt_row.items,
        "total_tokens": receipt_row.total_tokens,
        "budget_tokens": receipt_row.budget_tokens,
    }
