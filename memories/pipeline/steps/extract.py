"""Extract: 1 to 3 typed chunks ``{title, content, type}`` under a JSON schema.

The reply is validated (``schema.parse_chunks``). An invalid reply is retried once with the
validation error and the invalid output in the prompt; a second invalid reply raises
:class:`PipelineStepError` with a readable reason, before anything is written.
Output: ``{"chunks": [{"title", "content", "type"}], "model"}``.
"""

from __future__ import annotations

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
from memories.pipeline.steps.summarize import NO_PREVIOUS_SUMMARY
from memories.pipeline.transcript import neutralise, render_lines

INVALID_OUTPUT_SHOWN_TOKENS = 400


def retry_note(*, error: str, invalid_output: str) -> str:
    shown = neutralise(truncate_to_tokens(invalid_output, INVALID_OUTPUT_SHOWN_TOKENS))
    return (
        "\nYour previous reply could not be used because "
        f"{error}. It was:\n<invalid_output>\n{shown}\n</invalid_output>\n"
        "Fix that and follow the rules exactly.\n"
    )


class ExtractStep:
    name: ClassVar[str] = "extract"
    prompt_name: ClassVar[str] = "extract_v1"

    def _messages(self, context: JobContext, note: str):
        return load_prompt(self.prompt_name).render(
            user_name=context.user_name,
            character_name=context.character_name,
            previous_summary=neutralise(context.previous_summary) or NO_PREVIOUS_SUMMARY,
            transcript=render_lines(context.messages, numbered=True),
            types=", ".join(MEMORY_TYPES),
            max_chunks=str(MAX_CHUNKS),
            retry_note=note,
        )

    def run(self, context: JobContext) -> dict[str, Any]:
        llm = pipeline_llm("extract", owner_id=context.owner_id)
        completion = llm.complete(self._messages(context, ""), json_schema=EXTRACT_SCHEMA)
        try:
            chunks = parse_chunks(strip_reasoning(completion.text))
        except ChunkValidationError as first_error:
            note = retry_note(error=str(first_error), invalid_output=completion.text)
            completion = llm.complete(self._messages(context, note), json_schema=EXTRACT_SCHEMA)
            try:
                chunks = parse_chunks(strip_reasoning(completion.text))
            except ChunkValidationError as error:
                raise PipelineStepError(
                    f"The extraction model returned invalid output twice; the last time {error}."
                ) from None
        return {"chunks": [chunk.as_json() for chunk in chunks], "model": completion.model}
