"""Hooks the chat app calls after its writes commit; the memory app decides what follows.

- ``on_messages_committed(thread_id=...)``: new or changed messages; may create and enqueue a
  MemoryJob when enough unmemorised tokens have gathered (the job's range also schedules the
  archive indexing of its messages). One statement when nothing is due and no job runs; none
  when the caller read the backlog already (``backlog``, from ``backlog_of_finished_sql``
  joined to the statement that finished a reply).
- ``on_message_changed(message_id=...)``: a user edited or deleted a message; memories made
  from it are flagged ``source_changed`` and its archived copy is refreshed.

Both run inside the caller's ``transaction.on_commit``: they never raise into chat (a failure
is logged; the next message or the daily sweep picks the work up again).
"""

from __future__ import annotations

import logging

from django.db import transaction

logger = logging.getLogger(__name__)


def backlog_of_finished_sql(alias: str):
    """The SQL (and params) of a lateral join on ``alias``, the row of a reply its statement
    just finished, that gives the thread's memory backlog as ``on_messages_committed`` reads
    it (``unfinished``, ``tokens``, ``uncounted``), so a reply's end costs no read of its own."""
    from memories import chat_adapter

    return chat_adapter.memory_backlog_of_finished_sql(alias)


def on_messages_committed(*, thread_id: int, backlog: tuple[bool, int, bool] | None = None) -> None:
    """Called inside ``transaction.on_commit`` after messages of the thread were saved;
    ``backlog`` is the row of ``backlog_of_finished_sql`` when the caller read it in the
    statement that committed (no later write of the transaction could change it)."""
    from django.conf import settings

    from memories import chat_adapter
    from memories.pipeline import job_create_if_due

    try:
        # One read decides the usual case (no job running, too little new text); only then
        # does the pipeline take its lock and count exactly. A running job is looked at by the
        # pipeline every time, so a lost one is enqueued again.
        if backlog is None:
            backlog = chat_adapter.memory_backlog_row(thread_id=thread_id)
        unfinished, tokens, uncounted = backlog
        if not unfinished and not uncounted and tokens < settings.MEMORY_TRIGGER_TOKENS:
            return
        job_create_if_due(thread_id=thread_id)
    except Exception:
        logger.exception("memory trigger failed", extra={"thread_id": thread_id})


def on_message_changed(*, message_id: int) -> None:
    """Called inside ``transaction.on_commit`` after a user edited or deleted a message."""
    from memories.pipeline import memories_flag_source_changed
    from memories.tasks import refresh_archived_message

    try:
        memories_flag_source_changed(message_id=message_id)
        transaction.on_commit(lambda: refresh_archived_message.delay(message_id), robust=True)
    except Exception:
        logger.exception("memory source update failed", extra={"message_id": message_id})
