"""The frozen data the pipeline steps pass along: a job's :class:`JobContext`, and the
:class:`DayContext` of a daily summary.

A :class:`JobContext` is built once per run from the database (``reads.job_context``)
and never mutated: each step reads it and returns its output, and the runner derives the
next context with :meth:`JobContext.with_output`. Outputs are plain JSON values, exactly as
they are stored in ``MemoryJob.state``, so a context rebuilt from the database after a crash
is the same as the one the crashed run had.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime
from types import MappingProxyType
from typing import Any, Literal

Role = Literal["user", "assistant"]


@dataclass(frozen=True)
class TranscriptMessage:
    """One message of the job's range, with the name of whoever said it."""

    id: int
    seq: int
    role: Role
    speaker: str
    content: str
    created_at: datetime


@dataclass(frozen=True)
class JobContext:
    job_id: int
    thread_id: int
    owner_id: int
    character_id: int
    user_name: str
    character_name: str
    start_seq: int
    end_seq: int
    messages: tuple[TranscriptMessage, ...]
    previous_summary: str = ""
    outputs: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        if not isinstance(self.outputs, MappingProxyType):
            object.__setattr__(self, "outputs", MappingProxyType(dict(self.outputs)))

    def has_output(self, step_name: str) -> bool:
        return step_name in self.outputs

    def output(self, step_name: str) -> Any:
        try:
            return self.outputs[step_name]
        except KeyError:
            raise LookupError(f"step {step_name!r} has not run for job {self.job_id}") from None

    def with_output(self, step_name: str, output: Any) -> JobContext:
        return replace(self, outputs=MappingProxyType({**self.outputs, step_name: output}))


@dataclass(frozen=True)
class DayContext:
    thread_id: int
    day: date
    user_name: str
    character_name: str
    start_seq: int
    end_seq: int
    previous_summary: str
    recent_summaries: tuple[str, ...]
    messages: tuple[TranscriptMessage, ...]
    owner_id: int = 0  # whose models summarise the day (0: the environment's)
