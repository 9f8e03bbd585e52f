"""Notify: name the memories the user's open tabs should hear about.

The service that persists this step marks the job succeeded and sends ``memory.created``
for each memory once that transaction commits (``job_finish``)."""

from __future__ import annotations

from typing import Any, ClassVar

from memories.pipeline.context import JobContext


class NotifyStep:
    name: ClassVar[str] = "notify"

    def run(self, context: JobContext) -> dict[str, Any]:
        return {"memory_ids": list(context.output("store")["memory_ids"])}
