"""Writes of lore documents: upload, delete, retry. Keyword-only; side effects after commit.

- ``document_create`` checks the size (``DOCUMENT_MAX_BYTES``) and the type (sniffed from
  the bytes, ``reading``), stores the original once per owner and checksum, records the
  document as ``queued`` and, after the commit, asks a worker to index it. The same file on
  the same target again is the existing document (``created`` False), not a second copy.
- ``document_delete`` removes the document, its chunks (each chunk's vector goes with it:
  ``memories.index`` deletes vectors of deleted chunks) and, after the commit, the stored
  file once no other document of the owner uses it (also when the document goes with its
  character, scene, lorebook or user).
- ``document_retry`` queues a failed document again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from memories.documents.reading import DocumentError, sniff
from memories.models import LoreDocument

INDEX_TASK = "memories.documents.index_document"
MAX_NAME_LENGTH = 255


@dataclass(frozen=True)
class Target:
    """What a document is attached to: exactly one of the three ids."""

    character_id: int | None = None
    scene_id: int | None = None
    lorebook_id: int | None = None


def check_document_size(size: int) -> None:
    """Refuse a file over ``DOCUMENT_MAX_BYTES`` before it is read."""
    limit = settings.DOCUMENT_MAX_BYTES
    if size > limit:
        raise DocumentError(
            f"The file is {size:,} bytes; documents can be at most {limit:,} bytes "
            f"({limit / 1024 / 1024:.0f} MB)."
        )


def _clean_name(name: str) -> str:
    base = (name or "").replace("\\", "/").rpartition("/")[2].strip()
    base = "".join(ch for ch in base if ch.isprintable())
    return (base or "document")[:MAX_NAME_LENGTH]


def enqueue_indexing(document_id: int) -> None:
    from celery import current_app

    current_app.tasks[INDEX_TASK].delay(document_id=document_id)


def document_create(*, owner, target: Target, name: str, data: bytes) -> tuple[LoreDocument, bool]:
    """The document for this upload, and whether it is new. Raises DocumentError."""
    check_document_size(len(data))
    name = _clean_name(name)
    sniffed = sniff(data, name=name)
    checksum = hashlib.sha256(data).hexdigest()
    targets = {
        "character_id": target.character_id,
        "scene_id": target.scene_id,
        "lorebook_id": target.lorebook_id,
    }
    with transaction.atomic():
        existing = LoreDocument.objects.filter(owner=owner, checksum=checksum, **targets).first()
        if existing is not None:
            return existing, False
        document = LoreDocument(
            owner=owner,
            name=name,
            checksum=checksum,
            size=len(data),
            content_type=sniffed.content_type,
            **targets,
        )
        same_file = (
            LoreDocument.objects.filter(owner=owner, checksum=checksum)
            .exclude(file="")
            .values_list("file", flat=True)
            .first()
        )
        if same_file and document.file.storage.exists(same_file):
            document.file.name = same_file  # stored once: the bytes are the same
        else:
            document.file.save(name, ContentFile(data), save=False)
        document.save()
        transaction.on_commit(lambda: enqueue_indexing(document.pk))
    return document, True


def document_delete(*, document: LoreDocument) -> None:
    """Delete the document; its chunks cascade (their vectors are deleted after the commit)
    and the stored file goes once no document of the owner uses it (``_file_unused``)."""
    document.delete()


@receiver(post_delete, sender=LoreDocument, dispatch_uid="documents_remove_unused_file")
def _file_unused(sender, instance: LoreDocument, using: str, **_) -> None:
    """However a document goes (its own delete, or with its character, scene, lorebook or
    user), the stored original goes after the commit unless another document still uses it.
    File cleanup between two stores, as vector deletion is: hence a signal."""
    file_name, storage, owner_id = instance.file.name, instance.file.storage, instance.owner_id
    if not file_name:
        return

    def remove_file() -> None:
        still_used = LoreDocument.objects.filter(owner_id=owner_id, file=file_name).exists()
        if not still_used and storage.exists(file_name):
            storage.delete(file_name)

    transaction.on_commit(remove_file, using=using)


def document_retry(*, document: LoreDocument) -> LoreDocument:
    """Queue a failed document for indexing again (its finished chunks are kept)."""
    if document.status != LoreDocument.Status.FAILED:
        raise DocumentError(
            f"Only a failed document can be retried; this one is {document.status}."
        )
    with transaction.atomic():
        LoreDocument.objects.filter(pk=document.pk).update(
            status=LoreDocument.Status.QUEUED, last_error="", attempts=0
        )
        transaction.on_commit(lambda: enqueue_indexing(document.pk))
    document.refresh_from_db()
    return document
