"""The VectorStore port.

Scores are cosine similarity in [-1, 1], higher is closer, for every adapter. Records carry
flat metadata: ``owner`` (user id), ``character``, ``thread`` (nullable), ``kind``
(``memory``, ``summary`` or ``message``), ``type`` (memory type or ""), ``shared`` (bool),
``status``, plus free keys such as ``source_id``. Ids are strings chosen by the caller and
deterministic, so upserting twice stores one vector."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class VectorRecord:
    id: str
    vector: Sequence[float]
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class VectorHit:
    id: str
    score: float
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class VectorFilter:
    """Conjunction of equality / membership tests. ``owner`` is required: no query crosses users."""

    owner: int
    character: int | None = None
    thread: int | None = None
    kinds: tuple[str, ...] | None = None
    types: tuple[str, ...] | None = None
    shared: bool | None = None
    status: str | None = "active"


@runtime_checkable
class VectorStore(Protocol):
    def upsert(self, records: Sequence[VectorRecord]) -> None: ...

    def query(
        self, vector: Sequence[float], *, filter: VectorFilter, top_k: int = 10, min_score: float | None = None
    ) -> list[VectorHit]: ...

    def get(self, ids: Sequence[str]) -> list[VectorRecord]: ...

    def delete(self, ids: Sequence[str]) -> None: ...

    def count(self, filter: VectorFilter | None = None) -> int: ...
