"""Test doubles for retrieval, injected through settings."""

from __future__ import annotations

from typing import ClassVar

from drawhisper.providers.embeddings.fake import FakeEmbedder
from memories.index.stores.pgvector import PgVectorStore


class UnreachableQueryStore(PgVectorStore):
    """pgvector that stores as usual but fails every query, as a store that went away."""

    def query(self, *args, **kwargs):
        raise ConnectionError("vector store unreachable")

    def query_many(self, *args, **kwargs):
        raise ConnectionError("vector store unreachable")


class CountingEmbedder(FakeEmbedder):
    """The fake embedder, counting the query embeddings it computes."""

    queries: ClassVar[list[str]] = []
    queries_batch_as_documents = False  # each query through embed_query, so it is counted

    def embed_query(self, text: str) -> list[float]:
        CountingEmbedder.queries.append(text)
        return super().embed_query(text)
