"""Fault tests: the app runs as real processes (``tests.support.stack``) on a Redis server of
each test's own, and the test kills them (``kill -9``) or stops that Redis."""

from __future__ import annotations

import pytest

from tests.support import stack
from tests.support.openai_server import FakeOpenAIServer

# Start-up bounds for a loaded 2-core machine (not speed assertions).
TIMEOUTS = {"web_timeout": 120.0, "worker_timeout": 150.0}


@pytest.fixture
def llm_server():
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
def own_redis(tmp_path):
    with stack.redis_server(tmp_path) as server:
        yield server


@pytest.fixture
def pgvector_store(settings):
    """The store the children write (the project's pgvector), read from the test."""
    import drawhisper.settings as project_settings

    settings.VECTOR_STORES = project_settings.VECTOR_STORES
    from memories.index.stores import get_vector_store

    return get_vector_store()


def openai_env(server: FakeOpenAIServer, **extra: str) -> dict[str, str]:
    return {
        "LLM_PROVIDER": "openai",
        "OPENAI_API_KEY": "test-key",
        "OPENAI_BASE_URL": server.base_url,
        "EMBEDDING_PROVIDER": "fake",
        **extra,
    }


def socket_url(live: stack.Stack, thread_id: int, token: str) -> str:
    return f"ws://127.0.0.1:{live.port}/ws/threads/{thread_id}/?token={token}"
