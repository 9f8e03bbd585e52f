"""The pipeline's steps, in the order the runner runs them.

Each step is a small class with a ``name`` and ``run(context) -> dict``: it reads the frozen
:class:`~memories.pipeline.job_context.JobContext` (and earlier steps' outputs), calls at most one
port (LLM, embedder) or, for relate, one read (``related``: the memories and the vector
store), and returns a JSON-serialisable output. No step writes: ``memories.pipeline.jobs``
persists every output.

``PIPELINE_VERSION`` names the prompts and this step list; it is part of a job's unique key,
so changing the pipeline lets old ranges be processed again on purpose, never by accident.
"""

from __future__ import annotations

from memories.pipeline.steps.base import PipelineStepError, Step
from memories.pipeline.steps.embed import EmbedStep
from memories.pipeline.steps.extract import ExtractStep
from memories.pipeline.steps.notify import NotifyStep
from memories.pipeline.steps.relate import RelateStep
from memories.pipeline.steps.store import StoreStep
from memories.pipeline.steps.summarize import SummarizeStep
from memories.pipeline.steps.support import SupportStep

PIPELINE_VERSION = "v1"

STEPS: tuple[Step, ...] = (
    SummarizeStep(),
    RelateStep(),
    ExtractStep(),
    SupportStep(),
    EmbedStep(),
    StoreStep(),
    NotifyStep(),
)

__all__ = [
    "PIPELINE_VERSION",
    "STEPS",
    "EmbedStep",
    "ExtractStep",
    "NotifyStep",
    "PipelineStepError",
    "RelateStep",
    "Step",
    "StoreStep",
    "SummarizeStep",
    "SupportStep",
]
