"""Load the rows behind ranked ids, in scope, and render each as the text the model will read.

Rendering decides what an item costs in the budget, so it happens before packing:
- archived message: ``[8 May 2023] Caroline: I went to the support group yesterday.``
- memory: ``[8 May 2023] [fact] Caroline: Caroline attended an LGBTQ support group.`` (the
  pinned layer's ``[type] title: content`` after the date of its last source message, else
  of its creation);
- summary: ``[8 May 2023 to 9 June 2023] ...`` (the dates of its first and last messages);
- lore-document chunk: ``[world-bible.md › Harbour › The docks, characters 1200-2400] ...``
  (the document, the heading path and the position: ``page 3`` for a PDF), never dated.
Dates let the model answer "when" and place "yesterday"; ``show_dates=False`` omits them.

All rows come back from one SQL statement (``load_candidates``), with the scope conditions
of ``scope.py`` applied again: a hit the vector store still holds for a deleted, superseded
or out-of-scope row is dropped here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from functools import cached_property, lru_cache

from django.db import connection
from django.utils import timezone

from drawhisper.tokens import count_tokens
from memories.chat_adapter import MESSAGE_TABLE, USER_ROLE, message_time_sql
from memories.retrieval.config import RetrievalConfig
from memories.retrieval.scope import Scope, scope_conditions
from memories.texts import document_citation, document_position, memory_prompt_text


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
        return _tokens_of(self.text)


# The same rows come back turn after turn of a chat: their rendered texts are counted once
# (4,096 texts of a few hundred characters: about 2 MB).
_tokens_of = lru_cache(maxsize=4096)(count_tokens)


@lru_cache(maxsize=4096)
def _format_day(year: int, month: int, day: int) -> str:
    return f"{day} {datetime(year, month, day):%B %Y}"


def format_date(moment: datetime | None, zone: tzinfo | None = None) -> str:
    """``8 May 2023`` in ``zone`` (default: the current time zone)."""
    if moment is None:
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone(zone or timezone.get_current_timezone())
    return _format_day(moment.year, moment.month, moment.day)


def _dated(text: str, label: str, config: RetrievalConfig) -> str:
    return f"[{label}] {text}" if config.show_dates and label else text


Loaded = dict[str, dict[int, Candidate]]


def load_candidates(
    *,
    scope: Scope,
    config: RetrievalConfig,
    memory_ids: Iterable[int] = (),
    memory_vector_ids: Iterable[str] = (),
    summary_ids: Iterable[int] = (),
    message_ids: Iterable[int] = (),
    message_seqs: Iterable[int] = (),
    document_chunk_ids: Iterable[int] = (),
    message_neighbours: bool = False,
) -> tuple[Loaded, dict[str, int]]:
    """The rows in scope behind these ids, per kind, rendered; and memory vector id -> row id.
    With ``message_neighbours``, the messages just before and after each of ``message_ids``
    come too (in ``loaded["message"]``), so that neighbouring turns need no second query."""
    wanted = {
        "memory": (sorted(set(memory_ids)), sorted(set(memory_vector_ids))),
        "summary": sorted(set(summary_ids)),
        "message": sorted(set(message_ids)),
        "message_seqs": sorted(set(message_seqs)),
        "document": sorted(set(document_chunk_ids)),
    }
    branches: list[str] = []
    params: list = []
    if wanted["memory"][0] or wanted["memory"][1]:
        conditions, condition_params = scope_conditions("memory", scope)
        branches.append(
            "SELECT 'memory', d.id, d.vector_id, d.type, d.title, d.content,"
            " d.source_start_seq, d.source_end_seq,"
            f" coalesce({message_time_sql('d.origin_thread_id', 'd.source_end_seq')}, d.created_at),"
            " NULL::timestamptz"
            f" FROM memories_memory d WHERE {conditions}"
            " AND (d.id = ANY(%s) OR d.vector_id = ANY(%s))"
        )
        params += [*condition_params, *wanted["memory"]]
    if wanted["summary"]:
        conditions, condition_params = scope_conditions("summary", scope)
        branches.append(
            "SELECT 'summary', d.id, NULL::varchar, d.level, '', d.text, d.start_seq, d.end_seq,"
            f" coalesce({message_time_sql('d.thread_id', 'd.end_seq')}, d.created_at),"
            f" {message_time_sql('d.thread_id', 'd.start_seq')}"
            f" FROM memories_summary d WHERE {conditions} AND d.id = ANY(%s)"
        )
        params += [*condition_params, wanted["summary"]]
    if wanted["message"] or wanted["message_seqs"]:
        conditions, condition_params = scope_conditions("message", scope)
        branches.append(
            "SELECT 'message', d.id, NULL::varchar, d.role, '', d.content, d.seq, d.seq,"
            " d.created_at, NULL::timestamptz"
            f" FROM {MESSAGE_TABLE} d WHERE {conditions}"
            " AND (d.id = ANY(%s) OR d.seq = ANY(%s)"
            + (
                f" OR d.seq IN (SELECT h.seq + step FROM {MESSAGE_TABLE} h,"
                " (VALUES (-1), (1)) AS steps (step) WHERE h.id = ANY(%s))"
                if message_neighbours and wanted["message"]
                else ""
            )
            + ")"
        )
        params += [*condition_params, wanted["message"], wanted["message_seqs"]]
        if message_neighbours and wanted["message"]:
            params.append(wanted["message"])
    if wanted["document"] and scope.document_ids:
        conditions, condition_params = scope_conditions("document", scope)
        # name in the vector-id column, heading as title, page in the level column, offsets
        # as the seqs: the union's columns, reused.
        branches.append(
            "SELECT 'document', d.id, ld.name, d.page::varchar, d.heading, d.text,"
            " d.start_char, d.end_char, NULL::timestamptz, NULL::timestamptz"
            " FROM memories_documentchunk d JOIN memories_loredocument ld ON ld.id = d.document_id"
            f" WHERE {conditions} AND d.id = ANY(%s)"
        )
        params += [*condition_params, wanted["document"]]
    loaded: Loaded = {"memory": {}, "summary": {}, "message": {}, "document": {}}
    by_vector_id: dict[str, int] = {}
    if not branches:
        return loaded, by_vector_id
    with connection.cursor() as cursor:
        cursor.execute("\nUNION ALL\n".join(branches), params)
        rows = cursor.fetchall()
    zone = timezone.get_current_timezone()  # once, not per row (it is a context lookup)
    for kind, row_id, vector_id, row_type, title, text, start_seq, end_seq, moment, start in rows:
        if kind == "memory":
            candidate = _memory(
                row_id, row_type, title, text, start_seq, end_seq, moment, config, zone
            )
            if vector_id:
                by_vector_id[vector_id] = row_id
        elif kind == "summary":
            candidate = _summary(
                row_id, row_type, text, start_seq, end_seq, start, moment, config, zone
            )
        elif kind == "document":
            candidate = _document(row_id, vector_id, row_type, title, text, start_seq, end_seq)
        else:
            candidate = _message(row_id, row_type, text, start_seq, moment, scope, config, zone)
        loaded[kind][row_id] = candidate
    return loaded, by_vector_id


def _memory(
    row_id, memory_type, title, content, start_seq, end_seq, moment, config, zone=None
) -> Candidate:
    text = memory_prompt_text(type=memory_type, title=title, content=content)
    return Candidate(
        kind="memory",
        id=row_id,
        text=_dated(text, format_date(moment, zone), config),
        body=content,
        title=title,
        type=memory_type,
        start_seq=start_seq,
        end_seq=end_seq,
        time=moment,
    )


def _summary(row_id, level, text, start_seq, end_seq, start, end, config, zone=None) -> Candidate:
    first, last = format_date(start, zone), format_date(end, zone)
    label = last if not first or first == last else f"{first} to {last}"
    return Candidate(
        kind="summary",
        id=row_id,
        text=_dated(text, label, config),
        body=text,
        title=f"Summary of messages {start_seq}-{end_seq}",
        type=level,
        start_seq=start_seq,
        end_seq=end_seq,
        time=end,
    )


def _document(row_id, name, page, heading, text, start, end) -> Candidate:
    citation = document_citation(
        name=name, heading=heading, page=int(page) if page else None, start=start, end=end
    )
    return Candidate(
        kind="document",
        id=row_id,
        text=f"[{citation}] {text}",
        body=text,
        title=f"{name} › {heading}" if heading else name,
        type=document_position(page=int(page) if page else None, start=start, end=end),
        start_seq=None,
        end_seq=None,
        time=None,
    )


def _message(row_id, role, content, seq, moment, scope: Scope, config, zone=None) -> Candidate:
    speaker = scope.user_name if role == USER_ROLE else scope.character_name
    body = f"{speaker}: {content}"
    return Candidate(
        kind="message",
        id=row_id,
        text=_dated(body, format_date(moment, zone), config),
        body=body,
        title=f"Message {seq}",
        type=role,
        start_seq=seq,
        end_seq=seq,
        time=moment,
    )


def load_messages(
    ids: Iterable[int], *, scope: Scope, config: RetrievalConfig
) -> dict[int, Candidate]:
    """Archived messages in scope by id, rendered as retrieval renders them."""
    loaded, _ = load_candidates(scope=scope, config=config, message_ids=ids)
    return loaded["message"]
