"""Test doubles for retrieval, injected through settings."""

from __future__ import annotations

from memories.index.stores.pgvector import PgVectorStore


class UnreachableQueryStore(PgVectorStore):
    """pgvector that stores as usual but fails every query, as a store that went away."""

    def query(self, *args, **kwargs):
        raise ConnectionError("vector store unreachable")
