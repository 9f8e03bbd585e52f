"""Many concurrent WebSocket chats against a real ASGI server (``manage.py bench_load``).

An ASGI server subprocess (daphne or uvicorn, as ``make run`` runs it: ``Server``) serves the
project on a loopback port (``load_asgi``); its chat model is the real OpenAI adapter talking
to the fake OpenAI-compatible streaming server (``benchmarks.openai_server``, its own
process) that streams a fixed reply in fixed pieces with a fixed delay between them, keeping
its connections alive between answers as real providers do. A second
server of the same kind serves the floor (``floor``): a bare consumer streaming the same
reply through the same adapter, with no database.
Each client owns one thread (with some history, so context assembly and retrieval have work
to do), connects with its API token, sends its messages one after another and waits for each
reply to end. Time to first token is measured from sending to the first ``reply.delta``
(the fake model sends its first piece at once, so all of it is added by the servers). A reply
that does not end within the reply timeout, or is cut off by the round timeout, is a failure
and counts as the timeout in the percentiles; its client still waits for it to end before
sending its next message. Afterwards every message and reply is checked in the database.

Everything is bounded: loopback only, a fixed number of clients and messages, and a timeout
for each reply and for the whole round."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import override_settings

from benchmarks.loader import NO_MEMORY_JOB
from drawhisper.runner import WEB_SERVER, web_server_argv

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
    timed_out: int = 0

    def time_out(self, timeout: float, count: int = 1) -> None:
        """``count`` replies that never ended: failures, timed at ``timeout``."""
        self.timed_out += count
        self.ttft += [timeout] * count
        self.total += [timeout] * count


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


class FakeModel:
    """The fake OpenAI-compatible streaming server as a process of its own; ``base_url``."""

    def __init__(self, *, reply: str, chunk_chars: int, delay: float) -> None:
        self.command = [
            sys.executable,
            "-m",
            "benchmarks.openai_server",
            "--port",
            "0",
            "--default-reply",
            reply,
            "--chunk-size",
            str(chunk_chars),
            "--delay",
            str(delay),
            # As real providers do: the adapter's pooled client (one per process, for ours and
            # the floor alike) sends each reply's request over an open connection.
            "--keep-alive",
        ]
        self.process: subprocess.Popen | None = None
        self.base_url = ""

    def __enter__(self) -> FakeModel:
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.PIPE, text=True, start_new_session=True
        )
        line = self.process.stdout.readline()
        if not line.startswith("READY "):
            self.__exit__(None, None, None)
            raise RuntimeError(f"the fake model server did not start: {line!r}")
        self.base_url = line.split()[1]
        return self

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def server_stats(port: int) -> dict:
    """CPU seconds and SQL statements of the server process on ``port`` so far."""
    from urllib.request import urlopen

    with urlopen(f"http://127.0.0.1:{port}/__bench_stats__", timeout=30) as response:  # noqa: S310
        return json.loads(response.read())


class Server:
    """The ASGI server ``server`` (``drawhisper.runner.web_server_argv``: daphne or uvicorn,
    as ``make run`` runs it) on a loopback port, in its own process group; stopped on exit."""

    def __init__(
        self,
        *,
        env: dict[str, str],
        port: int,
        app: str = "benchmarks.load_asgi:application",
        server: str = WEB_SERVER,
    ) -> None:
        self.port = port
        self.env = env
        self.app = app
        self.server = server
        self.process: subprocess.Popen | None = None
        self.log = tempfile.TemporaryFile()

    def __enter__(self) -> Server:
        self.process = subprocess.Popen(
            web_server_argv(port=self.port, app=self.app, server=self.server),
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,  # a file: a pipe nobody reads fills up and stalls the server
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"{self.server} exited: {self.log.read().decode()[-2000:]}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.2)
        self.__exit__(None, None, None)
        raise RuntimeError(f"{self.server} did not start within 60 s")

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if os.environ.get("BENCH_SERVER_LOGS"):  # a folder to keep the servers' logs in
            self.log.seek(0)
            folder = os.environ["BENCH_SERVER_LOGS"]
            with open(os.path.join(folder, f"{self.server}-{self.port}.log"), "wb") as kept:
                kept.write(self.log.read())


def server_env(*, model_url: str, redis_database: int) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.load_settings",
        DATABASE_URL=database_url(),
        REDIS_URL=redis_url(redis_database),
        LLM_PROVIDER="openai",
        OPENAI_API_KEY="bench-load",
        OPENAI_BASE_URL=model_url,
        CHAT_MODEL="bench-load",
        CELERY_TASK_ALWAYS_EAGER="false",
        LOG_LEVEL="WARNING",
    )
    return env


def create_chats(
    count: int, *, round_name: str, connection_url: str | None = None
) -> list[tuple[int, str]]:
    """``count`` users, each with a character and a thread holding some history; returns
    ``(thread id, API token)`` pairs. With ``connection_url``, each user also has a connection
    of their own to that server (their default, so their replies go through it)."""
    from characters.services import character_create
    from chat.transfer import thread_import_sillytavern
    from drawhisper.accounts.connections import connection_create
    from drawhisper.accounts.services import token_for_user

    history = "\n".join(
        json.dumps(
            {
                "is_user": bool(seq % 2),
                "mes": f"Earlier line {seq}: we talked about the harbour, the storm and the lamp.",
            }
        )
        for seq in range(1, HISTORY_TURNS + 1)
    )
    chats = []
    users = get_user_model()
    for index in range(count):
        user = users.objects.create_user(
            username=f"load-{round_name}-{index}-{uuid.uuid4().hex[:6]}"
        )
        character = character_create(owner=user, name="Mara", personality="Warm, curious.")
        if connection_url:
            connection_create(
                owner=user,
                name="Bench model server",
                base_url=connection_url,
                api_key="bench-load",
                default_model="bench-load",
            )
        with override_settings(MEMORY_TRIGGER_TOKENS=NO_MEMORY_JOB):
            thread = thread_import_sillytavern(
                user=user, character_id=character.pk, data=history, title="Load test"
            ).thread
        chats.append((thread.pk, token_for_user(user=user)))
    return chats


# Handshakes in flight at once while the clients connect (``--handshakes``). daphne rejects
# (403) a handshake the application has not answered within its connect timeout (5 s);
# uvicorn has no such timeout. The measured burst is the messages, sent by everyone at once
# after all are connected, not the connections.
CONCURRENT_HANDSHAKES = 10


class StartLine:
    """Clients report in once connected (or failed); all send when everyone has."""

    def __init__(self, clients: int, *, handshakes: int = CONCURRENT_HANDSHAKES) -> None:
        self.waiting = clients
        self.everyone_in = asyncio.Event()
        self.go = asyncio.Event()
        self.handshakes = asyncio.Semaphore(handshakes)

    def report_in(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0:
            self.everyone_in.set()


async def run_client(
    *,
    port: int,
    result: ClientResult,
    token: str,
    messages: int,
    reply_timeout: float,
    line: StartLine,
) -> ClientResult:
    from websockets.asyncio.client import connect

    thread_id = result.thread_id
    url = f"ws://127.0.0.1:{port}/ws/threads/{thread_id}/?token={token}"
    reported = False
    try:
        async with line.handshakes:
            opened = await connect(
                url, origin=f"http://127.0.0.1:{port}", open_timeout=60, proxy=None, max_queue=None
            )
        async with opened as socket_:
            line.report_in()
            reported = True
            await line.go.wait()
            for index in range(messages):
                sent = time.perf_counter()
                await socket_.send(
                    json.dumps(
                        {
                            "type": "message.send",
                            "content": f"Message {index} in chat {thread_id}: tell me about the storm and the lamp.",
                            "client_id": str(uuid.uuid4()),
                        }
                    )
                )
                first = None
                deadline = sent + reply_timeout
                while True:
                    left = deadline - time.perf_counter()
                    try:
                        event = json.loads(await asyncio.wait_for(socket_.recv(), max(left, 0)))
                    except TimeoutError:
                        result.time_out(reply_timeout)
                        result.errors.append("timeout")
                        # A failure, timed at the timeout; but wait for the reply all the same
                        # before sending the next message (as a person would), so every message
                        # is sent and the storage check sees what the server did with it. The
                        # round timeout bounds the wait.
                        await _until_reply_ends(socket_)
                        break
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


async def _until_reply_ends(socket_) -> None:
    while True:
        event = json.loads(await socket_.recv())
        if event.get("type") in ("reply.end", "error"):
            return


async def run_round(
    chats: Sequence[tuple[int, str]],
    *,
    ports: Sequence[int],
    messages: int,
    reply_timeout: float,
    round_timeout: float,
    handshakes: int = CONCURRENT_HANDSHAKES,
) -> list[ClientResult]:
    """Connect every client (spread over the servers' ports, at most ``handshakes`` at a
    time), then let them all send at once; bounded by ``round_timeout``."""
    line = StartLine(len(chats), handshakes=handshakes)
    results = [ClientResult(thread_id=thread_id) for thread_id, _ in chats]
    tasks = [
        asyncio.create_task(
            run_client(
                port=ports[index % len(ports)],
                result=results[index],
                token=token,
                messages=messages,
                reply_timeout=reply_timeout,
                line=line,
            )
        )
        for index, (thread_id, token) in enumerate(chats)
    ]
    try:
        await asyncio.wait_for(line.everyone_in.wait(), timeout=300)
    except TimeoutError:
        pass  # go with whoever made it
    line.go.set()
    done, pending = await asyncio.wait(tasks, timeout=round_timeout)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for result in results:  # replies the round cut off, or never sent: failures at the timeout
        missing = messages - len(result.ttft)
        if missing > 0:
            result.time_out(reply_timeout, missing)
            result.errors.append(f"{missing} repl(ies) not finished")
    return results


def verify(chats: Sequence[tuple[int, str]], *, messages: int) -> dict:
    """Every message and every reply stored, replies complete and whole, with receipts."""
    from chat.selectors import visible_messages

    sent = complete = receipts = stored = 0
    for thread_id, _ in chats:
        new = visible_messages(thread_id=thread_id).filter(seq__gt=HISTORY_TURNS)
        replies = new.filter(role="assistant")
        sent += new.filter(role="user").count()
        stored += replies.count()
        complete += replies.filter(status="complete", content=REPLY).count()
        receipts += replies.filter(receipt__isnull=False).count()
    expected = len(chats) * messages
    return {
        "expected": expected,
        "user_messages_stored": sent,
        "replies_stored": stored,
        "replies_complete": complete,
        "receipts": receipts,
        "all_stored": sent == expected and complete == expected and receipts == expected,
    }
