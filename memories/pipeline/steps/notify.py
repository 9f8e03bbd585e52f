"""Notify: tell the user's open tabs about the job's memories.

``run`` names them (the store step's new memories, and the older ones they superseded); the
service that persists this step (``jobs.job_finish``) marks the job succeeded and, once that
transaction commits, sends what ``events_after_commit`` lists: ``memory.created`` for each
new memory, then ``memory.updated`` for each older memory they superseded (``memories.events``
re-reads the committed rows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from memories import events
from memories.pipeline.job_context import JobContext


class NotifyStep:
    name: ClassVar[str] = "notify"

    def run(self, context: JobContext) -> dict[str, Any]:
        stored = context.output("store")
        return {
            "memory_ids": list(stored["memory_ids"]),
            # Older memories the new ones replaced; absent from jobs stored before superseding.
            "superseded_ids": list(stored.get("superseded_ids", [])),
        }

    @staticmethod
    def events_after_commit(output: dict[str, Any]) -> list[Callable[[], None]]:
        """The sends for the output of ``run``, each to be run once the job's success commits."""
        memory_ids = list(output["memory_ids"])
        superseded_ids = list(output.get("superseded_ids", []))
        sends: list[Callable[[], None]] = [lambda: events.send_memories_created(memory_ids)]
        if superseded_ids:
            sends.append(lambda: events.send_memories_updated(superseded_ids))
        return sends
