"""Vector records for what the pipeline indexes, with the metadata every store expects.

Ids: a pipeline memory ``memory:job{job}:chunk{index}`` (its ``Memory.vector_id``), a summary
``summary:{pk}``, an archived message ``message:{pk}``. Metadata: ``owner``, ``character``,
``thread``, ``kind`` (memory|summary|message), ``type``, ``shared``, ``status`` and
``source_id`` (the row's pk), plus ``seq`` for messages and ``start_seq``/``end_seq`` for
summaries so retrieval can keep what the recent window already shows out of the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence

from chat.models import Message
from memories.models import Memory, Summary
from memories.vectorstores import VectorRecord


def summary_vector_id(summary_id: int) -> str:
    return f"summary:{summary_id}"


def message_vector_id(message_id: int) -> str:
    return f"message:{message_id}"


def memory_record(memory: Memory, vector: Sequence[float]) -> VectorRecord:
    return VectorRecord(
        id=memory.vector_id,
        vector=list(vector),
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


def summary_record(
    summary: Summary, vector: Sequence[float], *, owner_id: int, character_id: int
) -> VectorRecord:
    return VectorRecord(
        id=summary_vector_id(summary.pk),
        vector=list(vector),
        metadata={
            "owner": owner_id,
            "character": character_id,
            "thread": summary.thread_id,
            "kind": "summary",
            "type": "",
            "shared": False,
            "status": "active",
            "source_id": summary.pk,
            "start_seq": summary.start_seq,
            "end_seq": summary.end_seq,
        },
    )


def message_record(
    message: Message, vector: Sequence[float], *, owner_id: int, character_id: int
) -> VectorRecord:
    return VectorRecord(
        id=message_vector_id(message.pk),
        vector=list(vector),
        metadata={
            "owner": owner_id,
            "character": character_id,
            "thread": message.thread_id,
            "kind": "message",
            "type": "",
            "shared": False,
            "status": "active",
            "source_id": message.pk,
            "seq": message.seq,
        },
    )
