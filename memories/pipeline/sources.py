"""When a message a memory came from changes, the memory is flagged, never rewritten.

A memory that cites its messages (``source_seqs``) is flagged when one of those changes, not
when another message of its job's range does. For an older memory (no ``source_seqs``) the
source is found two ways: the job that made it recorded the ids of the messages it read
(``MemoryJob.state["message_ids"]``), and any memory of the message's thread whose
``source_start_seq..source_end_seq`` covers the message's seq. When the message cannot be
read any more, every memory of the jobs that read it is flagged. The user decides what to do
with a flagged memory in the panel; ``memory.updated`` tells the open tabs after commit.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from chat import selectors as chat_selectors
from memories.events import send_memories_updated
from memories.models import Memory, MemoryJob


def memories_flag_source_changed(*, message_id: int) -> list[int]:
    """Set ``source_changed`` on the memories made from the message; returns their ids."""
    read_by_job = Q(job__in=MemoryJob.objects.filter(state__message_ids__contains=[message_id]))
    message = chat_selectors.message_entry(message_id=message_id)
    if message is None:
        covers = read_by_job
    else:
        in_range = Q(
            origin_thread_id=message.thread_id,
            source_start_seq__lte=message.seq,
            source_end_seq__gte=message.seq,
        )
        cited = Q(origin_thread_id=message.thread_id, source_seqs__contains=[message.seq])
        covers = cited | (Q(source_seqs=[]) & (read_by_job | in_range))
    with transaction.atomic():
        flagged = list(
            Memory.objects.select_for_update()
            .filter(covers, source_changed=False)
            .values_list("pk", flat=True)
        )
        if not flagged:
            return []
        Memory.objects.filter(pk__in=flagged).update(source_changed=True, updated_at=timezone.now())
        transaction.on_commit(lambda: send_memories_updated(flagged), robust=True)
    return flagged
