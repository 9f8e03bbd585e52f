"""The layer protocol: what one turn's prompt is built from, a layer unit, its fitted result.

A layer unit (:class:`ContextLayer`) is a small, stateless object with a ``name`` and three
methods that the assembly calls in this order:

- ``gather(turn, budget)`` reads what could go in (through ``memories.context`` and the
  turn's messages; never writes). It may look at the layers fitted before it
  (``turn.fitted``) and at what they claimed (``turn.claimed``).
- ``key(candidate)`` names a candidate for de-duplication (``(kind, id)``), or None for text
  that cannot repeat.
- ``fit(candidates, budget) -> FittedLayer`` applies the trim policy
  (``chat.context.trim``) to the candidates left after de-duplication.

The shapes in ``chat.context.layers.shapes`` (a section of the system message, chat
messages, one text) implement ``key`` and ``fit``; a concrete layer usually only names itself
and gathers.

A :class:`Turn` is frozen and never mutated: after each layer the assembly derives the next
one with :meth:`Turn.with_fitted`, as the memory pipeline's runner does with ``JobContext``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

from chat.context.receipts import LayerUsage, ReceiptItem
from chat.context.sources import TurnSources
from drawhisper.providers.base import ChatMessage

Key = Hashable  # (kind, id), e.g. ("memory", 12) or ("message", 40)


class FittedLayer(Protocol):
    """What a layer put into the prompt, and how it accounts for it."""

    name: str
    budget: int  # the layer's budget for this turn: its setting, capped by what was left
    depth: int | None  # chat messages go this many messages from the end (None: in order)

    @property
    def tokens(self) -> int:
        """What the layer adds to the prompt (0 when empty)."""

    @property
    def kept(self) -> tuple[Any, ...]:
        """The candidates that went in (for claims and for later layers to look at)."""

    def system_text(self) -> str:
        """Its part of the leading system message ("" for none)."""

    def chat_messages(self) -> tuple[ChatMessage, ...]:
        """Its chat messages after the system message (() for none)."""

    def usage(self) -> LayerUsage: ...

    def receipt_items(self) -> tuple[ReceiptItem, ...]: ...

    def shed(self, overflow: int) -> FittedLayer | None:
        """A smaller version (lowest-ranked piece dropped, or text ``overflow`` tokens
        shorter), or None when there is nothing left to give back."""


@dataclass(frozen=True)
class Turn:
    """One reply's inputs, and the layers fitted so far.

    ``new_message`` is the user message being answered (None when the newest prompt message
    is the character's, as when a reply continues); ``older`` the prompt messages before it,
    newest first. Messages need ``id``, ``seq``, ``role`` and ``content``."""

    thread_id: int
    system_prompt: str
    new_message: Any | None
    older: tuple[Any, ...]
    fitted: MappingProxyType[str, FittedLayer] = field(default_factory=lambda: MappingProxyType({}))
    claimed: frozenset[Key] = frozenset()
    sources: TurnSources = TurnSources()  # persona, lore, author's note, post-history
    # The thread's owner and character, when the caller knows them (saves the memory layers
    # a lookup of the thread); None: the layers look them up.
    owner_id: int | None = None
    character_id: int | None = None
    # Reads shared by several layers of this one turn (``remember``); every Turn derived from
    # it by ``with_fitted`` shares the same store.
    reads: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_history(
        cls,
        *,
        thread_id: int,
        system_prompt: str,
        history: Sequence,
        sources: TurnSources | None = None,
        owner_id: int | None = None,
        character_id: int | None = None,
    ) -> Turn:
        """``history``: the thread's prompt messages before the reply, newest first; the newest
        is answered when it is the user's."""
        new_message = history[0] if history and history[0].role == "user" else None
        older = tuple(history[1:] if new_message is not None else history)
        return cls(
            thread_id=thread_id,
            system_prompt=system_prompt,
            new_message=new_message,
            older=older,
            sources=sources if sources is not None else TurnSources(),
            owner_id=owner_id,
            character_id=character_id,
        )

    @property
    def query(self) -> str:
        """What retrieval searches for: the new message, else the newest older one."""
        if self.new_message is not None:
            return self.new_message.content
        return self.older[0].content if self.older else ""

    def remember(self, key: str, read: Callable[[], Any]) -> Any:
        """``read()`` once per turn: later calls with the same ``key`` get the first result."""
        if key not in self.reads:
            self.reads[key] = read()
        return self.reads[key]

    def claimed_ids(self, kind: str) -> set[int]:
        return {key[1] for key in self.claimed if isinstance(key, tuple) and key[0] == kind}

    def with_fitted(self, fitted: FittedLayer, *, claims: frozenset[Key]) -> Turn:
        return replace(
            self,
            fitted=MappingProxyType({**self.fitted, fitted.name: fitted}),
            claimed=self.claimed | claims,
        )


class ContextLayer(ABC):
    """A layer unit. ``name`` is its receipt key and its budget key (``CONTEXT_BUDGET_<NAME>``
    in ``settings.CONTEXT_LAYER_BUDGETS``).

    ``budgeted = False`` gives the layer whatever is left when its turn comes (the new
    message). ``claims_left_out``: whether candidates it was offered but left out for its
    budget stay claimed, so no later layer repeats them (memory sections: yes; the recent
    window: no, what it leaves out is the archive that retrieval searches)."""

    name: ClassVar[str]
    budgeted: ClassVar[bool] = True
    claims_left_out: ClassVar[bool] = True

    @abstractmethod
    def gather(self, turn: Turn, budget: int) -> Sequence[Any]: ...

    @abstractmethod
    def key(self, candidate: Any) -> Key | None: ...

    @abstractmethod
    def fit(self, candidates: Sequence[Any], budget: int) -> FittedLayer: ...


@dataclass(frozen=True)
class Slot:
    """A line of the order: a layer unit, when it gets its budget (``fill``, 1 first) and when
    it gives tokens back if the whole prompt overflows (``shed``, 1 first)."""

    layer: ContextLayer
    fill: int
    shed: int

    @property
    def name(self) -> str:
        return self.layer.name


def check_order(order: Sequence[Slot]) -> None:
    """An order names each layer once and gives each a distinct fill and shed rank."""
    for what, values in (
        ("layer name", [slot.name for slot in order]),
        ("fill rank", [slot.fill for slot in order]),
        ("shed rank", [slot.shed for slot in order]),
    ):
        repeated = sorted({str(value) for value in values if values.count(value) > 1})
        if repeated:
            raise ValueError(f"context layer order repeats the {what} {', '.join(repeated)}")
