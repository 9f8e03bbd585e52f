"""Support: check each extracted chunk against the messages it cites (``grounding``).

Runs after extract and before embed. A chunk whose cited seqs are all outside the job's
range is ungrounded; a grounded one is scored against exactly its cited messages. The store
step keeps an unsupported or ungrounded chunk as an ``unverified`` memory: visible to the
user under a filter, never in a chat's context, until the user verifies it.

Output: ``{"method", "verdicts": [{source_seqs, supported, reason, method, score}],
"unverified"}``, one verdict per chunk in chunk order.
"""

from __future__ import annotations

from typing import Any, ClassVar

from memories.pipeline.grounding import check_chunks, support_method
from memories.pipeline.job_context import JobContext
from memories.pipeline.steps.embed import chunks_of


class SupportStep:
    name: ClassVar[str] = "support"

    def run(self, context: JobContext) -> dict[str, Any]:
        verdicts = check_chunks(chunks_of(context), context)
        return {
            "method": support_method(),
            "verdicts": [verdict.as_json() for verdict in verdicts],
            "unverified": sum(1 for verdict in verdicts if not verdict.supported),
        }
