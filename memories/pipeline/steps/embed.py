"""Embed: one vector per extracted chunk (title and content), with the embedder's model id.

Output: ``{"model", "dimensions", "vectors"}``. Vectors are rounded to float32-like precision
so the job state stays small; every vector store keeps float32 anyway.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drawhisper.providers.registry import get_embedder
from memories.pipeline.job_context import JobContext
from memories.pipeline.schema import Chunk
from memories.pipeline.steps.base import PipelineStepError

VECTOR_DECIMALS = 7


def chunks_of(context: JobContext) -> list[Chunk]:
    return [Chunk(**raw) for raw in context.output("extract")["chunks"]]


class EmbedStep:
    name: ClassVar[str] = "embed"

    def run(self, context: JobContext) -> dict[str, Any]:
        chunks = chunks_of(context)
        embedder = get_embedder()
        vectors = embedder.embed_documents([chunk.text for chunk in chunks])
        if len(vectors) != len(chunks) or any(len(v) != embedder.dimensions for v in vectors):
            raise PipelineStepError(
                f"The embedding model {embedder.model_id} returned vectors of the wrong shape."
            )
        return {
            "model": embedder.model_id,
            "dimensions": embedder.dimensions,
            "vectors": [
                [round(float(value), VECTOR_DECIMALS) for value in vector] for vector in vectors
            ],
        }
