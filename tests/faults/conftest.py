"""Fault tests: the app runs as real processes (``tests.support.stack``) on a Redis server of
each test's own, and the test kills them (``kill -9``) or stops that Redis. ``llm_server``
and ``pgvector_store`` come from ``tests.support.integration``.

Shared here: a user's chat with a character and the user's API token (``a_chat``); the web
process alone over the fake model server, no memory jobs (``web_stack``); a chat socket
opened as a tab opens it, past its first ``thread.state`` (``open_chat``); and for the
memory-job faults, the model script of a job whose first extraction hangs until its worker
dies (``script_a_job_whose_first_extraction_hangs``), the wait for the job to succeed and
the check that it stored each memory once after the one recorded summary."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from memories.models import Memory, MemoryJob, Summary
from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.support import stack
from tests.support.integration import openai_env
from tests.support.openai_server import request_kind

# Start-up bounds for a loaded 2-core machine (not speed assertions).
TIMEOUTS = {"web_timeout": 120.0, "worker_timeout": 150.0}


@pytest.fixture
def own_redis(tmp_path):
    with stack.redis_server(tmp_path) as server:
        yield server


@dataclass(frozen=True)
class Chat:
    owner: object
    thread: object
    token: str


def a_chat(username: str, character_name: str, **user_fields) -> Chat:
    """A user, their character (no greeting) and a thread with it, and the user's token."""
    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username=username, **user_fields)
    character = CharacterFactory(owner=owner, name=character_name, greeting="")
    thread = ThreadFactory(owner=owner, character=character)
    return Chat(owner=owner, thread=thread, token=token_for_user(user=owner))


@contextlib.contextmanager
def web_stack(
    *, tmp_path: Path, redis_url: str, llm_server, name: str, **env: str
) -> Iterator[stack.Stack]:
    """daphne alone on ``redis_url``, its chat model the fake server; no worker, and a
    threshold no chat reaches, so no memory job runs."""
    env = openai_env(llm_server, **{"MEMORY_TRIGGER_TOKENS": "1000000", **env})
    with stack.running_stack(
        env=stack.stack_env(redis_url=redis_url, **env),
        log_dir=tmp_path,
        name=name,
        workers=0,
        **TIMEOUTS,
    ) as live:
        yield live


@contextlib.contextmanager
def open_chat(live: stack.Stack, chat: Chat) -> Iterator[tuple[object, dict]]:
    """A socket on the chat's thread and the ``thread.state`` it is sent first."""
    with stack.thread_socket(live.port, chat.thread.pk, chat.token, open_timeout=60) as socket:
        yield socket, stack.receive_until(socket, "thread.state", timeout=60)


def model_requests(llm_server, kind: str) -> list[dict]:
    """The fake server's requests of one kind (``complete``, ``json``, ``stream``)."""
    return [r for r in llm_server.requests() if request_kind(r["body"]) == kind]


def script_a_job_whose_first_extraction_hangs(llm_server, *, summary: str, chunks) -> None:
    """The summary, then an extraction that hangs (its worker is killed while it waits), then
    the retry's extraction, which answers."""
    llm_server.push({"text": summary, "match": "complete"})
    llm_server.push({"text": json.dumps({"chunks": chunks}), "match": "json", "delay": 3600})
    llm_server.push({"text": json.dumps({"chunks": chunks}), "match": "json"})


def wait_until_succeeded(job: MemoryJob, *, timeout: float, log: Callable[[], str], message: str):
    """Wait for ``job`` to succeed; a failure fails the test at once with ``log()``."""

    def succeeded() -> bool:
        job.refresh_from_db()
        assert job.status != "failed", f"{job.last_error}\n{log()}"
        return job.status == "succeeded"

    stack.wait_for(succeeded, timeout=timeout, message=f"{message}\n{log()}")


def assert_stored_once_after_the_summary(thread, chunks, *, llm_server, pgvector_store) -> None:
    """Each chunk is one memory with its vector, the summary is recorded once, and the job
    resumed after it: summarised once, extracted twice (the hung call and the retry)."""
    memories = list(Memory.objects.filter(origin_thread=thread).order_by("chunk_index"))
    assert [(m.title, m.type) for m in memories] == [(c["title"], c["type"]) for c in chunks]
    assert Summary.objects.filter(thread=thread, level="recent").count() == 1
    stored = pgvector_store.get([m.vector_id for m in memories])
    assert sorted(record.id for record in stored) == sorted(m.vector_id for m in memories)
    assert len(model_requests(llm_server, "complete")) == 1
    assert len(model_requests(llm_server, "json")) == 2
