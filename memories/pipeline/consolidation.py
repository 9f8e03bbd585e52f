"""Daily consolidation: fold one day of a thread into a daily summary, embedded and
retrievable.

The step (:class:`ConsolidateStep`) computes only, from a frozen
:class:`~memories.pipeline.job_context.DayContext`: the recent (rolling) summaries written
that day, the day's messages no summary covers yet, and the newest summary from before the
day as background. ``summary_consolidate_day`` persists its result.

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
from typing import Any, ClassVar

from django.db import transaction

from drawhisper.tokens import count_tokens, truncate_to_tokens
from memories import index
from memories.models import Summary
from memories.pipeline import reads
from memories.pipeline.backends import pipeline_llm
from memories.pipeline.job_context import DayContext
from memories.pipeline.prompting import load_prompt
from memories.pipeline.steps.base import PipelineStepError, strip_reasoning
from memories.pipeline.steps.summarize import NO_PREVIOUS_SUMMARY, summary_budget_tokens
from memories.pipeline.transcript import neutralise, render_lines

logger = logging.getLogger(__name__)


class ConsolidateStep:
    name: ClassVar[str] = "consolidate"
    prompt_name: ClassVar[str] = "consolidate_v1"
    max_words: ClassVar[int] = 300

    def run(self, context: DayContext) -> dict[str, Any]:
        recent = "\n\n".join(neutralise(text) for text in context.recent_summaries)
        messages = load_prompt(self.prompt_name).render(
            user_name=context.user_name,
            character_name=context.character_name,
            day=context.day.isoformat(),
            previous_summary=neutralise(context.previous_summary) or NO_PREVIOUS_SUMMARY,
            recent_summaries=recent or "(none)",
            transcript=render_lines(context.messages),
            max_words=str(self.max_words),
        )
        completion = pipeline_llm("summary", owner_id=context.owner_id).complete(messages)
        text = strip_reasoning(completion.text)
        if not text:
            raise PipelineStepError("The summary model returned an empty daily summary.")
        return {
            "text": truncate_to_tokens(text, summary_budget_tokens()),
            "model": completion.model,
        }


def summary_consolidate_day(*, thread_id: int, day: date) -> Summary | None:
    """The thread's daily summary of ``day`` (made now if needed), or None for a day with
    nothing to fold."""
    summary = Summary.objects.filter(
        thread_id=thread_id, level=Summary.Level.DAILY, day=day
    ).first()
    if summary is None:
        context = reads.day_context(thread_id=thread_id, day=day)
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
    index.index_summaries(summaries=[summary])
    logger.info(
        "daily summary indexed", extra={"summary_id": summary.pk, "thread_id": summary.thread_id}
    )
