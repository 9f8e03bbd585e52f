"""What chat context assembly needs from the memory app, as frozen dataclasses.

Chat imports only this module. Every function is scoped to the thread's owner and character.

- ``pinned_memories(thread_id)``: active memories pinned to this thread (always in context),
  oldest pin first.
- ``shared_memories(thread_id)``: active memories shared across the user's chats with this
  character (threads of any scene of it included), minus those pinned here and those the
  user dismissed here; oldest first, so the prompt prefix stays stable.
- ``retrieve(thread_id, query, budget_tokens, exclude_memory_ids, before_seq)``: memories,
  summaries and archived messages found for ``query`` (hybrid search), best first, within the
  budget; archived messages only with ``seq < before_seq`` (older than the recent window).
- ``pinned_and_shared_memories(thread_id, owner_id, character_id, stamp)``: both of the
  above in one read, for a caller that knows the thread's owner and character (a chat
  turn). With ``stamp``, the thread's board stamp read just before as a column of the
  caller's own query (``board_stamp_of_thread``: the row versions of every memory, pin and
  dismissal the two lists come from), the lists of the same stamp are kept per process
  between turns, and a NULL stamp needs no read at all; any write by any path gives a new
  stamp, so a stale memory never reaches a prompt.
- ``rolling_summary(thread_id)``: the newest summary of the thread, or None.
- ``profile_and_summary(owner_id, character_id, thread_id, user_name, character_name,
  name_chosen)``: ``profile_prompt`` and ``rolling_summary`` in one query, for a chat turn,
  with the name the turn calls the user by: ``user_name`` when the user chose it (a
  persona), else the profile's name when it has one ("call me Alex", or the user's edit),
  else ``user_name`` (the account's); with ``query`` (the turn's retrieval query) the same
  statement reads retrieval's scope of the thread (``ProfileAndSummary.retrieval``), which
  ``retrieve(read_scope=...)`` then uses instead of reading it again.
- ``documents_for_chat(owner_id, character_id, scene_id, lorebook_ids)``: the lore documents
  a chat with that character (and scene, and those lorebooks) searches, with their status,
  passages and tokens (for the scene editor's preview; none of it is always in a prompt).
- ``profile_prompt(owner_id, character_id, user_name, character_name)``: the profile of the
  user as this character knows them, as its system-message section ("" when there is none
  yet), under the chat's name for the user unless the user wrote their own; one query.

Scope rule for memories (``memories.selectors.memories_retrievable_in_thread`` states it as
one queryset; ``memories.retrieval.scope`` applies it to search hits, the thread's dismissed
memories included):
- a memory pinned to a thread is in that thread's pinned layer;
- a shared memory is in the shared layer of every thread with the same owner and character;
- a memory that is neither is retrievable only in its own origin thread (``origin_thread``),
  and never in another thread, however well it matches the query;
- a memory the user dismissed in a thread (``MemoryDismissal``) stays out of that thread's
  shared and retrieved layers; pinning it there again lifts the dismissal;
- only ``status == "active"`` memories reach any layer.

Memory items read ``"[type] title: content"`` (``memories.texts``); ``tokens`` counts that
text. The items are :class:`~memories.contracts.ContextItem`, re-exported here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from drawhisper.tokens import count_tokens
from memories.contracts import ContextItem, Kind
from memories.texts import memory_shown_title, memory_text

__all__ = [
    "READ_STAMP",
    "ContextItem",
    "DocumentView",
    "ProfileAndSummary",
    "RetrievalScope",
    "Kind",
    "board_stamp_of_thread",
    "documents_for_chat",
    "memory_item",
    "memory_text",
    "pinned_and_shared_memories",
    "pinned_memories",
    "profile_prompt",
    "retrieve",
    "rolling_summary",
    "shared_memories",
]


def memory_item(memory, *, score: float | None = None) -> ContextItem:
    text = memory_text(memory)
    return ContextItem(
        kind="memory",
        id=memory.pk,
        text=text,
        tokens=count_tokens(text),
        score=score,
        title=memory_shown_title(title=memory.title, content=memory.content),
        type=memory.type,
        start_seq=memory.source_start_seq,
        end_seq=memory.source_end_seq,
    )


def pinned_memories(*, thread_id: int) -> list[ContextItem]:
    from memories.selectors import memories_pinned_to_thread

    return [memory_item(memory) for memory in memories_pinned_to_thread(thread_id=thread_id)]


def shared_memories(*, thread_id: int) -> list[ContextItem]:
    from memories.selectors import memories_shared_with_thread

    return [memory_item(memory) for memory in memories_shared_with_thread(thread_id=thread_id)]


def board_stamp_of_thread(prefix: str = ""):
    """The thread's board stamp as a column of a query over threads (``"thread__"`` from a
    message), for ``pinned_and_shared_memories(stamp=...)``."""
    from memories.selectors import board_stamp_of_thread as stamp_of

    return stamp_of(prefix)


#: ``pinned_and_shared_memories(stamp=...)`` not given: read, not kept.
READ_STAMP: object = object()
#: Threads whose pinned and shared memories are kept per process, least recently used
#: dropped first.
BOARD_CACHE_SIZE = 256
_board_cache: OrderedDict[tuple, tuple[tuple[ContextItem, ...], tuple[ContextItem, ...]]] = (
    OrderedDict()
)
_board_lock = threading.Lock()


def pinned_and_shared_memories(
    *, thread_id: int, owner_id: int, character_id: int, stamp: str | None | object = READ_STAMP
) -> tuple[list[ContextItem], list[ContextItem]]:
    """``(pinned_memories, shared_memories)`` of the thread in one read, for a caller that
    knows the thread's owner and character; with its board ``stamp``, kept between turns."""
    if stamp is None:
        return [], []  # no memory shared or pinned, no pin, no dismissal: nothing to read
    key = (thread_id, owner_id, character_id, stamp)
    if stamp is not READ_STAMP:
        with _board_lock:
            kept = _board_cache.get(key)
            if kept is not None:
                _board_cache.move_to_end(key)
                return list(kept[0]), list(kept[1])
    from memories.selectors import memories_pinned_or_shared_in_thread

    # Read after the stamp: what is read is at least as new as the stamp names, and a write
    # in between changes the stamp the next turn reads, so this entry is never used for it.
    rows = memories_pinned_or_shared_in_thread(
        thread_id=thread_id, owner_id=owner_id, character_id=character_id
    )
    pinned, shared = (tuple(memory_item(memory) for memory in part) for part in rows)
    if stamp is not READ_STAMP:
        with _board_lock:
            _board_cache[key] = (pinned, shared)
            _board_cache.move_to_end(key)
            while len(_board_cache) > BOARD_CACHE_SIZE:
                _board_cache.popitem(last=False)
    return list(pinned), list(shared)


def retrieve(
    *,
    thread_id: int,
    query: str,
    budget_tokens: int,
    exclude_memory_ids: Iterable[int] = (),
    before_seq: int | None = None,
    read_scope: RetrievalScope | None = None,
) -> list[ContextItem]:
    """``read_scope``: the thread's scope read with the turn's profile
    (``profile_and_summary(query=...)``), used when it was read for this ``query``."""
    from memories.retrieval import hybrid_search

    # Retrieval scopes memories to "shared or made in this thread" and leaves out what the
    # user dismissed here (read with the scope), so a dismissal holds in every layer.
    return hybrid_search(
        thread_id=thread_id,
        query=query,
        budget_tokens=budget_tokens,
        exclude_memory_ids=exclude_memory_ids,
        before_seq=before_seq,
        scope=read_scope.scope if read_scope is not None and read_scope.query == query else None,
    )


def rolling_summary(*, thread_id: int) -> ContextItem | None:
    from memories.selectors import rolling_summary_for_thread

    summary = rolling_summary_for_thread(thread_id=thread_id)
    if summary is None:
        return None
    return summary_item(
        summary.pk, summary.text, summary.token_count, summary.start_seq, summary.end_seq
    )


def summary_item(pk: int, text: str, token_count: int, start_seq, end_seq) -> ContextItem:
    return ContextItem(
        kind="summary",
        id=pk,
        text=text,
        tokens=token_count or count_tokens(text),
        start_seq=start_seq,
        end_seq=end_seq,
    )


@dataclass(frozen=True)
class RetrievalScope:
    """Retrieval's scope of a thread, read for ``query`` with a turn's profile and summary;
    ``retrieve(read_scope=...)`` uses it for that query only."""

    query: str
    scope: object = field(repr=False)  # a memories.retrieval.Scope


@dataclass(frozen=True)
class ProfileAndSummary:
    profile: str  # as ``profile_prompt`` gives it
    summary: ContextItem | None  # as ``rolling_summary`` gives it
    retrieval: RetrievalScope | None = None  # when asked with a ``query``
    user_name: str = ""  # the name the turn calls the user by (see ``profile_and_summary``)


def profile_and_summary(
    *,
    owner_id: int,
    character_id: int,
    thread_id: int,
    user_name: str,
    character_name: str,
    name_chosen: bool = True,
    query: str | None = None,
    scope_user_name: str = "",
    scope_character_name: str = "",
) -> ProfileAndSummary:
    """``profile_prompt`` and ``rolling_summary`` of a chat turn in one query. With a
    ``query``, retrieval's scope of the thread too (``scope_user_name`` and
    ``scope_character_name``: how archived messages name the speakers, as
    ``memories.retrieval.scope_for_thread`` would read them), and the query's embedding
    is started on retrieval's embedding threads, to be picked up by the turn's retrieval.

    ``user_name`` is the chat's name for the user; ``name_chosen`` says the user picked it
    (a persona). When they did not (it is the account's name), a name the profile holds
    wins: the one the user asked to be called in the chat ("call me Alex") or wrote in the
    profile, as a person would be called by the name they asked for."""
    from memories import chat_adapter
    from memories.profile.store import profile_view_of
    from memories.retrieval import (
        check_text_search_config,
        load_config,
        scope_of_turn,
        start_query_embedding,
    )
    from memories.selectors import profile_and_rolling_summary

    scope_sql = None
    if query is not None and query.strip():
        config = load_config()
        # The turn's retrieval asks for this query's vector later: start embedding it now,
        # so the model works while this read, the lore and the recent window are assembled.
        start_query_embedding(query, config)
        check_text_search_config(config.text_search_config)
        scope_sql = chat_adapter.thread_scope_columns_sql(
            thread_id=thread_id,
            query=query if config.lexical_weight > 0 else None,
            text_search_config=config.text_search_config,
        )
    rows = profile_and_rolling_summary(
        owner_id=owner_id, character_id=character_id, thread_id=thread_id, scope_sql=scope_sql
    )
    view = profile_view_of(rows.profile, character_id=character_id)
    if not name_chosen and view.data.get("name"):
        user_name = view.data["name"]
    retrieval = None
    if rows.scope is not None and rows.scope[0] is not None:
        retrieval = RetrievalScope(
            query=query or "",
            scope=scope_of_turn(
                thread_id=thread_id,
                owner_id=owner_id,
                character_id=character_id,
                user_name=scope_user_name,
                character_name=scope_character_name,
                row=rows.scope,
            ),
        )
    return ProfileAndSummary(
        profile=view.text(user_name=user_name, character_name=character_name),
        summary=summary_item(*rows.summary) if rows.summary is not None else None,
        retrieval=retrieval,
        user_name=user_name,
    )


def profile_prompt(*, owner_id: int, character_id: int, user_name: str, character_name: str) -> str:
    from memories.profile import profile_view

    view = profile_view(owner_id=owner_id, character_id=character_id)
    return view.text(user_name=user_name, character_name=character_name)


def profile_name(*, owner_id: int, character_id: int) -> str:
    """The name this character's profile of the user holds (one they asked to be called or
    wrote in the profile), or "" when it holds none."""
    from memories.profile import profile_view

    return profile_view(owner_id=owner_id, character_id=character_id).data.get("name") or ""


@dataclass(frozen=True)
class DocumentView:
    id: int
    name: str
    status: str  # queued | indexing | ready | failed
    passages: int
    tokens: int  # of all its passages (a turn retrieves some of them)
    content_type: str = ""
    size: int = 0
    checksum: str = ""  # SHA-256 of the original


def documents_for_chat(
    *,
    owner_id: int,
    character_id: int,
    scene_id: int | None,
    lorebook_ids: Sequence[int] = (),
) -> list[DocumentView]:
    from django.db.models import Q, Sum

    from memories.models import LoreDocument

    where = Q(character_id=character_id)
    if scene_id is not None:
        where |= Q(scene_id=scene_id)
    if lorebook_ids:
        where |= Q(lorebook_id__in=list(lorebook_ids))
    rows = (
        LoreDocument.objects.filter(where, owner_id=owner_id)
        .annotate(passage_tokens=Sum("chunks__token_count"))
        .order_by("name", "id")
    )
    return [
        DocumentView(
            id=row.pk,
            name=row.name,
            status=row.status,
            passages=row.chunks_total,
            tokens=row.passage_tokens or 0,
            content_type=row.content_type,
            size=row.size,
            checksum=row.checksum,
        )
        for row in rows
    ]
