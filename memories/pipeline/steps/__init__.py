"""The pipeline's steps, in the order the runner runs them.

Each step is a small class with a ``name`` and ``run(context) -> dict``: it reads the frozen
:class:`~memories.pipeline.context.JobContext` (and earlier steps' outputs), calls at most one
port (LLM, embedder), and returns a JSON-serialisable output. No step touches the ORM or the
vector store: ``memories.services.pipeline`` persists every output.
"""

from __future__ import annotations

from memories.pipeline.steps.base import PipelineStepError, Step
from memories.pipeline.steps.embed import EmbedStep
from memories.pipeline.steps.extract import ExtractStep
from memories.pipeline.steps.notify import NotifyStep
from memories.pipeline.steps.store import StoreStep
from memories.pipeline.steps.summarize import SummarizeStep

STEPS: tuple[Step, ...] = (SummarizeStep(), ExtractStep(), EmbedStep(), StoreStep(), NotifyStep())

__all__ = [
    "STEPS",
    "EmbedStep",
    "ExtractStep",
    "NotifyStep",
    "PipelineStepError",
    "Step",
    "StoreStep",
    "SummarizeStep",
]
