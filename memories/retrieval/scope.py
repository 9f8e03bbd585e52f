"""Who and what a retrieval may see.

- memories: same owner and character, status active, and either shared or made in this
  thread (``origin_thread``); minus the ids the caller already shows (pinned, shared layers)
  and those the user dismissed here (``scope_for_thread`` reads them);
- summaries: of this thread only;
- lore-document chunks: of the owner's ready documents attached to the thread's character,
  to its scene, or to a lorebook attached to either or to the thread (``document_ids``,
  read with the thread in one statement; none means no document search at all);
- archived messages: of this thread only, active (not replaced by a regeneration), not
  deleted by the user, complete or interrupted, with text, and older than ``before_seq`` (the
  first message of the recent window) when it is given.

The rule is stated twice, on purpose: as querysets (``memories_in_scope`` ...) for readers
and tests, and as SQL conditions (``scope_conditions``) for the two hot statements of a
retrieval, which cannot afford the ORM's compile time on every chat turn.
``tests/retrieval/test_scope.py`` checks that both select the same rows. The vector store is
asked with the same owner/character/thread filters, and every hit is checked again against
the database, which is the source of truth."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from memories import chat_adapter
from memories.models import DocumentChunk, Memory, Summary

_CONFIG_NAME = re.compile(r"^[a-z_]+$")


@dataclass(frozen=True)
class Scope:
    owner_id: int
    character_id: int
    thread_id: int
    before_seq: int | None = None
    exclude_memory_ids: frozenset[int] = frozenset()
    # How archived messages name their speakers (as the pipeline's transcripts do).
    user_name: str = "User"
    character_name: str = "Character"
    # Whether any memory of this owner and character is shared (else one store query less).
    has_shared_memories: bool = True
    # The query's lexemes, when they were read with the scope (else full-text search reads
    # them itself).
    lexemes: tuple[str, ...] | None = None
    # The lore documents whose chunks this thread may retrieve (empty: no document search).
    document_ids: frozenset[int] = frozenset()


def check_text_search_config(name: str) -> None:
    """Raise ValueError unless ``name`` can be a PostgreSQL text search configuration (it is
    written into SQL, not passed as a parameter)."""
    if not _CONFIG_NAME.match(name):
        raise ValueError(f"not a text search configuration name: {name!r}")


def scope_for_thread(
    *,
    thread_id: int,
    before_seq: int | None = None,
    exclude_memory_ids: Iterable[int] = (),
    query: str | None = None,
    text_search_config: str = "english",
) -> Scope:
    """The thread's scope; the memories the user dismissed in it are excluded too. With a
    ``query``, its lexemes are read in the same statement (``Scope.lexemes``)."""
    if query is not None:
        check_text_search_config(text_search_config)
    row = chat_adapter.thread_scope_row(
        thread_id=thread_id, query=query, text_search_config=text_search_config
    )
    if row is None:
        raise LookupError(f"no thread {thread_id}")
    (
        owner_id,
        character_id,
        first_name,
        username,
        character_name,
        has_shared,
        dismissed,
        lexemes,
        documents,
    ) = row
    return Scope(
        owner_id=owner_id,
        character_id=character_id,
        thread_id=thread_id,
        before_seq=before_seq,
        exclude_memory_ids=frozenset(int(pk) for pk in [*exclude_memory_ids, *(dismissed or ())]),
        user_name=first_name or username or "User",
        character_name=character_name or "Character",
        has_shared_memories=bool(has_shared),
        lexemes=None if lexemes is None else tuple(lexemes),
        document_ids=frozenset(documents or ()),
    )


def scope_of_turn(
    *,
    thread_id: int,
    owner_id: int,
    character_id: int,
    user_name: str,
    character_name: str,
    row: tuple[Any, ...],
) -> Scope:
    """The thread's scope from what a chat turn knows (its owner, character and names) and
    the row of ``chat_adapter.thread_scope_columns_sql`` it read with its profile; the same
    ``Scope`` as ``scope_for_thread`` (``user_name``: the persona's name, else the user's
    first name, else the username)."""
    has_shared, dismissed, lexemes, documents = row
    return Scope(
        owner_id=owner_id,
        character_id=character_id,
        thread_id=thread_id,
        exclude_memory_ids=frozenset(int(pk) for pk in dismissed or ()),
        user_name=user_name or "User",
        character_name=character_name or "Character",
        has_shared_memories=bool(has_shared),
        lexemes=None if lexemes is None else tuple(lexemes),
        document_ids=frozenset(documents or ()),
    )


def memories_in_scope(scope: Scope):
    queryset = Memory.objects.filter(
        owner_id=scope.owner_id, character_id=scope.character_id, status=Memory.Status.ACTIVE
    ).filter(Q(shared=True) | Q(origin_thread_id=scope.thread_id))
    if scope.exclude_memory_ids:
        queryset = queryset.exclude(pk__in=scope.exclude_memory_ids)
    return queryset


def summaries_in_scope(scope: Scope):
    return Summary.objects.filter(thread_id=scope.thread_id)


def document_chunks_in_scope(scope: Scope):
    return DocumentChunk.objects.filter(document_id__in=scope.document_ids)


def messages_in_scope(scope: Scope):
    """Chat's prompt messages of the thread, with text, older than ``before_seq``."""
    return chat_adapter.prompt_messages(thread_id=scope.thread_id, before_seq=scope.before_seq)


def scope_conditions(kind: str, scope: Scope) -> tuple[str, list[Any]]:
    """The scope of ``kind`` as a SQL condition over the alias ``d`` of its table, with params."""
    if kind == "memory":
        return (
            "d.owner_id = %s AND d.character_id = %s AND d.status = %s"
            " AND (d.shared OR d.origin_thread_id = %s) AND NOT (d.id = ANY(%s))",
            [
                scope.owner_id,
                scope.character_id,
                Memory.Status.ACTIVE.value,
                scope.thread_id,
                sorted(scope.exclude_memory_ids),
            ],
        )
    if kind == "summary":
        return "d.thread_id = %s", [scope.thread_id]
    if kind == "document":
        return "d.owner_id = %s AND d.document_id = ANY(%s)", [
            scope.owner_id,
            sorted(scope.document_ids),
        ]
    if kind == "message":
        return chat_adapter.prompt_message_conditions(
            thread_id=scope.thread_id, before_seq=scope.before_seq
        )
    raise ValueError(f"unknown kind {kind!r}")
