"""Support: check each extracted chunk against the messages it cites (``grounding``).

Runs after extract and before embed. A chunk whose cited seqs are all outside the job's
range is ungrounded; a grounded one is scored against exactly its cited messages. The store
step keeps an unsupported or ungrounded chunk as an ``unverified`` memory: visible to the
user under a filter, never in a chat's context, until the user verifies it.

A chunk's remainder (``update n`` keeping what of memory n still holds) is checked against
memory n's messages (``grounding.check_remainders``); an unsupported remainder is kept
``unverified`` like any chunk.

Output: ``{"method", "verdicts": [{source_seqs, supported, reason, method, score}],
"unverified", "remainder_verdicts": [verdict or null]}``, one verdict per chunk in chunk
order (``remainder_verdicts``: null for a chunk without a remainder).
"""

from __future__ import annotations

from typing import Any, ClassVar

from memories.pipeline.grounding import check_chunks, check_remainders, support_method
from memories.pipeline.job_context import JobContext
from memories.pipeline.steps.embed import chunks_of
from memories.pipeline.steps.extract import existing_of


class SupportStep:
    name: ClassVar[str] = "support"

    def run(self, context: JobContext) -> dict[str, Any]:
        chunks = chunks_of(context)
        verdicts = check_chunks(chunks, context)
        existing = {memory["ref"]: memory["id"] for memory in existing_of(context)}
        remainders = check_remainders(chunks, context, existing=existing)
        return {
            "method": support_method(),
            "verdicts": [verdict.as_json() for verdict in verdicts],
            "unverified": sum(1 for verdict in verdicts if not verdict.supported),
            "remainder_verdicts": [
                verdict.as_json() if verdict else None for verdict in remainders
            ],
        }
