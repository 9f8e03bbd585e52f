"""Embed: one vector per extracted chunk (title and content), and one per remainder, with the
embedder's model id.

Output: ``{"model", "dimensions", "vectors", "remainder_vectors"}`` (``remainder_vectors``
aligned with the chunks: null for a chunk without a remainder). Vectors are rounded to float32-like precision
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
        remainders = [chunk.remainder_text for chunk in chunks if chunk.remainder]
        texts = [chunk.text for chunk in chunks] + remainders
        vectors = embedder.embed_documents(texts)
        if len(vectors) != len(texts) or any(len(v) != embedder.dimensions for v in vectors):
            raise PipelineStepError(
                f"The embedding model {embedder.model_id} returned vectors of the wrong shape."
            )
        rounded = [[round(float(value), VECTOR_DECIMALS) for value in vector] for vector in vectors]
        extra = iter(rounded[len(chunks) :])
        return {
            "model": embedder.model_id,
            "dimensions": embedder.dimensions,
            "vectors": rounded[: len(chunks)],
            "remainder_vectors": [next(extra) if chunk.remainder else None for chunk in chunks],
        }
