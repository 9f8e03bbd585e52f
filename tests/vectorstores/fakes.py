"""Test doubles injected through settings: a store whose deletes fail a few times, and an
embedder that gives up part-way (an interrupted reindex)."""

from __future__ import annotations

from drawhisper.providers.base import TransientProviderError
from drawhisper.providers.embeddings.fake import FakeEmbedder
from memories.index.stores.pgvector import PgVectorStore


class FlakyDeleteStore(PgVectorStore):
    """pgvector whose next ``failures`` deletes raise a transient error (class-wide)."""

    failures = 0
    attempts = 0

    def delete(self, ids):
        type(self).attempts += 1
        if type(self).failures > 0:
            type(self).failures -= 1
            raise TransientProviderError("the store is throttling")
        return super().delete(ids)


class InterruptedEmbedder(FakeEmbedder):
    """The fake embedder, failing once ``budget`` texts were embedded (None: never)."""

    budget: int | None = None

    def embed_documents(self, texts):
        cls = type(self)
        if cls.budget is not None:
            if cls.budget < len(texts):
                raise TransientProviderError("the embedding service went away")
            cls.budget -= len(texts)
        return super().embed_documents(texts)
