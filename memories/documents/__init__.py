"""Lore documents: text, Markdown or PDF files a user attaches to a character, a scene or a
lorebook, stored once, cut into passages and indexed in the background for retrieval.

This module is the package's public interface (the REST API uses it):

- writes (``services``): ``document_create(*, owner, target, name, data) -> (document,
  created)``, ``document_delete(*, document)``, ``document_retry(*, document)``,
  ``check_document_size(size)``, ``Target``; bad files raise ``DocumentError`` (a sentence
  for the user);
- reads (``selectors``): ``document_list(*, user, character_id=None, scene_id=None,
  lorebook_id=None)``, ``document_get(*, user, document_id)``;
- the pure parts: ``chunking`` (``chunk_pages``, ``Page``, ``Chunk``)
  and ``reading`` (``sniff``, ``read_pages``);
- the Celery task ``memories.documents.index_document`` (``tasks``), run by ``indexing``.

Chunks reach a chat through ``memories.retrieval`` (kind ``document``), which reads the
chunk table itself; the scope rule (which documents serve which chat) is stated there.
Modules inside the package import each other, never this facade.
"""

from memories.documents.chunking import Chunk, Page, chunk_pages
from memories.documents.reading import DocumentError, read_pages, sniff
from memories.documents.selectors import document_get, document_list
from memories.documents.services import (
    INDEX_TASK,
    Target,
    check_document_size,
    document_create,
    document_delete,
    document_retry,
)

__all__ = [
    "INDEX_TASK",
    "Chunk",
    "DocumentError",
    "Page",
    "Target",
    "check_document_size",
    "chunk_pages",
    "document_create",
    "document_delete",
    "document_get",
    "document_list",
    "document_retry",
    "read_pages",
    "sniff",
]
