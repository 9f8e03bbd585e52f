"""The pipeline's summarize and extract steps answered by the dataset: a session's LoCoMo
summary as the summary's text, and its observations as ``conversation`` chunks (or, with
``natural``, with the types and titles their text earns) in the pipeline's chunk schema.
"""

from __future__ import annotations

from typing import Any, ClassVar

from benchmarks.locomo import Observation

# Observations record what was said in a session; stored as "conversation" memories. (As
# "fact", the pipeline's supersession would retire many of them as updates of each other.)
MEMORY_TYPE = "conversation"


class _GivenSummary:
    """The summarize step, answered by the dataset's session summary."""

    name: ClassVar[str] = "summarize"

    def __init__(self, text: str) -> None:
        self.text = text

    def run(self, context) -> dict[str, Any]:
        return {"text": self.text, "model": "locomo"}


def chunk_fields() -> frozenset[str]:
    """The fields of an extracted chunk in the pipeline's schema."""
    from memories.pipeline import EXTRACT_SCHEMA

    return frozenset(EXTRACT_SCHEMA["properties"]["chunks"]["items"]["properties"])


class _GivenChunks:
    """The extract step, answered by the dataset's observations: all as ``conversation``
    memories titled with the speaker, or (``natural``) each with the type and title the
    offline extractor's rules give its text, as a model would type them, and the offline
    provider's decision (``add`` / ``update n`` / ``same n``) against the existing memories
    the relate step found, as the offline extractor would answer."""

    name: ClassVar[str] = "extract"

    def __init__(
        self,
        observations: list[Observation],
        *,
        natural: bool = False,
        names=(),
        seq_by_dia_id: dict[str, int] | None = None,
    ) -> None:
        self.observations = observations
        self.natural = natural
        self.names = frozenset(names)
        self.seq_by_dia_id = seq_by_dia_id or {}

    def chunk(self, item: Observation) -> dict[str, Any]:
        if self.natural:
            from drawhisper.providers.offline.extraction import key_phrase
            from drawhisper.providers.offline.memory_types import classify

            title = key_phrase(item.text, self.names) or item.speaker
            chunk = {"title": title[:120], "content": item.text, "type": classify(item.text)}
        else:
            chunk = {"title": item.speaker, "content": item.text, "type": MEMORY_TYPE}
        if "source_seqs" in chunk_fields():
            # The turns the observation cites, as a grounded chunk names them.
            chunk["source_seqs"] = sorted(
                {self.seq_by_dia_id[d] for d in item.dia_ids if d in self.seq_by_dia_id}
            )
        return chunk

    def run(self, context) -> dict[str, Any]:
        chunks = [self.chunk(item) for item in self.observations]
        if self.natural:
            from drawhisper.providers.offline import decisions as offline

            related = (context.outputs.get("relate") or {}).get("memories", [])
            existing = [
                offline.Existing(
                    ref=m["ref"], type=m["type"], title=m["title"], content=m["content"]
                )
                for m in related
            ]
            # The offline model's own answer, remainders included where the product has them.
            if hasattr(offline, "decide_with_remainders") and "remainder" in chunk_fields():
                answers = offline.decide_with_remainders(chunks, existing, names=self.names)
            else:
                answers = [
                    (decision, "")
                    for decision in offline.decide(chunks, existing, names=self.names)
                ]
            for chunk, (decision, remainder) in zip(chunks, answers, strict=True):
                chunk["decision"] = decision
                if remainder:
                    chunk["remainder"] = remainder
        return {"chunks": chunks, "model": "locomo"}
