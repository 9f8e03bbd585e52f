"""Re-embedding everything with the configured model, and reconciling rows with vectors.

``reindex``: every memory, summary, archived message and lore-document passage is embedded with the configured
model into that model's own space (pgvector) or index (S3 Vectors), beside the old one, so
the old vectors keep answering until the switch. Resumable: what the new space already
holds is skipped, so an interrupted run continues where it stopped (``force`` redoes all).
When every row is in, the store's recorded model becomes the new one (the start-up check
passes again) and the old model's space is dropped (``keep_old`` keeps it).

``reconcile``: compares the store's ids with the rows. Vectors without a row (orphans) are
deleted, rows without a vector are indexed; ``repair=False`` only counts.

Archived messages are the ones the pipeline archives (``memories.index.archive``):
memorisable messages (active, complete, not deleted) inside a memory job's range that are
worth finding. Both functions take ``progress(kind, total)`` returning an object with
``update(n)`` and ``close()`` (a tqdm bar in the commands).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from memories import chat_adapter
from memories.index.indexing import (
    index_document_chunks,
    index_lore_entries,
    index_memories,
    index_messages,
    index_summaries,
)
from memories.index.records import (
    KINDS,
    document_chunk_vector_id,
    kind_of,
    lore_entry_vector_id,
    message_vector_id,
    row_id_of,
    summary_vector_id,
)
from memories.index.stores.guard import (
    checked_backends,
    configured_backends,
    forget_checks,
    record_model,
    recorded_model,
    trust_model,
)
from memories.models import DocumentChunk, Memory, Summary

logger = logging.getLogger(__name__)

BATCH = 64


class _NoProgress:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


Progress = Callable[[str, int], Any]


def _no_progress(kind: str, total: int) -> _NoProgress:
    return _NoProgress()


def _is_worth_archiving(text: str) -> bool:
    from memories.index.archive import is_worth_archiving

    return is_worth_archiving(text)


def archived_messages(*, message_ids=None) -> list[tuple[int, str]]:
    """``(pk, content)`` of the messages that belong in the archive, oldest first (see the
    module docstring); only these ids when given."""
    return [
        (pk, content)
        for pk, content in chat_adapter.covered_message_texts(message_ids=message_ids)
        if _is_worth_archiving(content)
    ]


def _chunks(queryset, size: int) -> Iterator[list]:
    batch = []
    for row in queryset.iterator(chunk_size=500):
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


# --------------------------------------------------------------------------- reindex


@dataclass
class ReindexReport:
    model_id: str
    dimensions: int
    previous_model_id: str | None
    indexed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    skipped: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    dropped_previous: bool = False


def reindex(
    *,
    force: bool = False,
    keep_old: bool = False,
    batch_size: int = BATCH,
    progress: Progress = _no_progress,
) -> ReindexReport:
    """Embed every memory, summary, archived message and indexed lore-document passage with
    the configured model."""
    store, embedder = configured_backends()  # unchecked: a model change is why we are here
    previous = recorded_model(location=store.location)
    report = ReindexReport(
        model_id=embedder.model_id,
        dimensions=embedder.dimensions,
        previous_model_id=previous.model_id if previous else None,
    )
    switching = previous is not None and previous.model_id != embedder.model_id
    if switching:  # index_* would refuse the new model until it is recorded at the end
        trust_model(location=store.location, model_id=embedder.model_id)
    try:
        _reindex_rows(
            report,
            store=store,
            embedder=embedder,
            force=force,
            batch_size=batch_size,
            progress=progress,
        )
    finally:
        forget_checks()  # the trust above lasts for this run only
    record_model(
        location=store.location, model_id=embedder.model_id, dimensions=embedder.dimensions
    )
    if switching and not keep_old:
        store.for_model(model_id=previous.model_id, dimensions=previous.dimensions).drop()
        report.dropped_previous = True
    logger.info("reindexed vectors", extra={"model": embedder.model_id, "indexed": report.indexed})
    return report


def _reindex_rows(
    report: ReindexReport, *, store, embedder, force: bool, batch_size: int, progress: Progress
) -> None:
    present = set() if force else set(store.list_ids())

    memories = Memory.objects.order_by("pk")
    bar = progress("memories", memories.count())
    for batch in _chunks(memories, batch_size):
        todo = [m for m in batch if force or not m.vector_id or m.vector_id not in present]
        done = [m for m in batch if m not in todo and m.embedding_model != embedder.model_id]
        if done:
            Memory.objects.filter(pk__in=[m.pk for m in done]).update(
                embedding_model=embedder.model_id
            )
        report.indexed["memory"] += index_memories(memories=todo)
        report.skipped["memory"] += len(batch) - len(todo)
        bar.update(len(batch))
    bar.close()

    summaries = Summary.objects.order_by("pk")
    bar = progress("summaries", summaries.count())
    for batch in _chunks(summaries, batch_size):
        todo = [
            s for s in batch if force or (s.vector_id or summary_vector_id(s.pk)) not in present
        ]
        report.indexed["summary"] += index_summaries(summaries=todo)
        report.skipped["summary"] += len(batch) - len(todo)
        bar.update(len(batch))
    bar.close()

    bar = progress("messages", chat_adapter.covered_message_count())
    for batch in chat_adapter.covered_message_batches(batch_size):
        worth = [m for m in batch if _is_worth_archiving(m.content)]
        todo = [m for m in worth if force or message_vector_id(m.pk) not in present]
        report.indexed["message"] += index_messages(messages=todo)
        report.skipped["message"] += len(worth) - len(todo)
        bar.update(len(batch))
    bar.close()

    # Lore-document chunks that had a vector (the rest are still being indexed).
    chunks = DocumentChunk.objects.filter(embedded=True).order_by("pk")
    bar = progress("document passages", chunks.count())
    for batch in _chunks(chunks, batch_size):
        todo = [c for c in batch if force or document_chunk_vector_id(c.pk) not in present]
        if todo:
            index_document_chunks(chunks=todo)
        report.indexed["document"] += len(todo)
        report.skipped["document"] += len(batch) - len(todo)
        bar.update(len(batch))
    bar.close()

    # Lorebook entries matched by meaning that had a vector.
    from characters.lorebooks.vector_rows import lore_entries_with_vectors

    entries = lore_entries_with_vectors()
    bar = progress("lorebook entries", len(entries))
    for start in range(0, len(entries), batch_size):
        batch = entries[start : start + batch_size]
        todo = [e for e in batch if force or lore_entry_vector_id(e.entry_id) not in present]
        for owner_id in sorted({entry.owner_id for entry in todo}):
            index_lore_entries(
                owner_id=owner_id,
                entries=[
                    (entry.entry_id, entry.lorebook_id, entry.content)
                    for entry in todo
                    if entry.owner_id == owner_id
                ],
            )
        report.indexed["lore"] += len(todo)
        report.skipped["lore"] += len(batch) - len(todo)
        bar.update(len(batch))
    bar.close()


# --------------------------------------------------------------------------- reconcile


@dataclass
class ReconcileReport:
    rows: dict[str, int]
    vectors: int
    orphans: int
    missing: dict[str, int]
    deleted: int = 0
    indexed: int = 0
    repaired: bool = False

    def as_counts(self) -> dict[str, int]:
        return {
            **{f"rows_{kind}": count for kind, count in self.rows.items()},
            "vectors": self.vectors,
            "orphan_vectors": self.orphans,
            **{f"missing_{kind}": count for kind, count in self.missing.items()},
            "deleted": self.deleted,
            "indexed": self.indexed,
        }


def _expected_ids() -> tuple[dict[str, int], dict[str, list], set[str]]:
    """Row counts, rows per kind (memories as (pk, vector_id)), and every id a row implies."""
    memories = list(Memory.objects.order_by("pk").values_list("pk", "vector_id"))
    summaries = list(Summary.objects.order_by("pk").values_list("pk", "vector_id"))
    messages = archived_messages()
    expected = {vector_id for _pk, vector_id in memories if vector_id}
    expected |= {vector_id or summary_vector_id(pk) for pk, vector_id in summaries}
    expected |= {message_vector_id(pk) for pk, _content in messages}
    chunks = list(
        DocumentChunk.objects.filter(embedded=True).order_by("pk").values_list("pk", flat=True)
    )
    expected |= {document_chunk_vector_id(pk) for pk in chunks}
    from characters.lorebooks.vector_rows import lore_entries_with_vectors

    expected |= {lore_entry_vector_id(row.entry_id) for row in lore_entries_with_vectors()}
    rows = {"memory": len(memories), "summary": len(summaries), "message": len(messages)}
    return rows, {"memory": memories, "summary": summaries, "message": messages}, expected


def _still_orphaned(ids: list[str]) -> list[str]:
    """Re-read the rows right before deleting: a row may have committed after the listing."""
    memory_ids = set(Memory.objects.filter(vector_id__in=ids).values_list("vector_id", flat=True))
    summary_pks = {row_id_of(i) for i in ids if kind_of(i) == "summary"}
    summary_ids = {
        summary_vector_id(pk)
        for pk in Summary.objects.filter(pk__in=summary_pks).values_list("pk", flat=True)
    }
    message_pks = {row_id_of(i) for i in ids if kind_of(i) == "message"}
    live_messages = {message_vector_id(pk) for pk, _ in archived_messages(message_ids=message_pks)}
    chunk_pks = {row_id_of(i) for i in ids if kind_of(i) == "document"}
    live_chunks = {
        document_chunk_vector_id(pk)
        for pk in DocumentChunk.objects.filter(pk__in=chunk_pks).values_list("pk", flat=True)
    }
    from characters.lorebooks.vector_rows import lore_entries_with_vectors

    lore_pks = [row_id_of(i) for i in ids if kind_of(i) == "lore"]
    live_lore = {
        lore_entry_vector_id(row.entry_id)
        for row in (lore_entries_with_vectors(entry_ids=lore_pks) if lore_pks else ())
    }
    return [
        i
        for i in ids
        if i not in memory_ids
        and i not in summary_ids
        and i not in live_messages
        and i not in live_chunks
        and i not in live_lore
    ]


def reconcile(
    *, repair: bool = True, batch_size: int = BATCH, progress: Progress = _no_progress
) -> ReconcileReport:
    """Count (and with ``repair``, fix) vectors without a row and rows without a vector."""
    store, _embedder = checked_backends()
    present = set(store.list_ids())
    rows, by_kind, expected = _expected_ids()
    orphans = sorted(present - expected)
    missing_memories = [
        pk for pk, vector_id in by_kind["memory"] if not vector_id or vector_id not in present
    ]
    missing_summaries = [
        pk
        for pk, vector_id in by_kind["summary"]
        if (vector_id or summary_vector_id(pk)) not in present
    ]
    missing_messages = [
        pk for pk, _content in by_kind["message"] if message_vector_id(pk) not in present
    ]
    report = ReconcileReport(
        rows=rows,
        vectors=len(present),
        orphans=len(orphans),
        missing={
            "memory": len(missing_memories),
            "summary": len(missing_summaries),
            "message": len(missing_messages),
        },
    )
    if not repair:
        return report
    report.repaired = True
    if orphans:
        bar = progress("orphan vectors", len(orphans))
        for start in range(0, len(orphans), 500):
            batch = _still_orphaned(orphans[start : start + 500])
            store.delete(batch)
            report.deleted += len(batch)
            bar.update(min(500, len(orphans) - start))
        bar.close()
    for kind, pks, index in (
        ("memories", missing_memories, lambda ids: index_memories(memory_ids=ids)),
        ("summaries", missing_summaries, lambda ids: index_summaries(summary_ids=ids)),
        ("messages", missing_messages, lambda ids: index_messages(message_ids=ids)),
    ):
        if not pks:
            continue
        bar = progress(f"missing {kind}", len(pks))
        for start in range(0, len(pks), batch_size):
            report.indexed += index(pks[start : start + batch_size])
            bar.update(len(pks[start : start + batch_size]))
        bar.close()
    return report


def reconcile_vectors(*, repair: bool = True) -> dict[str, int]:
    """``reconcile`` as plain counts (for the nightly Celery beat task and logs)."""
    counts = reconcile(repair=repair).as_counts()
    logger.info("reconciled vectors", extra=counts)
    return counts
