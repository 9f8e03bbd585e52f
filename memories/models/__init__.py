"""The memory app's tables: memories and their ties to threads, the pipeline's jobs and
summaries, the profile of the user per character, lore documents and the pgvector store.

Summaries and memories sit beside the original messages; nothing here rewrites a message.

The package's modules, this one its public face (every model is imported here, so Django
registers them under the ``memories`` app), each stating its models' invariants: ``memory``
(Memory, the memory types, MemoryPin and MemoryDismissal), ``jobs`` (MemoryJob and Summary),
``profile`` (Profile), ``documents`` (LoreDocument, DocumentChunk and where their files go)
and ``vectors`` (the pgvector store's StoredVector and VectorIndexState).
"""

# isort: off
# Not sorted: Django registers the models in the order they are imported, and a cascade
# collects related rows in that order.
from memories.models.memory import Memory, MemoryDismissal, MemoryPin, MemoryType
from memories.models.jobs import MemoryJob, Summary
from memories.models.profile import Profile
from memories.models.documents import (
    DocumentChunk,
    LoreDocument,
    document_upload_path,  # named by migrations 0010 and 0012
)
from memories.models.vectors import StoredVector, VectorIndexState

# isort: on

__all__ = [
    "MemoryType",
    "Memory",
    "MemoryPin",
    "MemoryDismissal",
    "Summary",
    "MemoryJob",
    "Profile",
    "document_upload_path",
    "LoreDocument",
    "DocumentChunk",
    "StoredVector",
    "VectorIndexState",
]
