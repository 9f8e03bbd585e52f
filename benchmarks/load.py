"""Many concurrent WebSocket chats against a real ASGI server (``manage.py bench_load``).

A daphne subprocess serves the project on a loopback port, with a scripted chat model that
streams a fixed reply in fixed pieces with a fixed delay before each (``load_settings``).
Each client owns one thread (with some history, so context assembly and retrieval have work
to do), connects with its API token, sends its messages one after another and waits for each
reply to end. Time to first token is measured from sending to the first ``reply.delta``;
the *added* time subtracts the scripted model's own delay before its first piece, leaving
what the server adds: the write, the context assembly, retrieval, the channel layer.
Afterwards every message and reply is checked in the database.

Everything is bounded: loopback only, a fixed number of clients and messages, and a timeout
for each reply and for the whole round."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from characters.models import Character
from chat.models import ContextReceipt, Message, Thread
from drawhisper.tokens import count_tokens

REPLY = (
    'The lighthouse keeper smiled and set the kettle on. "You came back," she said, '
    '"and the storm came with you. Sit by the stove and tell me what the sea showed you."'
)
HISTORY_TURNS = 20


@dataclass
class ClientResult:
    thread_id: int
    ttft: list[float] = field(default_factory=list)
    total: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    without_delta: int = 0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    conf = connection.settings_dict
    auth = conf["USER"] + (f":{conf['PASSWORD']}" if conf.get("PASSWORD") else "")
    return f"postgres://{auth}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{conf['NAME']}"


def redis_url(database: int) -> str:
    parts = urlsplit(settings.REDIS_URL)
    return urlunsplit(parts._replace(path=f"/{database}"))


class Server:
    """``daphne`` on a loopback port, in its own process group; stopped on exit."""

    def __init__(self, *, env: dict[str, str], port: int) -> None:
        self.port = port
        self.env = env
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "drawhisper.asgi:application",
            ],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"daphne exited: {self.process.stderr.read().decode()[-2000:]}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.2)
        self.__exit__(None, None, None)
        raise RuntimeError("daphne did not start within 60 s")

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def server_env(*, delay: float, chunk_chars: int, redis_database: int) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.load_settings",
        DATABASE_URL=database_url(),
        REDIS_URL=redis_url(redis_database),
        BENCH_LOAD_REPLY=REPLY,
        BENCH_LOAD_CHUNK_CHARS=str(chunk_chars),
        BENCH_LOAD_DELAY=str(delay),
        CELERY_TASK_ALWAYS_EAGER="false",
        LOG_LEVEL="WARNING",
    )
    return env


def create_chats(count: int, *, round_name: str) -> list[tuple[int, str]]:
    """``count`` users, each with a character and a thread holding some history; returns
    ``(thread id, API token)`` pairs."""
    from drawhisper.accounts.services import token_for_user

    chats = []
    users = get_user_model()
    for index in range(count):
        user = users.objects.create_user(
            username=f"load-{round_name}-{index}-{uuid.uuid4().hex[:6]}"
        )
        character = Character.objects.create(owner=user, name="Mara", personality="Warm, curious.")
        thread = Thread.objects.create(owner=user, character=character, title="Load test")
        Message.objects.bulk_create(
            [
                Message(
                    thread=thread,
                    seq=seq,
                    role="user" if seq % 2 else "assistant",
                    content=f"Earlier line {seq}: we talked about the harbour, the storm and the lamp.",
                    token_count=count_tokens(
                        "Earlier line 10: we talked about the harbour, the storm and the lamp."
                    ),
                )
                for seq in range(1, HISTORY_TURNS + 1)
            ]
        )
        chats.append((thread.pk, token_for_user(user=user)))
    return chats


class StartLine:
    """Clients report in once connected (or failed); all send when everyone has."""

    def __init__(self, clients: int) -> None:
        self.waiting = clients
        self.everyone_in = asyncio.Event()
        self.go = asyncio.Event()

    def report_in(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0:
            self.everyone_in.set()


async def run_client(
    *, port: int, thread_id: int, token: str, messages: int, reply_timeout: float, line: StartLine
) -> ClientResult:
    from websockets.asyncio.client import connect

    result = ClientResult(thread_id=thread_id)
    url = f"ws://127.0.0.1:{port}/ws/threads/{thread_id}/?token={token}"
    reported = False
    try:
        async with connect(
            url, origin=f"http://127.0.0.1:{port}", open_timeout=60, proxy=None, max_queue=None
        ) as socket_:
            line.report_in()
            reported = True
            await line.go.wait()
            for index in range(messages):
                sent = time.perf_counter()
                await socket_.send(
                    json.dumps(
                        {
                            "type": "message.send",
                            "content": f"Message {index}: tell me about the storm and the lamp.",
                            "client_id": str(uuid.uuid4()),
                        }
                    )
                )
                first = None
                while True:
                    event = json.loads(await asyncio.wait_for(socket_.recv(), reply_timeout))
                    if event.get("type") == "reply.delta" and first is None:
                        first = time.perf_counter()
                    elif event.get("type") == "reply.end":
                        ended = time.perf_counter()
                        if first is None:  # the whole text came with the end
                            result.without_delta += 1
                            first = ended
                        result.ttft.append(first - sent)
                        result.total.append(ended - sent)
                        break
                    elif event.get("type") == "error":
                        result.errors.append(str(event.get("code")))
                        break
    except Exception as error:  # a refused or dropped connection is a result, not a crash
        result.errors.append(f"{type(error).__name__}: {error}")
    finally:
        if not reported:
            line.report_in()
    return result


async def run_round(
    chats: Sequence[tuple[int, str]],
    *,
    ports: Sequence[int],
    messages: int,
    reply_timeout: float,
    round_timeout: float,
) -> list[ClientResult]:
    """Connect every client (spread over the servers' ports), then let them all send at
    once; bounded by ``round_timeout``."""
    line = StartLine(len(chats))
    tasks = [
        asyncio.create_task(
            run_client(
                port=ports[index % len(ports)],
                thread_id=thread_id,
                token=token,
                messages=messages,
                reply_timeout=reply_timeout,
                line=line,
            )
        )
        for index, (thread_id, token) in enumerate(chats)
    ]
    try:
        await asyncio.wait_for(line.everyone_in.wait(), timeout=90)
    except TimeoutError:
        pass  # go with whoever made it
    line.go.set()
    done, pending = await asyncio.wait(tasks, timeout=round_timeout)
    for task in pending:
        task.cancel()
    return [task.result() for task in done if not task.cancelled()]


def verify(chats: Sequence[tuple[int, str]], *, messages: int) -> dict:
    """Every message and every reply stored, replies complete and whole, with receipts."""
    thread_ids = [thread_id for thread_id, _ in chats]
    sent = Message.objects.filter(
        thread_id__in=thread_ids, seq__gt=HISTORY_TURNS, role="user"
    ).count()
    replies = Message.objects.filter(
        thread_id__in=thread_ids, seq__gt=HISTORY_TURNS, role="assistant"
    )
    complete = replies.filter(status="complete", content=REPLY).count()
    receipts = ContextReceipt.objects.filter(message__in=replies).count()
    expected = len(chats) * messages
    return {
        "expected": expected,
        "user_messages_stored": sent,
        "replies_stored": replies.count(),
        "replies_complete": complete,
        "receipts": receipts,
        "all_stored": sent == expected and complete == expected and receipts == expected,
    }
