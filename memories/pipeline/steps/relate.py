"""Relate: find the existing memories the new chunks may update, repeat or contradict.

Runs after summarize and before extract. Output: ``{"memories": [{ref, id, type, title,
content}]}``, numbered 1..n (``memories.pipeline.related``). Recording the list in the job's
state fixes what the numbers mean: the extract step shows the model exactly this list, and
the store step maps a decision's number back to the row through it, even after a resume.
This step only reads (the memories and the vector store).
"""

from __future__ import annotations

from typing import Any, ClassVar

from memories.pipeline.job_context import JobContext
from memories.pipeline.related import related_memories


class RelateStep:
    name: ClassVar[str] = "relate"

    def run(self, context: JobContext) -> dict[str, Any]:
        summary = context.output("summarize")["text"]
        return {
            "memories": [
                memory.as_json() for memory in related_memories(context=context, summary=summary)
            ]
        }
