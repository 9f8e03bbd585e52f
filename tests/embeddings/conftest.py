"""The local model loads once per test session (a few seconds on two cores)."""

from __future__ import annotations

import pytest

LOCAL = {"BACKEND": "drawhisper.providers.embeddings.local.LocalEmbedder", "OPTIONS": {}}


@pytest.fixture(scope="session")
def local_embedder():
    from django.conf import settings

    from drawhisper.providers.embeddings.local import LocalEmbedder

    # The ONNX export where the settings keep it (made once per checkout, then reused).
    embedder = LocalEmbedder(
        cache_dir=settings.EMBEDDING_BACKENDS["default"]["OPTIONS"]["cache_dir"]
    )
    embedder.embed_query("warm up")  # load now, once; every LocalEmbedder shares the model
    return embedder


@pytest.fixture
def local_embedding_settings(settings, local_embedder):
    """Configure the local embedder the way production does (through settings)."""
    options = {"cache_dir": str(local_embedder.cache_dir)}
    settings.EMBEDDING_BACKENDS = {"default": {**LOCAL, "OPTIONS": options}}
    return settings
