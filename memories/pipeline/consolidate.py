"""Consolidate: fold one day of a thread into a daily summary.

Input is a frozen :class:`DayContext`: the recent (rolling) summaries written that day, the
day's messages no summary covers yet, and the newest summary from before the day as
background. Like the job steps, this computes only; ``memories.services.pipeline``
persists the result (``summary_consolidate_day``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, ClassVar

from drawhisper.providers.registry import get_llm
from drawhisper.tokens import truncate_to_tokens
from memories.pipeline.context import TranscriptMessage
from memories.pipeline.prompting import load_prompt
from memories.pipeline.steps.base import PipelineStepError, strip_reasoning
from memories.pipeline.steps.summarize import NO_PREVIOUS_SUMMARY, summary_budget_tokens
from memories.pipeline.transcript import neutralise, render_lines


@dataclass(frozen=True)
class DayContext:
    thread_id: int
    day: date
    user_name: str
    character_name: str
    start_seq: int
    end_seq: int
    previous_summary: str
    recent_summaries: tuple[str, ...]
    messages: tuple[TranscriptMessage, ...]


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
        completion = get_llm("summary").complete(messages)
        text = strip_reasoning(completion.text)
        if not text:
            raise PipelineStepError("The summary model returned an empty daily summary.")
        return {
            "text": truncate_to_tokens(text, summary_budget_tokens()),
            "model": completion.model,
        }
