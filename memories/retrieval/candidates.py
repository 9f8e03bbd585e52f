"""Load the rows behind ranked ids, in scope, and render each as the text the model will read.

Rendering decides what an item costs in the budget, so it happens before packing:
- archived message: ``[8 May 2023] Caroline: I went to the support group yesterday.``
- memory: ``[8 May 2023] [fact] Caroline: Caroline attended an LGBTQ support group.`` (the
  pinned layer's ``[type] title: content`` after the date of its last source message, else
  of its creation);
- summary: ``[8 May 2023 to 9 June 2023] ...`` (the dates of its first and last messages).
Dates let the model answer "when" and place "yesterday"; ``show_dates=False`` omits them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from chat.models import Message
from drawhisper.tokens import count_tokens
from memories.context import memory_text
from memories.retrieval.config import RetrievalConfig
from memories.retrieval.scope import (
    Scope,
    memories_in_scope,
    messages_in_scope,
    summaries_in_scope,
)


@dataclass(frozen=True)
class Candidate:
    kind: str
    id: int
    text: str
    body: str = ""  # what de-duplication compares: the text without date, type or title
    title: str = ""
    type: str = ""
    start_seq: int | None = None
    end_seq: int | None = None
    time: datetime | None = None

    @cached_property
    def tokens(self) -> int:
        """What the item costs in the budget; counted only for items that reach packing."""
        return count_tokens(self.text)


def format_date(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return f"{local.day} {local:%B %Y}"


def _dated(text: str, label: str, config: RetrievalConfig) -> str:
    return f"[{label}] {text}" if config.show_dates and label else text


def _message_time(thread_field: str, seq_field: str):
    return Subquery(
        Message.objects.filter(thread_id=OuterRef(thread_field), seq=OuterRef(seq_field)).values(
            "created_at"
        )[:1]
    )


def load_memories(
    ids: Iterable[int], vector_ids: Iterable[str], *, scope: Scope, config: RetrievalConfig
) -> tuple[dict[int, Candidate], dict[str, int]]:
    """Memories in scope by id or vector id; also the vector id -> row id map."""
    ids, vector_ids = list(ids), list(vector_ids)
    if not ids and not vector_ids:
        return {}, {}
    memories = (
        memories_in_scope(scope)
        .filter(Q(pk__in=ids) | Q(vector_id__in=vector_ids))
        .annotate(source_time=_message_time("origin_thread_id", "source_end_seq"))
        .only(
            "id",
            "vector_id",
            "title",
            "content",
            "type",
            "source_start_seq",
            "source_end_seq",
            "created_at",
        )
    )
    found: dict[int, Candidate] = {}
    by_vector_id: dict[str, int] = {}
    for memory in memories:
        moment = memory.source_time or memory.created_at
        text = _dated(memory_text(memory), format_date(moment), config)
        found[memory.pk] = Candidate(
            kind="memory",
            id=memory.pk,
            text=text,
            body=memory.content,
            title=memory.title,
            type=memory.type,
            start_seq=memory.source_start_seq,
            end_seq=memory.source_end_seq,
            time=moment,
        )
        if memory.vector_id:
            by_vector_id[memory.vector_id] = memory.pk
    return found, by_vector_id


def load_summaries(
    ids: Iterable[int], *, scope: Scope, config: RetrievalConfig
) -> dict[int, Candidate]:
    ids = list(ids)
    if not ids:
        return {}
    rows = (
        summaries_in_scope(scope)
        .filter(pk__in=ids)
        .annotate(
            start_time=_message_time("thread_id", "start_seq"),
            end_time=_message_time("thread_id", "end_seq"),
        )
        .values(
            "id", "text", "level", "start_seq", "end_seq", "start_time", "end_time", "created_at"
        )
    )
    found: dict[int, Candidate] = {}
    for row in rows:
        start, end = (
            format_date(row["start_time"]),
            format_date(row["end_time"] or row["created_at"]),
        )
        label = end if not start or start == end else f"{start} to {end}"
        text = _dated(row["text"], label, config)
        found[row["id"]] = Candidate(
            kind="summary",
            id=row["id"],
            text=text,
            body=row["text"],
            title=f"Summary of messages {row['start_seq']}-{row['end_seq']}",
            type=row["level"],
            start_seq=row["start_seq"],
            end_seq=row["end_seq"],
            time=row["end_time"] or row["created_at"],
        )
    return found


def load_messages(
    ids: Iterable[int], *, scope: Scope, config: RetrievalConfig
) -> dict[int, Candidate]:
    ids = list(ids)
    if not ids:
        return {}
    rows = (
        messages_in_scope(scope)
        .filter(pk__in=ids)
        .values("id", "seq", "role", "content", "created_at")
    )
    found: dict[int, Candidate] = {}
    for row in rows:
        speaker = scope.user_name if row["role"] == Message.Role.USER else scope.character_name
        body = f"{speaker}: {row['content']}"
        text = _dated(body, format_date(row["created_at"]), config)
        found[row["id"]] = Candidate(
            kind="message",
            id=row["id"],
            text=text,
            body=body,
            title=f"Message {row['seq']}",
            type=row["role"],
            start_seq=row["seq"],
            end_seq=row["seq"],
            time=row["created_at"],
        )
    return found
