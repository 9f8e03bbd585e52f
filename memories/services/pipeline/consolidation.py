"""Daily consolidation: one summary per thread per day, embedded and retrievable.

Idempotent in three stages, each safe to repeat: (1) compute the text and create the row
(the unique constraint on thread and day keeps it single), (2) upsert its vector
``summary:{pk}``, (3) record ``vector_id``. A rerun after a crash picks up at the first stage
not done. The row is committed before its vector is written, so no vector ever names a row
that was rolled back. (Messages are archived by the memory jobs whose ranges cover them, the
same rule ``reconcile_vectors`` checks, not here.)
"""

from __future__ import annotations

import logging
from datetime import date

from django.db import transaction

from drawhisper.tokens import count_tokens
from memories.models import Summary
from memories.pipeline import selectors as pipeline_selectors
from memories.pipeline.consolidate import ConsolidateStep
from memories.services import vectors as vector_services

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
    return summary


def summary_index(*, summary: Summary) -> None:
    """Embed the summary and upsert it as ``summary:{pk}``; records ``vector_id``."""
    vector_services.index_summaries(summaries=[summary])
    logger.info(
        "daily summary indexed", extra={"summary_id": summary.pk, "thread_id": summary.thread_id}
    )
