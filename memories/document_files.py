"""Where the originals of lore documents are stored: ``DOCUMENT_ROOT``, outside the media
root, with no URL of its own.

Avatars are public (``MEDIA_URL``, served by the web process or a proxy in front of it); a
user's world bible is not. Keeping the originals in a folder no media route or proxy
points at means no configuration can publish them; their one way out is
``GET /api/documents/{id}/file/``, which answers only their owner. The folder is read from
settings on every use, so a test (or a changed setting) moves it without a restart."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.utils._os import safe_join


class DocumentStorage(FileSystemStorage):
    """A FileSystemStorage under ``settings.DOCUMENT_ROOT`` whose files have no URL."""

    def __init__(self) -> None:
        super().__init__(base_url=None)

    @property
    def base_location(self) -> str:  # type: ignore[override]
        return str(settings.DOCUMENT_ROOT)

    @property
    def location(self) -> str:  # type: ignore[override]
        return str(Path(self.base_location).resolve())

    def path(self, name: str) -> str:
        return safe_join(self.location, name)

    def url(self, name: str | None) -> str:
        raise ValueError("Lore documents have no public URL; use /api/documents/{id}/file/.")

    def deconstruct(self):
        return ("memories.document_files.DocumentStorage", (), {})


_storage = DocumentStorage()


def document_storage() -> DocumentStorage:
    """The storage of ``LoreDocument.file`` (a callable, so migrations name it, not a path)."""
    return _storage
