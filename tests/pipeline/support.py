"""Test doubles for the pipeline tests, injected through settings.

- ``InMemoryVectorStore``: a brute-force store shared by every instance in the process.
- ``CrashAfterUpsertVectorStore``: stores like the above, then dies (``SimulatedCrash``, a
  BaseException, so no ``except Exception`` cleanup runs, as when a worker is killed) on the
  first upsert of memory vectors after ``arm()``.
- ``RecordingChannelLayer``: records ``group_send`` calls instead of delivering them.
- ``crash_after``: a worker that dies after a job's first steps; ``age_claim``: one whose
  heartbeat stopped long ago.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from datetime import timedelta
from typing import Any, ClassVar

import pytest
from django.utils import timezone

from memories.index.stores import VectorFilter, VectorHit, VectorRecord
from memories.models import MemoryJob
from memories.pipeline.runner import run_job
from memories.pipeline.steps import STEPS


class SimulatedCrash(BaseException):
    """The worker process died here."""


def _matches(metadata: dict[str, Any], flt: VectorFilter | None) -> bool:
    if flt is None:
        return True
    if metadata.get("owner") != flt.owner:
        return False
    if flt.character is not None and metadata.get("character") != flt.character:
        return False
    if flt.thread is not None and metadata.get("thread") != flt.thread:
        return False
    if flt.kinds is not None and metadata.get("kind") not in flt.kinds:
        return False
    if flt.types is not None and metadata.get("type") not in flt.types:
        return False
    if flt.shared is not None and metadata.get("shared") != flt.shared:
        return False
    return not (flt.status is not None and metadata.get("status") != flt.status)


class InMemoryVectorStore:
    records: ClassVar[dict[str, VectorRecord]] = {}
    upserts: ClassVar[list[list[str]]] = []
    location = "memory:test"

    def __init__(self, **_: Any) -> None:
        pass

    # The space of the configured embedder (read lazily: the registry builds one backend at
    # a time).
    @property
    def model_id(self) -> str:
        from drawhisper.providers.registry import get_embedder

        return get_embedder().model_id

    @property
    def dimensions(self) -> int:
        from drawhisper.providers.registry import get_embedder

        return get_embedder().dimensions

    @classmethod
    def reset(cls) -> None:
        cls.records.clear()
        cls.upserts.clear()

    def upsert(self, records: Sequence[VectorRecord]) -> None:
        for record in records:
            type(self).records[record.id] = VectorRecord(
                record.id, list(record.vector), dict(record.metadata)
            )
        type(self).upserts.append([record.id for record in records])

    def query(
        self, vector, *, filter: VectorFilter, top_k: int = 10, min_score: float | None = None
    ) -> list[VectorHit]:
        def cosine(a, b) -> float:
            dot = sum(x * y for x, y in zip(a, b, strict=False))
            norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
            return dot / norm if norm else 0.0

        hits = [
            VectorHit(record.id, cosine(vector, record.vector), dict(record.metadata))
            for record in type(self).records.values()
            if _matches(record.metadata, filter)
        ]
        hits = [hit for hit in hits if min_score is None or hit.score >= min_score]
        return sorted(hits, key=lambda hit: -hit.score)[:top_k]

    def get(self, ids: Sequence[str]) -> list[VectorRecord]:
        return [type(self).records[i] for i in ids if i in type(self).records]

    def delete(self, ids: Sequence[str]) -> None:
        for vector_id in ids:
            type(self).records.pop(vector_id, None)

    def count(self, filter: VectorFilter | None = None) -> int:
        return sum(1 for record in type(self).records.values() if _matches(record.metadata, filter))

    def list_ids(self) -> Iterator[str]:
        return iter(list(type(self).records))

    def drop(self) -> None:
        type(self).records.clear()

    @classmethod
    def ids(cls, prefix: str = "") -> list[str]:
        return sorted(i for i in cls.records if i.startswith(prefix))


class CrashAfterUpsertVectorStore(InMemoryVectorStore):
    armed: ClassVar[bool] = False

    @classmethod
    def arm(cls) -> None:
        cls.armed = True

    def upsert(self, records: Sequence[VectorRecord]) -> None:
        super().upsert(records)
        if type(self).armed and any(record.id.startswith("memory:") for record in records):
            type(self).armed = False
            raise SimulatedCrash("worker killed right after the vector upsert")


class RecordingChannelLayer:
    """A channel layer that keeps what was sent to groups (``sent``: (group, message))."""

    sent: ClassVar[list[tuple[str, dict]]] = []
    extensions: ClassVar[list[str]] = ["groups"]

    def __init__(self, **_: Any) -> None:
        pass

    async def group_send(self, group: str, message: dict) -> None:
        type(self).sent.append((group, message))

    async def group_add(self, group: str, channel: str) -> None:
        pass

    async def group_discard(self, group: str, channel: str) -> None:
        pass

    async def new_channel(self, prefix: str = "specific.") -> str:
        return prefix + "test"

    async def send(self, channel: str, message: dict) -> None:
        pass

    @classmethod
    def events(cls, event_type: str | None = None) -> list[tuple[str, dict]]:
        return [
            (group, message["event"])
            for group, message in cls.sent
            if event_type is None or message.get("event", {}).get("type") == event_type
        ]


class CrashStep:
    name = "crash"

    def run(self, context):
        raise SimulatedCrash("worker killed between steps")


def crash_after(job, finished_steps: int) -> None:
    """The job's worker dies after its first ``finished_steps`` steps, its claim still live."""
    with pytest.raises(SimulatedCrash):
        run_job(job_id=job.pk, steps=(*STEPS[:finished_steps], CrashStep()))


def age_claim(job) -> None:
    """The claim's worker stopped beating long ago (it died on another machine)."""
    MemoryJob.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now() - timedelta(hours=2))
