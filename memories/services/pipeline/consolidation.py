"""Daily consolidation: one summary per thread per day, embedded and retrievable.

Idempotent in three stages, each safe to repeat: (1) compute the text and create the row
(the unique constraint on thread and day keeps it single), (2) upsert its vector
``summary:{pk}``, (3) record ``vector_id``. A rerun after a crash picks up at the first stage
not done. The row is committed before its vector is written, so no vector ever names a row
that was rolled back. The day's remaining messages are archived on the way.
"""

from __future__ import annotations

import logging
from datetime import date

from django.db import transaction

from chat.models import Thread
from drawhisper.providers.registry import get_embedder
from drawhisper.tokens import count_tokens
from memories.models import Summary
from memories.pipeline import selectors as pipeline_selectors
from memories.pipeline.consolidate import ConsolidateStep
from memories.services.pipeline.archive import messages_archive
from memories.services.pipeline.records import summary_record, summary_vector_id
from memories.vectorstores import get_vector_store

logger = logging.getLogger(__name__)


def summary_consolidate_day(*, thread_id: int, day: date) -> Summary | None:
    """The thread's daily summary of ``day`` (made now if needed), or None for a day with
    nothing to fold."""
    summary = Summary.objects.filter(
        thread_id=thread_id, level=Summary.Level.DAILY, day=day
    ).first()
    if summary is None:
        context = pipeline_selectors.day_context(thread_id=thread_id, day=day)
        if context is None:
            return None
        output = ConsolidateStep().run(context)
        with transaction.atomic():
            summary, _ = Summary.objects.get_or_create(
                thread_id=thread_id,
                level=Summary.Level.DAILY,
                day=day,
                defaults={
                    "start_seq": context.start_seq,
                    "end_seq": context.end_seq,
                    "text": output["text"],
                    "token_count": count_tokens(output["text"]),
                },
            )
    if not summary.vector_id:
        summary_index(summary=summary)
    messages_archive(
        thread_id=thread_id, messages=pipeline_selectors.messages_on(thread_id=thread_id, day=day)
    )
    return summary


def summary_index(*, summary: Summary) -> None:
    thread = Thread.objects.only("owner_id", "character_id").get(pk=summary.thread_id)
    vector = get_embedder().embed_documents([summary.text])[0]
    get_vector_store().upsert(
        [
            summary_record(
                summary, vector, owner_id=thread.owner_id, character_id=thread.character_id
            )
        ]
    )
    summary.vector_id = summary_vector_id(summary.pk)
    Summary.objects.filter(pk=summary.pk).update(vector_id=summary.vector_id)
    logger.info(
        "daily summary indexed", extra={"summary_id": summary.pk, "thread_id": summary.thread_id}
    )
