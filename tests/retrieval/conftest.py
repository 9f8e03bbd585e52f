from __future__ import annotations

import pytest

from drawhisper.providers.registry import reset_backends
from tests.retrieval.fakes import InMemoryVectorStore


@pytest.fixture(autouse=True)
def in_memory_vectors(settings):
    settings.VECTOR_STORES = {
        "default": {"BACKEND": "tests.retrieval.fakes.InMemoryVectorStore", "OPTIONS": {}}
    }
    InMemoryVectorStore.reset()
    reset_backends()
    yield InMemoryVectorStore
    InMemoryVectorStore.reset()
    reset_backends()
