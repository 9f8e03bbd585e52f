"""Vector stores: the port, the pgvector and S3 Vectors adapters, selected by ``VECTOR_STORE``."""

from __future__ import annotations

from memories.index.stores.base import VectorFilter, VectorHit, VectorRecord, VectorStore


def get_vector_store(alias: str = "default") -> VectorStore:
    from drawhisper.providers.registry import get_cached

    return get_cached("VECTOR_STORES", alias)


__all__ = ["VectorFilter", "VectorHit", "VectorRecord", "VectorStore", "get_vector_store"]
