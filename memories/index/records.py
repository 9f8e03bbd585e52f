"""Rows to vector records and vector ids back to rows.

Ids (every vector id is made here): a memory uses ``Memory.vector_id``
(``memory:job{job}:chunk{index}`` from the pipeline, ``memory_vector_id``;
``memory:{uuid hex}`` for one made by hand, ``new_memory_vector_id``), a summary ``summary:{pk}``, an archived message
``message:{pk}``, a lore-document chunk ``document:{chunk pk}``, a lorebook entry matched by
meaning ``lore:{entry pk}`` (metadata ``owner``, ``kind`` "lore", ``lorebook``, ``source_id``). Metadata: ``owner``, ``character``, ``thread``, ``kind``
(memory|summary|message), ``type``, ``shared``, ``status``, ``source_id`` (the row's pk), plus
``start_seq``/``end_seq`` for summaries and ``seq`` for messages, so retrieval can leave out
what the recent window already shows without a database round trip. A document chunk has
no character or thread (its scope is its document's target): ``document`` (the document's
pk) and ``page`` instead.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from memories.chat_adapter import ArchivedMessage
from memories.index.stores import VectorRecord
from memories.models import DocumentChunk, Memory, Summary

KINDS = ("memory", "summary", "message", "document", "lore")
ROW_ID_KINDS = ("summary", "message", "document", "lore")


def new_memory_vector_id() -> str:
    """The id of a memory written by hand (or imported)."""
    return f"memory:{uuid.uuid4().hex}"


def memory_vector_id(*, job_id: int, chunk_index: int) -> str:
    """The id of a memory made by a pipeline job: fixed by job and chunk, so a rerun
    overwrites the same vector."""
    return f"memory:job{job_id}:chunk{chunk_index}"


def summary_vector_id(summary_id: int) -> str:
    return f"summary:{summary_id}"


def message_vector_id(message_id: int) -> str:
    return f"message:{message_id}"


def document_chunk_vector_id(chunk_id: int) -> str:
    return f"document:{chunk_id}"


def lore_entry_vector_id(entry_id: int) -> str:
    return f"lore:{entry_id}"


def lore_entry_record(
    *, entry_id: int, lorebook_id: int, owner_id: int, vector: Sequence[float]
) -> VectorRecord:
    return VectorRecord(
        id=lore_entry_vector_id(entry_id),
        vector=list(vector),
        metadata={
            "owner": owner_id,
            "kind": "lore",
            "type": "",
            "shared": False,
            "status": "active",
            "source_id": entry_id,
            "lorebook": lorebook_id,
        },
    )


def kind_of(vector_id: str) -> str:
    """``memory``, ``summary``, ``message``, ``document`` or ``lore`` ("" for an id of no
    known kind)."""
    kind = vector_id.partition(":")[0]
    return kind if kind in KINDS else ""


def row_id_of(vector_id: str) -> int | None:
    """The pk in a ``summary:{pk}``, ``message:{pk}`` or ``document:{pk}`` id; None for
    memory ids."""
    kind, _, rest = vector_id.partition(":")
    return int(rest) if kind in ROW_ID_KINDS and rest.isdigit() else None


def memory_embedding_text(*, title: str, content: str) -> str:
    """What a memory's vector is made from: the title, then the content (as the pipeline)."""
    return f"{title}\n{content}" if title else content


def memory_metadata(memory: Memory) -> dict[str, Any]:
    return {
        "owner": memory.owner_id,
        "character": memory.character_id,
        "thread": memory.origin_thread_id,
        "kind": "memory",
        "type": memory.type,
        "shared": memory.shared,
        "status": memory.status,
        "source_id": memory.pk,
    }


def summary_metadata(summary: Summary, *, owner_id: int, character_id: int) -> dict[str, Any]:
    return {
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
    }


def message_metadata(
    message: ArchivedMessage, *, owner_id: int, character_id: int
) -> dict[str, Any]:
    return {
        "owner": owner_id,
        "character": character_id,
        "thread": message.thread_id,
        "kind": "message",
        "type": "",
        "shared": False,
        "status": "active",
        "source_id": message.pk,
        "seq": message.seq,
    }


def memory_record(memory: Memory, vector: Sequence[float]) -> VectorRecord:
    if not memory.vector_id:
        raise ValueError(f"memory {memory.pk} has no vector_id yet")
    return VectorRecord(id=memory.vector_id, vector=list(vector), metadata=memory_metadata(memory))


def summary_record(
    summary: Summary, vector: Sequence[float], *, owner_id: int, character_id: int
) -> VectorRecord:
    """The summary's vector, filed under its thread's owner and character."""
    return VectorRecord(
        id=summary.vector_id or summary_vector_id(summary.pk),
        vector=list(vector),
        metadata=summary_metadata(summary, owner_id=owner_id, character_id=character_id),
    )


def message_record(message: ArchivedMessage, vector: Sequence[float]) -> VectorRecord:
    return VectorRecord(
        id=message_vector_id(message.pk),
        vector=list(vector),
        metadata=message_metadata(
            message, owner_id=message.owner_id, character_id=message.character_id
        ),
    )


def document_chunk_embedding_text(chunk: DocumentChunk) -> str:
    """What a chunk's vector is made from: its heading path, then its text."""
    return f"{chunk.heading}\n{chunk.text}" if chunk.heading else chunk.text


def document_chunk_metadata(chunk: DocumentChunk) -> dict[str, Any]:
    return {
        "owner": chunk.owner_id,
        "kind": "document",
        "type": "",
        "shared": False,
        "status": "active",
        "source_id": chunk.pk,
        "document": chunk.document_id,
        "page": chunk.page,
    }


def document_chunk_record(chunk: DocumentChunk, vector: Sequence[float]) -> VectorRecord:
    return VectorRecord(
        id=document_chunk_vector_id(chunk.pk),
        vector=list(vector),
        metadata=document_chunk_metadata(chunk),
    )
