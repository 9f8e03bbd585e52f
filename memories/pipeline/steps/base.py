"""What every step has in common."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol

from memories.pipeline.job_context import JobContext

_THINKING = re.compile(r"<think(?:ing)?>.*?</think(?:ing)?>", re.DOTALL | re.IGNORECASE)


class PipelineStepError(Exception):
    """A step cannot succeed by retrying as is; ``str(error)`` is the job's readable reason."""


class Step(Protocol):
    name: ClassVar[str]

    def run(self, context: JobContext) -> dict[str, Any]: ...


def strip_reasoning(text: str) -> str:
    """Drop a ``<think>...</think>`` block some servers put before a reasoning model's answer."""
    return _THINKING.sub("", text or "").strip()
