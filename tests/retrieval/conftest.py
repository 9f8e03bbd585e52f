from __future__ import annotations

import pytest

from drawhisper.providers.registry import reset_backends

UNREACHABLE = {"BACKEND": "tests.retrieval.fakes.UnreachableQueryStore", "OPTIONS": {}}


@pytest.fixture
def vector_queries_fail(settings):
    """From now on, vector store queries fail (what was indexed stays indexed)."""

    def switch():
        settings.VECTOR_STORES = {"default": UNREACHABLE}
        reset_backends()

    return switch
