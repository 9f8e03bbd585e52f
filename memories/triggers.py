"""Hooks the chat app calls after its writes commit; the memory app decides what follows.

- ``on_messages_committed(thread_id=...)``: new or changed messages; may create and enqueue a
  MemoryJob when enough unmemorised tokens have gathered.
- ``on_message_changed(message_id=...)``: a user edited or deleted a message; memories made
  from it are flagged ``source_changed``.
"""

from __future__ import annotations


def on_messages_committed(*, thread_id: int) -> None:
    """Called inside ``transaction.on_commit`` after messages of the thread were saved."""


def on_message_changed(*, message_id: int) -> None:
    """Called inside ``transaction.on_commit`` after a user edited or deleted a message."""
