"""Lore documents and their passages: LoreDocument and DocumentChunk.

Written by ``memories.documents``; read by retrieval (chunks) and the documents API.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from memories.document_files import document_storage


def document_upload_path(document: LoreDocument, filename: str) -> str:
    """One path per owner and content: the same file uploaded twice is stored once."""
    extension = filename.rpartition(".")[2].lower() if "." in filename else "bin"
    return f"documents/{document.owner_id}/{document.checksum}.{extension}"


class LoreDocument(models.Model):
    """A text, Markdown or PDF file a user uploaded to one character, scene or lorebook.

    Invariants: exactly one of ``character``, ``scene`` and ``lorebook`` is set, and it belongs
    to ``owner``. ``file`` names the original bytes (``checksum`` is their SHA-256), shared by
    every document of the owner with the same checksum. The same file on the same target is
    one document. ``chunks_done`` of ``chunks_total`` chunks have vectors; ``status`` is
    ``ready`` once all have, ``failed`` with ``last_error`` when indexing gave up."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        INDEXING = "indexing"
        READY = "ready"
        FAILED = "failed"

    class ContentType(models.TextChoices):
        TEXT = "text/plain"
        MARKDOWN = "text/markdown"
        PDF = "application/pdf"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lore_documents"
    )
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lore_documents",
    )
    scene = models.ForeignKey(
        "scenes.Scene",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lore_documents",
    )
    lorebook = models.ForeignKey(
        "characters.Lorebook",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lore_documents",
    )
    name = models.CharField(max_length=255)
    file = models.FileField(
        upload_to=document_upload_path, storage=document_storage, max_length=300
    )
    checksum = models.CharField(max_length=64)
    size = models.PositiveBigIntegerField()
    content_type = models.CharField(max_length=32, choices=ContentType.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    attempts = models.PositiveIntegerField(default=0)
    embedding_model = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["owner", "status"]),
            models.Index(fields=["owner", "checksum"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(character__isnull=False, scene__isnull=True, lorebook__isnull=True)
                    | models.Q(character__isnull=True, scene__isnull=False, lorebook__isnull=True)
                    | models.Q(character__isnull=True, scene__isnull=True, lorebook__isnull=False)
                ),
                name="lore_document_one_target",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class DocumentChunk(models.Model):
    """One passage of a document: its text, where it sits (``heading`` path, character
    offsets into the extracted text, PDF ``page``) and whether it has a vector. ``owner_id``
    repeats the document's owner for the full-text index (migration 0010)."""

    document = models.ForeignKey(LoreDocument, on_delete=models.CASCADE, related_name="chunks")
    owner_id = models.BigIntegerField()
    index = models.PositiveIntegerField()
    heading = models.CharField(max_length=500, blank=True)
    text = models.TextField()
    start_char = models.PositiveIntegerField()
    end_char = models.PositiveIntegerField()
    page = models.PositiveIntegerField(null=True, blank=True)
    token_count = models.PositiveIntegerField(default=0)
    embedded = models.BooleanField(default=False)

    class Meta:
        ordering = ["document", "index"]
        constraints = [
            models.UniqueConstraint(fields=["document", "index"], name="document_chunk_unique")
        ]

    def __str__(self) -> str:
        return f"{self.document_id} chunk {self.index}"
