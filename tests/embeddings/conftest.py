"""The local model loads once per test session (a few seconds on two cores)."""

from __future__ import annotations

import pytest

LOCAL = {"BACKEND": "drawhisper.providers.embeddings.local.LocalEmbedder", "OPTIONS": {}}


@pytest.fixture(scope="session")
def local_embedder():
    from drawhisper.providers.embeddings.local import LocalEmbedder

    embedder = LocalEmbedder()
    embedder.embed_query("warm up")  # load now, once; every LocalEmbedder shares the model
    return embedder


@pytest.fixture
def local_embedding_settings(settings, local_embedder):
    """Configure the local embedder the way production does (through settings)."""
    settings.EMBEDDING_BACKENDS = {"default": LOCAL}
    return settings
