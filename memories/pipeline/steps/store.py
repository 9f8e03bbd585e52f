"""Store: turn the extracted chunks and their vectors into the rows and vectors to write.

This step only plans; ``memories.pipeline.job_store_memories`` writes the plan (the
vectors under deterministic ids, then the Memory rows and the rolling summary in one
transaction). Ids derive from the job and chunk index and hashes from the text (the same
hash the editing services use), so the plan of a rerun is identical to the one it replaces.

A chunk the support step found unsupported (or citing no message of the job) is planned with
status ``unverified`` and the check's reason (it replaces and contests nothing); every memory
carries the seqs it cites. A chunk decided ``same n`` gets no memory (the existing one
already says it). Every other chunk's plan carries its ``status`` (``conflict`` for a
contested one, else ``active``) and
its ``decision`` (``None`` for ``add``, else ``{"action", "existing_id"}``, the row the relate
step numbered ``n``), which ``superseding.memories_apply_decisions`` carries out.

An applied ``update n`` with a remainder plans it too (``remainder``: its chunk index and
vector id, title, content, and ``active`` or, when memory n's messages do not support it,
``unverified`` with the reason); ``superseding`` writes it with memory n's type and cited
messages only when memory n is still there to retire.

Output: ``{"embedding_model", "memories": [{chunk_index, vector_id, type, title, content,
content_hash, token_count, status, source_seqs, support_note, decision, remainder}],
"same_ids": [...], "summary": {"text", "token_count"}}``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drawhisper.tokens import count_tokens
from memories.index import memory_vector_id
from memories.pipeline.job_context import JobContext
from memories.pipeline.schema import (
    ADD,
    CONFLICT,
    SAME,
    UPDATE,
    Chunk,
    remainder_chunk_index,
    remainder_title,
)
from memories.pipeline.steps.embed import chunks_of
from memories.pipeline.steps.extract import existing_of
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
        ids = {memory["ref"]: memory["id"] for memory in existing_of(context)}
        decisions = [decision_plan(chunk, ids) for chunk in chunks]
        remainder_verdicts = list(
            context.output("support").get("remainder_verdicts") or []
            if context.has_output("support")
            else []
        )
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
                    "status": _status(verdicts[index], decision),
                    "source_seqs": list(verdicts[index]["source_seqs"]),
                    "support_note": verdicts[index]["reason"],
                    # An unverified memory replaces and contests nothing until verified.
                    "decision": decision if verdicts[index]["supported"] else None,
                    "remainder": remainder_plan(
                        context,
                        index,
                        chunk,
                        decision if verdicts[index]["supported"] else None,
                        remainder_verdicts[index] if index < len(remainder_verdicts) else None,
                    ),
                }
                for index, (chunk, decision) in enumerate(zip(chunks, decisions, strict=True))
                if not (decision and decision["action"] == SAME)
            ],
            "same_ids": sorted(
                {
                    decision["existing_id"]
                    for decision in decisions
                    if decision and decision["action"] == SAME
                }
            ),
            "summary": {"text": summary_text, "token_count": count_tokens(summary_text)},
        }


def decision_plan(chunk: Chunk, ids: dict[int, int]) -> dict | None:
    """``None`` for an add; else the action and the row id its number stands for. A number
    the relate step did not give (job state from before decisions) counts as an add."""
    decision = chunk.parsed_decision
    if decision.action == ADD or decision.ref not in ids:
        return None
    return {"action": decision.action, "existing_id": ids[decision.ref]}


def remainder_plan(
    context: JobContext,
    index: int,
    chunk: Chunk,
    decision: dict | None,
    verdict: dict[str, Any] | None,
) -> dict | None:
    """The remainder an applied update keeps of the memory it retires, or ``None``."""
    if not chunk.remainder or not decision or decision["action"] != UPDATE or verdict is None:
        return None
    chunk_index = remainder_chunk_index(index)
    return {
        "chunk_index": chunk_index,
        "vector_id": memory_vector_id(job_id=context.job_id, chunk_index=chunk_index),
        "title": remainder_title(chunk.remainder),
        "content": chunk.remainder,
        "status": "active" if verdict["supported"] else "unverified",
        "support_note": verdict["reason"],
    }


def _status(verdict: dict[str, Any], decision: dict | None) -> str:
    if not verdict["supported"]:
        return "unverified"
    return "conflict" if decision and decision["action"] == CONFLICT else "active"
