"""Lorebook entries matched by meaning (SillyTavern's "vectorized" entries).

An entry is matched by meaning when its ``vectorized`` says so, or, when that is null, its
book's ``vectorized`` default does; constant and disabled entries and empty content never
need a vector. Such an entry fires, besides by its keys, when the new message is at least
``LORE_VECTOR_THRESHOLD`` similar to its content (cosine), the ``LORE_VECTOR_MAX_ENTRIES``
closest at most per turn; the lore budget, probability and recursion rules apply as to a
key match (``matching.scan``).

Vectors are made in the background: every write of a book (create, edit, import, a card's
book) asks, after its commit, for ``lorebook_vectors_sync`` of that book, which embeds
the entries whose content changed since their vector was made (``embedded_hash``) and
removes the vectors of entries no longer matched by meaning. Running it twice changes
nothing the second time. A deleted entry's vector goes after the commit, however the entry
went (its book, character or user deleted too): bookkeeping between two stores, hence a
signal, as for the memory app's own rows. Vectors live in the configured vector store
through ``memories.lore_vectors``, under ``lore:{entry id}``."""

from __future__ import annotations

import hashlib
import logging

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from characters.models import Lorebook, LorebookEntry

logger = logging.getLogger(__name__)

SYNC_TASK = "characters.lorebooks.vectors_sync"


def content_hash(content: str) -> str:
    return hashlib.sha256(content.encode()).hexdigest()


def wants_vector(entry: LorebookEntry, book: Lorebook) -> bool:
    """Whether the entry is matched by meaning (and so needs a vector)."""
    vectorized = entry.vectorized if entry.vectorized is not None else book.vectorized
    return bool(vectorized) and entry.enabled and not entry.constant and bool(entry.content.strip())


def has_current_vector(entry: LorebookEntry) -> bool:
    return bool(entry.embedded_hash) and entry.embedded_hash == content_hash(entry.content)


def enqueue_sync(lorebook_id: int) -> None:
    """After the current transaction commits, bring the book's vectors up to date."""

    def send() -> None:
        from celery import current_app

        book = Lorebook.objects.filter(pk=lorebook_id).values_list("vectorized", flat=True)
        if not book.exists():
            return
        entries = LorebookEntry.objects.filter(lorebook_id=lorebook_id)
        if not (
            book.first()
            or entries.filter(vectorized=True).exists()
            or entries.exclude(embedded_hash="").exists()
        ):
            return  # nothing in the book is matched by meaning, nor was: no work to queue
        try:
            current_app.tasks[SYNC_TASK].delay(lorebook_id=lorebook_id)
        except Exception:  # noqa: BLE001 - the queue is down: the test box and chats wait
            logger.warning("could not queue lorebook vectors", exc_info=True)

    transaction.on_commit(send)


def lorebook_vectors_sync(*, lorebook_id: int) -> dict[str, int]:
    """Embed what needs a vector and has none for its content; drop vectors no longer
    wanted. Returns ``{"embedded": n, "removed": m}``."""
    from memories.lore_vectors import lore_vector_delete, lore_vector_index

    book = Lorebook.objects.filter(pk=lorebook_id).first()
    if book is None:
        return {"embedded": 0, "removed": 0}
    entries = list(book.entries.all())
    todo = [e for e in entries if wants_vector(e, book) and not has_current_vector(e)]
    stale = [e for e in entries if e.embedded_hash and not wants_vector(e, book)]
    for start in range(0, len(todo), 64):
        batch = todo[start : start + 64]
        lore_vector_index(
            owner_id=book.owner_id,
            entries=[(entry.pk, book.pk, entry.content) for entry in batch],
        )
        for entry in batch:
            # Only if the content is still what was embedded (an edit may have come since).
            LorebookEntry.objects.filter(pk=entry.pk, content=entry.content).update(
                embedded_hash=content_hash(entry.content)
            )
    if stale:
        with transaction.atomic():
            LorebookEntry.objects.filter(pk__in=[entry.pk for entry in stale]).update(
                embedded_hash=""
            )
            lore_vector_delete(entry_ids=[entry.pk for entry in stale])
    return {"embedded": len(todo), "removed": len(stale)}


@receiver(post_delete, sender=LorebookEntry, dispatch_uid="lore_entry_vector_deleted")
def _entry_deleted(sender, instance: LorebookEntry, using: str, **_) -> None:
    if instance.embedded_hash:
        from memories.lore_vectors import lore_vector_delete

        lore_vector_delete(entry_ids=[instance.pk])
