"""Which lorebook entries have a vector: the read the memory app's vector upkeep (reindex,
reconcile) needs. Kept apart from ``selectors``, which match entries at chat time through
the memory app's retrieval, so that the upkeep (which sits below retrieval) imports no
more than this and the models."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from characters.models import LorebookEntry


@dataclass(frozen=True)
class LoreVectorRow:
    """An entry that has a vector in the store (for the memory app's reindex and reconcile)."""

    entry_id: int
    lorebook_id: int
    owner_id: int
    content: str


def lore_entries_with_vectors(*, entry_ids: Sequence[int] | None = None) -> list[LoreVectorRow]:
    """Every entry whose vector was made (``embedded_hash`` set), or those of ``entry_ids``."""
    rows = LorebookEntry.objects.exclude(embedded_hash="")
    if entry_ids is not None:
        rows = rows.filter(pk__in=list(entry_ids))
    return [
        LoreVectorRow(entry_id=pk, lorebook_id=book_id, owner_id=owner_id, content=content)
        for pk, book_id, owner_id, content in rows.order_by("pk").values_list(
            "pk", "lorebook_id", "lorebook__owner_id", "content"
        )
    ]
