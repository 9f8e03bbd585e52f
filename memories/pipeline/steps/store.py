"""Store: turn the extracted chunks and their vectors into the rows and vectors to write.

This step only plans; ``memories.pipeline.job_store_memories`` writes the plan (the
vectors under deterministic ids, then the Memory rows and the rolling summary in one
transaction). Ids derive from the job and chunk index and hashes from the text (the same
hash the editing services use), so the plan of a rerun is identical to the one it replaces.

A chunk the support step found unsupported (or citing no message of the job) is planned with
status ``unverified`` and the check's reason; every memory carries the seqs it cites.

Output: ``{"embedding_model", "memories": [{chunk_index, vector_id, type, title, content,
content_hash, token_count, status, source_seqs, support_note}], "summary": {"text",
"token_count"}}``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drawhisper.tokens import count_tokens
from memories.index import memory_vector_id
from memories.pipeline.job_context import JobContext
from memories.pipeline.steps.embed import chunks_of
from memories.texts import memory_content_hash, memory_prompt_text


def _verdicts(context: JobContext, count: int) -> list[dict[str, Any]]:
    """The support step's verdicts; a job whose chunks were checked before that step existed
    keeps them active and citing nothing, as they were planned then."""
    if context.has_output("support"):
        return list(context.output("support")["verdicts"])
    return [{"supported": True, "source_seqs": [], "reason": ""} for _ in range(count)]


class StoreStep:
    name: ClassVar[str] = "store"

    def run(self, context: JobContext) -> dict[str, Any]:
        chunks = chunks_of(context)
        embedded = context.output("embed")
        summary_text = context.output("summarize")["text"]
        verdicts = _verdicts(context, len(chunks))
        return {
            "embedding_model": embedded["model"],
            "memories": [
                {
                    "chunk_index": index,
                    "vector_id": memory_vector_id(job_id=context.job_id, chunk_index=index),
                    "type": chunk.type,
                    "title": chunk.title,
                    "content": chunk.content,
                    "content_hash": memory_content_hash(
                        type=chunk.type, title=chunk.title, content=chunk.content
                    ),
                    "token_count": count_tokens(
                        memory_prompt_text(
                            type=chunk.type, title=chunk.title, content=chunk.content
                        )
                    ),
                    "status": "active" if verdicts[index]["supported"] else "unverified",
                    "source_seqs": list(verdicts[index]["source_seqs"]),
                    "support_note": verdicts[index]["reason"],
                }
                for index, chunk in enumerate(chunks)
            ],
            "summary": {"text": summary_text, "token_count": count_tokens(summary_text)},
        }
