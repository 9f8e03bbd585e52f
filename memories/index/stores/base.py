"""The VectorStore port.

Scores are cosine similarity in [-1, 1], higher is closer, for every adapter. Records carry
flat metadata: ``owner`` (user id), ``character``, ``thread`` (nullable), ``kind``
(``memory``, ``summary``, ``message`` or ``document``), ``type`` (memory type or ""), ``shared`` (bool),
``status``, plus free keys such as ``source_id``. Ids are strings chosen by the caller and
deterministic, so upserting twice stores one vector."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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
    # Lore-document chunks: only those of these documents (``document`` metadata key).
    documents: tuple[int, ...] | None = None


@runtime_checkable
class VectorStore(Protocol):
    def upsert(self, records: Sequence[VectorRecord]) -> None: ...

    def query(
        self,
        vector: Sequence[float],
        *,
        filter: VectorFilter,
        top_k: int = 10,
        min_score: float | None = None,
    ) -> list[VectorHit]: ...

    def get(self, ids: Sequence[str]) -> list[VectorRecord]: ...

    def delete(self, ids: Sequence[str]) -> None: ...

    def count(self, filter: VectorFilter | None = None) -> int: ...


@runtime_checkable
class ManagedVectorStore(VectorStore, Protocol):
    """What upkeep (reindexing, reconciling, the model check) needs beyond the port.

    An adapter instance is bound to one embedding model: ``model_id`` and ``dimensions``
    (by default those of the configured embedder). Vectors of another model live apart, in
    the space that ``for_model`` returns, at the same ``location`` (the store's identity,
    for example ``pgvector:memories``), so a query never compares vectors of two models."""

    location: str
    model_id: str
    dimensions: int

    def for_model(self, *, model_id: str, dimensions: int) -> ManagedVectorStore: ...

    def list_ids(self) -> Iterator[str]:
        """Every vector id in this model's space, in no particular order."""
        ...

    def drop(self) -> None:
        """Remove this model's space: every vector in it and its index."""
        ...
