"""Reads of memories: scoped lists, search by meaning and by words, and the scope rules of
which memory may appear in which thread's context.

Invariants:
- Every read is scoped to one owner: an object of another user is never returned, so views
  turn ``DoesNotExist`` into 404.
- The thread scope rule lives here and only here (``memories_retrievable_in_thread``): a
  memory reaches a thread's context when it is pinned there, shared, or made in that thread,
  and the user has not dismissed it there. Pinned wins over dismissed.

The package's modules, this one its public face (the memory app's read interface for other
apps: every name is imported from here): ``lists`` (one memory, the filtered and searched
list, counts, the export's memories, the user's chats), ``search`` (by meaning and by words,
fused), ``thread_scope`` (pinned, shared and retrievable memories of a thread, and the
dismissed ones) and ``turn_rows`` (the rolling summary, and a chat turn's profile and summary
rows in one statement).
"""

from memories.selectors.lists import (
    MemoryFilters,
    memories_for_export,
    memory_count,
    memory_get,
    memory_list,
    thread_get,
    threads_for_user,
)
from memories.selectors.search import RRF_K, SEARCH_MIN_VECTOR_SCORE, memory_search_scores
from memories.selectors.thread_scope import (
    _PINNED_OR_SHARED as _PINNED_OR_SHARED,  # the compiled read the turn query tests inspect
)
from memories.selectors.thread_scope import (
    BoardStamp,
    board_stamp_of_thread,
    memories_pinned_or_shared_in_thread,
    memories_pinned_to_thread,
    memories_retrievable_in_thread,
    memories_shared_with_thread,
    memory_ids_dismissed_in_thread,
)
from memories.selectors.turn_rows import (
    PROFILE_COLUMNS,
    SUMMARY_COLUMNS,
    TurnMemoryRows,
    profile_and_rolling_summary,
    rolling_summaries_of_thread,
    rolling_summary_for_thread,
)

__all__ = [
    "MemoryFilters",
    "memory_get",
    "thread_get",
    "memory_count",
    "memory_list",
    "memories_for_export",
    "threads_for_user",
    "SEARCH_MIN_VECTOR_SCORE",
    "RRF_K",
    "memory_search_scores",
    "BoardStamp",
    "board_stamp_of_thread",
    "memories_pinned_to_thread",
    "memories_shared_with_thread",
    "memories_pinned_or_shared_in_thread",
    "memories_retrievable_in_thread",
    "memory_ids_dismissed_in_thread",
    "rolling_summary_for_thread",
    "rolling_summaries_of_thread",
    "SUMMARY_COLUMNS",
    "PROFILE_COLUMNS",
    "TurnMemoryRows",
    "profile_and_rolling_summary",
]
