"""What a user does to memories by hand: create, update, restore, delete, pin, share, dismiss,
export and import, and settle the conflicts the pipeline could not decide.

Invariants:
- Every function is keyword-only, runs in one transaction, and checks that the actor owns
  every object it touches (views scope their lookups first, so a foreign id is a 404 there;
  here it is a ``PermissionDenied`` as a second line of defence).
- The vector store follows the row inside the same transaction: an edit whose re-embedding
  fails changes nothing and raises, so the row and its vector never disagree for long.
- Browsers hear ``memory.created`` / ``memory.updated`` / ``memory.deleted`` only after the
  transaction commits, on ``character_group(owner, character)``, with ``memory_payload``.
- Pins and dismissals only ever join a memory to a thread of the same owner and character.
"""

from __future__ import annotations

from memories.editing.changes import (
    memory_create,
    memory_delete,
    memory_dismiss,
    memory_pin,
    memory_restore,
    memory_share,
    memory_undismiss,
    memory_unpin,
    memory_unshare,
    memory_update,
)
from memories.editing.checks import MAX_CONTENT_LENGTH, MAX_PINS_PER_THREAD, MAX_TITLE_LENGTH
from memories.editing.conflicts import KEEP_CHOICES, memory_conflicts, memory_resolve_conflict
from memories.editing.transfer import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    ImportResult,
    memories_export,
    memories_import,
)
from memories.texts import memory_content_hash

__all__ = [
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "KEEP_CHOICES",
    "MAX_CONTENT_LENGTH",
    "MAX_PINS_PER_THREAD",
    "MAX_TITLE_LENGTH",
    "ImportResult",
    "memories_export",
    "memories_import",
    "memory_content_hash",
    "memory_conflicts",
    "memory_create",
    "memory_delete",
    "memory_dismiss",
    "memory_pin",
    "memory_resolve_conflict",
    "memory_restore",
    "memory_share",
    "memory_undismiss",
    "memory_unpin",
    "memory_unshare",
    "memory_update",
]
