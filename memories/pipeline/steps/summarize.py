"""Summarize: the reasoning model rewrites the rolling summary to include the job's range.

Input: the previous rolling summary and the range's transcript. Output: ``{"text", "model"}``.
The text is capped at the summary layer's token budget so it always fits the chat context.
The call is a LangChain runnable, prompt template | summary model; the summary alias asks
for reasoning where its model takes it (``drawhisper.providers``). The extract step reads
this new summary.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings

from drawhisper.tokens import truncate_to_tokens
from memories.pipeline.backends import pipeline_llm
from memories.pipeline.job_context import JobContext
from memories.pipeline.prompting import load_prompt
from memories.pipeline.steps.base import PipelineStepError, strip_reasoning
from memories.pipeline.transcript import neutralise, render_lines

NO_PREVIOUS_SUMMARY = "(none yet: this is the start of the conversation)"


def summary_budget_tokens() -> int:
    return int(settings.CONTEXT_LAYER_BUDGETS.get("summary", 600))


class SummarizeStep:
    name: ClassVar[str] = "summarize"
    prompt_name: ClassVar[str] = "summarize_v1"
    max_words: ClassVar[int] = 300

    def run(self, context: JobContext) -> dict[str, Any]:
        chain = load_prompt(self.prompt_name).chain(
            pipeline_llm("summary", owner_id=context.owner_id)
        )
        completion = chain.invoke(
            {
                "user_name": context.user_name,
                "character_name": context.character_name,
                "previous_summary": neutralise(context.previous_summary) or NO_PREVIOUS_SUMMARY,
                "transcript": render_lines(context.messages),
                "max_words": str(self.max_words),
            }
        )
        text = strip_reasoning(completion.text)
        if not text:
            raise PipelineStepError("The summary model returned an empty summary.")
        return {
            "text": truncate_to_tokens(text, summary_budget_tokens()),
            "model": completion.model,
        }
