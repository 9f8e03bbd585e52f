"""Fault tests: the app runs as real processes (``tests.support.stack``) on a Redis server of
each test's own, and the test kills them (``kill -9``) or stops that Redis. ``llm_server``
and ``pgvector_store`` come from ``tests.support.integration``.

Shared here: a user's chat with a character and the user's API token (``a_chat``); the web
process alone over the fake model server, no memory jobs (``web_stack``); and a chat socket
opened as a tab opens it, past its first ``thread.state`` (``open_chat``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.support import stack
from tests.support.integration import openai_env

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
