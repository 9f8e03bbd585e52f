"""Hybrid retrieval for context assembly: vector similarity plus PostgreSQL full-text search
over memories, summaries and archived messages, fused by reciprocal rank fusion, weighed,
de-duplicated and packed into a token budget.

``hybrid_search`` is the entry point; ``memories.context.retrieve`` delegates to it. This
module is the package's public interface (the benchmarks also use the scope, the candidates
and the configuration through it). Rows of chat's tables are read through
``memories.chat_adapter`` only; vectors through ``memories.index``."""

from __future__ import annotations

from memories.retrieval.candidates import Candidate, load_candidates, load_messages
from memories.retrieval.config import RetrievalConfig, load_config
from memories.retrieval.scope import (
    Scope,
    check_text_search_config,
    memories_in_scope,
    messages_in_scope,
    scope_for_thread,
    scope_of_turn,
    summaries_in_scope,
)
from memories.retrieval.search import (
    clear_query_embedding_cache,
    hybrid_search,
    rank_candidates,
    start_query_embedding,
)

__all__ = [
    "Candidate",
    "RetrievalConfig",
    "Scope",
    "check_text_search_config",
    "clear_query_embedding_cache",
    "hybrid_search",
    "load_candidates",
    "load_config",
    "load_messages",
    "memories_in_scope",
    "messages_in_scope",
    "rank_candidates",
    "scope_for_thread",
    "scope_of_turn",
    "start_query_embedding",
    "summaries_in_scope",
]
