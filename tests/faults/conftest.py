"""Fault tests: the app runs as real processes (``tests.support.stack``) on a Redis server of
each test's own, and the test kills them (``kill -9``) or stops that Redis. ``llm_server``
and ``pgvector_store`` come from ``tests.support.integration``."""

from __future__ import annotations

import pytest

from tests.support import stack

# Start-up bounds for a loaded 2-core machine (not speed assertions).
TIMEOUTS = {"web_timeout": 120.0, "worker_timeout": 150.0}


@pytest.fixture
def own_redis(tmp_path):
    with stack.redis_server(tmp_path) as server:
        yield server


def socket_url(live: stack.Stack, thread_id: int, token: str) -> str:
    return f"ws://127.0.0.1:{live.port}/ws/threads/{thread_id}/?token={token}"
