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
for each reply and for the whole round. The processes (the fake model, the servers, their
stats) are ``benchmarks.load_servers``; this module drives the clients and checks what they
left."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.test.utils import override_settings

# Re-exported: ``bench_load``, ``bench_worker`` and the tests reach the processes through here.
from benchmarks.load_servers import FakeModel as FakeModel
from benchmarks.load_servers import Server as Server
from benchmarks.load_servers import database_url as database_url
from benchmarks.load_servers import free_port as free_port
from benchmarks.load_servers import redis_url as redis_url
from benchmarks.load_servers import server_env as server_env
from benchmarks.load_servers import server_stats as server_stats
from benchmarks.loader import NO_MEMORY_JOB

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
