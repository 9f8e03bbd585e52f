"""Notify: name the memories the user's open tabs should hear about.

The service that persists this step marks the job succeeded and sends ``memory.created``
for each memory once that transaction commits (``job_finish``), then ``memory.updated`` for
each older memory they superseded."""

from __future__ import annotations

from typing import Any, ClassVar

from memories.pipeline.context import JobContext


class NotifyStep:
    name: ClassVar[str] = "notify"

    def run(self, context: JobContext) -> dict[str, Any]:
        stored = context.output("store")
        return {
            "memory_ids": list(stored["memory_ids"]),
            # Older memories the new ones replaced; absent from jobs stored before superseding.
            "superseded_ids": list(stored.get("superseded_ids", [])),
        }
