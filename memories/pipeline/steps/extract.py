"""Extract: 1 to 3 typed chunks ``{title, content, type, source_seqs, decision}`` under a
JSON schema.

The extractor reads the new summary (the summarize step's output), the range's transcript and
the existing memories the relate step found, numbered 1..n; each chunk's ``decision`` says
``add``, ``update n``, ``same n`` or ``conflict n`` (``schema``). The call is a LangChain
runnable, prompt template | extraction model with structured output.

The reply is validated (``schema.parse_chunks``, which also checks that a decision names one
of the memories shown). An invalid reply is retried once with the validation error and the
invalid output in the prompt; a second invalid reply raises :class:`PipelineStepError` with a
readable reason, before anything is written.
The transcript's lines carry their seqs (``[12] Alice: ...``) so a chunk can cite them.
Output: ``{"chunks": [{"title", "content", "type", "source_seqs", "decision"}], "model"}``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

from drawhisper.tokens import truncate_to_tokens
from memories.pipeline.backends import pipeline_llm
from memories.pipeline.job_context import JobContext
from memories.pipeline.prompting import load_prompt
from memories.pipeline.schema import (
    EXTRACT_SCHEMA,
    MAX_CHUNKS,
    MEMORY_TYPES,
    ChunkValidationError,
    parse_chunks,
)
from memories.pipeline.steps.base import PipelineStepError, strip_reasoning
from memories.pipeline.transcript import neutralise, one_line, render_lines

INVALID_OUTPUT_SHOWN_TOKENS = 400
NO_EXISTING_MEMORIES = "(none)"


def retry_note(*, error: str, invalid_output: str) -> str:
    shown = neutralise(truncate_to_tokens(invalid_output, INVALID_OUTPUT_SHOWN_TOKENS))
    return (
        "\nYour previous reply could not be used because "
        f"{error}. It was:\n<invalid_output>\n{shown}\n</invalid_output>\n"
        "Fix that and follow the rules exactly.\n"
    )


def render_existing(memories: Sequence[dict[str, Any]]) -> str:
    """One JSON object a line, ``{"id": ref, "type", "title", "content"}``: the numbers the
    model's decisions name (never database ids)."""
    if not memories:
        return NO_EXISTING_MEMORIES
    return "\n".join(
        json.dumps(
            {
                "id": memory["ref"],
                "type": memory["type"],
                "title": one_line(memory["title"]),
                "content": one_line(memory["content"]),
            },
            ensure_ascii=False,
        )
        for memory in memories
    )


def existing_of(context: JobContext) -> list[dict[str, Any]]:
    """The relate step's numbered memories (none for a job that ran without that step)."""
    return list((context.outputs.get("relate") or {}).get("memories", []))


class ExtractStep:
    name: ClassVar[str] = "extract"
    prompt_name: ClassVar[str] = "extract_v3"

    def values(self, context: JobContext, note: str) -> dict[str, str]:
        """What the prompt is filled with."""
        return {
            "user_name": context.user_name,
            "character_name": context.character_name,
            "new_summary": neutralise(context.output("summarize")["text"]),
            "existing_memories": render_existing(existing_of(context)),
            "transcript": render_lines(context.messages, numbered=True),
            "types": ", ".join(MEMORY_TYPES),
            "max_chunks": str(MAX_CHUNKS),
            "retry_note": note,
        }

    def run(self, context: JobContext) -> dict[str, Any]:
        chain = load_prompt(self.prompt_name).chain(
            pipeline_llm("extract", owner_id=context.owner_id), json_schema=EXTRACT_SCHEMA
        )
        existing = len(existing_of(context))
        completion = chain.invoke(self.values(context, ""))
        try:
            chunks = parse_chunks(strip_reasoning(completion.text), existing=existing)
        except ChunkValidationError as first_error:
            note = retry_note(error=str(first_error), invalid_output=completion.text)
            completion = chain.invoke(self.values(context, note))
            try:
                chunks = parse_chunks(strip_reasoning(completion.text), existing=existing)
            except ChunkValidationError as error:
                raise PipelineStepError(
                    f"The extraction model returned invalid output twice; the last time {error}."
                ) from None
        return {"chunks": [chunk.as_json() for chunk in chunks], "model": completion.model}
