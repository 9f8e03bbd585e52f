"""What every vector store adapter shares: being bound to one embedding model.

An adapter instance serves the vectors of one model: ``model_id`` and ``dimensions`` given
when it is made, or else those of the configured embedder (looked up on use, so a settings
change is seen). A guarded instance runs the embedding-model guard before its operations;
``for_model`` hands out an unguarded copy bound to another model, for upkeep.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import Self, TypeVar

from memories.index.stores.guard import ensure_model

Item = TypeVar("Item")


class ModelBoundStore:
    location: str

    def __init__(
        self,
        *,
        model_id: str | None,
        dimensions: int | None,
        embedder_alias: str,
        guarded: bool,
    ) -> None:
        self._model_id = model_id
        self._dimensions = dimensions
        self.embedder_alias = embedder_alias
        self.guarded = guarded

    def _embedder(self):
        from drawhisper.providers.registry import get_embedder

        return get_embedder(self.embedder_alias)

    @property
    def model_id(self) -> str:
        return self._model_id or self._embedder().model_id

    @property
    def dimensions(self) -> int:
        return int(self._dimensions or self._embedder().dimensions)

    def for_model(self, *, model_id: str, dimensions: int) -> Self:
        """The same location, another model's space; for upkeep, so without the model guard.

        Every other option is the same as this instance's; an adapter that keeps per-space
        state resets it in ``_forget_space``."""
        other = copy.copy(self)
        other._model_id, other._dimensions, other.guarded = model_id, dimensions, False
        other._forget_space()
        return other

    def _forget_space(self) -> None:
        """Drop state that belonged to the space this instance was copied from."""

    def _check_model(self, *, writing: bool) -> None:
        if self.guarded:
            ensure_model(
                location=self.location,
                model_id=self.model_id,
                dimensions=self.dimensions,
                writing=writing,
            )


def batches(items: Sequence[Item], size: int) -> Iterator[list[Item]]:
    """``items`` in consecutive slices of at most ``size`` (a store's per-call limit)."""
    for start in range(0, len(items), size):
        yield list(items[start : start + size])
