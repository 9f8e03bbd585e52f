"""An in-memory VectorStore with the port's filter semantics, so retrieval tests do not
depend on a particular store; ``index_*`` helpers write records the way the contract says
(ids ``summary:<pk>``, ``message:<pk>``, metadata owner/character/thread/kind/type/shared/
status/source_id)."""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any

from drawhisper.providers.registry import get_embedder
from memories.vectorstores.base import VectorFilter, VectorHit, VectorRecord


class InMemoryVectorStore:
    records: dict[str, VectorRecord] = {}
    _lock = threading.Lock()
    fail = False

    def __init__(self, **_: Any) -> None:
        pass

    @classmethod
    def reset(cls) -> None:
        with cls._lock:
            cls.records = {}
            cls.fail = False

    def upsert(self, records: Sequence[VectorRecord]) -> None:
        with self._lock:
            for record in records:
                self.records[record.id] = record

    def _matches(self, metadata: dict[str, Any], flt: VectorFilter) -> bool:
        if metadata.get("owner") != flt.owner:
            return False
        checks = {
            "character": flt.character,
            "thread": flt.thread,
            "shared": flt.shared,
            "status": flt.status,
        }
        for key, wanted in checks.items():
            if wanted is not None and metadata.get(key) != wanted:
                return False
        if flt.kinds is not None and metadata.get("kind") not in flt.kinds:
            return False
        if flt.types is not None and metadata.get("type") not in flt.types:
            return False
        return True

    def query(self, vector, *, filter: VectorFilter, top_k: int = 10, min_score=None):  # noqa: A002
        if self.fail:
            raise ConnectionError("vector store unreachable")
        hits = []
        for record in self.records.values():
            if not self._matches(record.metadata, filter):
                continue
            score = sum(a * b for a, b in zip(vector, record.vector, strict=True))
            norm = math.sqrt(sum(a * a for a in vector)) * math.sqrt(
                sum(b * b for b in record.vector)
            )
            score = score / norm if norm else 0.0
            if min_score is not None and score < min_score:
                continue
            hits.append(VectorHit(id=record.id, score=score, metadata=dict(record.metadata)))
        hits.sort(key=lambda hit: -hit.score)
        return hits[:top_k]

    def get(self, ids):
        return [self.records[i] for i in ids if i in self.records]

    def delete(self, ids):
        with self._lock:
            for i in ids:
                self.records.pop(i, None)

    def count(self, filter: VectorFilter | None = None) -> int:  # noqa: A002
        if filter is None:
            return len(self.records)
        return sum(1 for r in self.records.values() if self._matches(r.metadata, filter))


def _store():
    from memories.vectorstores import get_vector_store

    return get_vector_store()


def index_memory(memory) -> None:
    vector_id = memory.vector_id or f"memory:{memory.pk}"
    if not memory.vector_id:
        memory.vector_id = vector_id
        memory.save(update_fields=["vector_id"])
    [vector] = get_embedder().embed_documents([memory.content])
    _store().upsert(
        [
            VectorRecord(
                id=vector_id,
                vector=vector,
                metadata={
                    "owner": memory.owner_id,
                    "character": memory.character_id,
                    "thread": memory.origin_thread_id,
                    "kind": "memory",
                    "type": memory.type,
                    "shared": memory.shared,
                    "status": memory.status,
                    "source_id": memory.pk,
                },
            )
        ]
    )


def index_summary(summary) -> None:
    [vector] = get_embedder().embed_documents([summary.text])
    thread = summary.thread
    _store().upsert(
        [
            VectorRecord(
                id=f"summary:{summary.pk}",
                vector=vector,
                metadata={
                    "owner": thread.owner_id,
                    "character": thread.character_id,
                    "thread": thread.pk,
                    "kind": "summary",
                    "type": "",
                    "shared": False,
                    "status": "active",
                    "source_id": summary.pk,
                },
            )
        ]
    )


def index_message(message) -> None:
    [vector] = get_embedder().embed_documents([message.content])
    thread = message.thread
    _store().upsert(
        [
            VectorRecord(
                id=f"message:{message.pk}",
                vector=vector,
                metadata={
                    "owner": thread.owner_id,
                    "character": thread.character_id,
                    "thread": thread.pk,
                    "kind": "message",
                    "type": message.role,
                    "shared": False,
                    "status": "active",
                    "source_id": message.pk,
                },
            )
        ]
    )
