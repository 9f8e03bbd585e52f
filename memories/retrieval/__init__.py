"""Hybrid retrieval for context assembly: vector similarity plus PostgreSQL full-text search
over memories, summaries and archived messages, fused by reciprocal rank fusion, weighed,
de-duplicated and packed into a token budget.

``hybrid_search`` is the entry point; ``memories.context.retrieve`` delegates to it. Rows of
chat's tables are read through ``memories.chat_adapter`` only."""

from __future__ import annotations

from memories.retrieval.config import RetrievalConfig, load_config
from memories.retrieval.search import hybrid_search

__all__ = ["RetrievalConfig", "hybrid_search", "load_config"]
