"""Index one lore document in the background: read, chunk, embed in batches, with progress.

The task claims the document with a conditional update (``queued`` -> ``indexing``; an
``indexing`` one is taken again only when its claim is older than ``STALE_CLAIM``, after a
worker died), so two workers never index the same document. Chunks are written once (the
first run cuts them; a rerun finds them); each batch of ``EMBED_BATCH`` chunks is embedded,
upserted under ``document:{chunk pk}`` and counted in ``chunks_done``, which the page shows
as "indexing n/m". A rerun embeds only what has no vector yet, so running twice changes
nothing. A file that cannot be read ends ``failed`` with the reason; a provider failure is
retried by the task, then ends ``failed`` too, and ``retry`` queues it again.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from drawhisper.tokens import count_tokens
from memories.documents.chunking import chunk_pages
from memories.documents.reading import MARKDOWN, DocumentError, read_pages
from memories.index import delete_vectors, document_chunk_vector_id, index_document_chunks
from memories.models import DocumentChunk, LoreDocument

logger = logging.getLogger(__name__)

EMBED_BATCH = 64
STALE_CLAIM = timedelta(minutes=10)
Status = LoreDocument.Status


def _claim(document_id: int) -> LoreDocument | None:
    stale = timezone.now() - STALE_CLAIM
    claimed = LoreDocument.objects.filter(
        Q(status=Status.QUEUED) | Q(status=Status.INDEXING, updated_at__lt=stale),
        pk=document_id,
    ).update(status=Status.INDEXING, updated_at=timezone.now())
    return LoreDocument.objects.filter(pk=document_id).first() if claimed else None


def _write_chunks(document: LoreDocument) -> int:
    """Cut the document into chunks (once); returns how many it has."""
    existing = document.chunks.count()
    if existing:
        return existing
    with document.file.open("rb") as handle:
        data = handle.read()
    pages = read_pages(data, content_type=document.content_type, name=document.name)
    chunks = chunk_pages(pages, markdown=document.content_type == MARKDOWN)
    if not chunks:
        raise DocumentError("The document has no text to index.")
    with transaction.atomic():
        DocumentChunk.objects.bulk_create(
            [
                DocumentChunk(
                    document=document,
                    owner_id=document.owner_id,
                    index=chunk.index,
                    heading=chunk.heading[:500],
                    text=chunk.text,
                    start_char=chunk.start,
                    end_char=chunk.end,
                    page=chunk.page,
                    token_count=count_tokens(chunk.text),
                )
                for chunk in chunks
            ],
            ignore_conflicts=True,
            batch_size=500,
        )
        LoreDocument.objects.filter(pk=document.pk).update(chunks_total=len(chunks))
    # A large document can be most of the table: without fresh statistics the planner
    # expects one row per owner and full-text search turns quadratic (autoanalyze is late).
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {DocumentChunk._meta.db_table}")
    return len(chunks)


def fail(document_id: int, reason: str) -> None:
    LoreDocument.objects.filter(pk=document_id).update(
        status=Status.FAILED, last_error=reason[:2000], updated_at=timezone.now()
    )


def index_document(*, document_id: int) -> str:
    """Run the indexing of one document; returns its status afterwards (or "skipped")."""
    document = _claim(document_id)
    if document is None:
        return "skipped"
    LoreDocument.objects.filter(pk=document_id).update(attempts=document.attempts + 1)
    try:
        total = _write_chunks(document)
    except DocumentError as error:
        fail(document_id, str(error))
        return Status.FAILED
    done = DocumentChunk.objects.filter(document_id=document_id, embedded=True).count()
    LoreDocument.objects.filter(pk=document_id).update(chunks_total=total, chunks_done=done)
    model_id = ""
    while True:
        batch = list(
            DocumentChunk.objects.filter(document_id=document_id, embedded=False).order_by("index")[
                :EMBED_BATCH
            ]
        )
        if not batch:
            break
        with transaction.atomic():
            model_id = index_document_chunks(chunks=batch)
            done += len(batch)
            updated = LoreDocument.objects.filter(pk=document_id).update(
                chunks_done=done, updated_at=timezone.now()
            )
            if not updated:
                transaction.set_rollback(True)  # pgvector: the batch's vectors go too
        if not updated:  # deleted meanwhile: a store outside the database still has these
            delete_vectors(vector_ids=[document_chunk_vector_id(chunk.pk) for chunk in batch])
            return "deleted"
    LoreDocument.objects.filter(pk=document_id, status=Status.INDEXING).update(
        status=Status.READY,
        chunks_done=total,
        last_error="",
        embedding_model=model_id or document.embedding_model,
        updated_at=timezone.now(),
    )
    return Status.READY
