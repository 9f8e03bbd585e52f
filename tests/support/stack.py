"""The app's processes for integration tests: a Celery worker and (optionally) daphne, on the
test database and a Redis database of the suite's own, as in production.

    env = stack_env(redis_url=url, LLM_PROVIDER="offline")
    with running_stack(env=env, log_dir=tmp_path, name="import-test") as stack:
        ...  # stack.port, stack.worker, stack.web

Everything is stopped (whole process groups) when the block ends, the Redis database is
emptied before and after, and the block fails if a child outlives it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import redis

from tests.support import processes

# Provider settings a test that wants the built-in defaults must not inherit.
PROVIDER_PREFIXES = ("OPENAI_", "DEEPSEEK_", "LLM_", "EMBEDDING_", "MEMORY_")


@dataclass
class Stack:
    port: int | None
    worker: processes.Child
    web: processes.Child | None

    def __getitem__(self, key: str):  # the fixtures' old dict shape
        return getattr(self, key)


def stack_env(*, redis_url: str, defaults_only: bool = False, **overrides: str) -> dict[str, str]:
    """This process's environment for the children, pointed at the test database and
    ``redis_url``. ``defaults_only`` drops every provider and memory setting first, so the
    children run with the built-in defaults (offline model, local embeddings)."""
    from django.db import connection

    env = {
        key: value
        for key, value in os.environ.items()
        if not (defaults_only and (key.startswith(PROVIDER_PREFIXES) or key == "CHAT_MODEL"))
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the servers must keep Django's async checks
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "drawhisper.settings",
            "DATABASE_URL": processes.database_url(connection.settings_dict),
            "REDIS_URL": redis_url,
            "VECTOR_STORE": "pgvector",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "CONN_MAX_AGE": "0",
            "PYTHONUNBUFFERED": "1",
            "NO_PROXY": "127.0.0.1,localhost",
        }
    )
    env.update(overrides)
    return env


@contextlib.contextmanager
def running_stack(
    *,
    env: dict[str, str],
    log_dir: Path,
    name: str,
    web: bool = True,
    web_timeout: float = 90,
    worker_timeout: float = 120,
) -> Iterator[Stack]:
    redis_url = env["REDIS_URL"]
    redis.Redis.from_url(redis_url).flushdb()
    children: list[processes.Child] = []
    try:
        worker = processes.start(
            "worker",
            processes.celery_worker_argv(f"{name}-{os.getpid()}@%h"),
            env=env,
            log_dir=log_dir,
        )
        children.append(worker)
        port = web_process = None
        if web:
            port = processes.free_port()
            web_process = processes.start(
                "daphne", processes.daphne_argv(port), env=env, log_dir=log_dir
            )
            children.append(web_process)
            web_process.wait_for_port(port, timeout=web_timeout)
        worker.wait_for_log("ready.", timeout=worker_timeout)
        yield Stack(port=port, worker=worker, web=web_process)
    finally:
        for child in reversed(children):
            child.stop()
        for child in children:
            assert not child.alive(), f"{child.name} is still running"
        redis.Redis.from_url(redis_url).flushdb()
