"""Fixtures for the chat tests: an isolated channel layer, threads, and a socket helper.

Consumer tests drive the full ASGI application (origin check, ``?token=`` auth, routing)
through ``channels.testing.WebsocketCommunicator`` on the real Redis channel layer, under a
prefix of their own so parallel runs of other suites never see these events."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from drawhisper.accounts.services import token_for_user
from tests.factories import CharacterFactory, ThreadFactory
from tests.support.openai_server import FakeOpenAIServer

SCRIPTED = "drawhisper.providers.fake.ScriptedChatBackend"
OPENAI_CHAT = "drawhisper.providers.openai_chat.OpenAIChatBackend"
# Each context layer's token budget in the assembly tests.
BUDGETS = {
    "character": 1500,
    "pinned": 600,
    "shared": 600,
    "retrieved": 1000,
    "summary": 600,
    "recent": 3000,
}


@pytest.fixture(autouse=True)
def isolated_channel_layer(settings):
    layers = {**settings.CHANNEL_LAYERS}
    default = dict(layers["default"])
    default["CONFIG"] = {**default["CONFIG"], "prefix": f"test-chat-{uuid.uuid4().hex[:8]}"}
    settings.CHANNEL_LAYERS = {"default": default}
    yield


def use_chat_backend(settings, backend: str = SCRIPTED, **options) -> None:
    """Choose the chat model for a test (through settings, as the app does)."""
    settings.LLM_BACKENDS = {
        **settings.LLM_BACKENDS,
        "chat": {"BACKEND": backend, "OPTIONS": options},
    }


def use_fake_openai_chat(settings, server: FakeOpenAIServer) -> None:
    """Answer the chat from ``server`` through the real OpenAI client."""
    use_chat_backend(
        settings,
        OPENAI_CHAT,
        base_url=server.base_url,
        api_key="test",
        model="fake-chat",
        timeout=5,
    )


@pytest.fixture
def memory_hooks(monkeypatch):
    """What chat told the memory system: ``committed`` thread ids, ``changed`` message ids."""
    calls = {"committed": [], "changed": []}
    monkeypatch.setattr(
        "memories.triggers.on_messages_committed",
        lambda *, thread_id, backlog=None: calls["committed"].append(thread_id),
    )
    monkeypatch.setattr(
        "memories.triggers.on_message_changed",
        lambda *, message_id: calls["changed"].append(message_id),
    )
    return calls


@pytest.fixture
def character(user):
    return CharacterFactory(owner=user, greeting="*looks up from the map* Ah, a visitor.")


@pytest.fixture
def thread(user, character):
    from chat.services import thread_create

    return thread_create(owner=user, character=character)


@pytest.fixture
def other_thread(other_user):
    return ThreadFactory(character=CharacterFactory(owner=other_user))


@pytest.fixture
def token(user):
    return token_for_user(user=user)


@pytest.fixture
def other_token(other_user):
    return token_for_user(user=other_user)


def socket(thread_id: int, token: str | None = None) -> WebsocketCommunicator:
    from drawhisper.asgi import application

    path = f"/ws/threads/{thread_id}/" + (f"?token={token}" if token else "")
    return WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost")])


async def connect(
    thread_id: int, token: str | None, *, expect_reply: int | None = None
) -> WebsocketCommunicator:
    """An open socket, past its first event: ``thread.state``, which must name the reply
    being written (``expect_reply``) or none."""
    communicator = socket(thread_id, token)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    state = await communicator.receive_json_from(timeout=5)
    assert state["type"] == "thread.state", state
    found = state["reply"]["message_id"] if state["reply"] else None
    assert found == expect_reply, state
    return communicator


async def send_message(
    communicator: WebsocketCommunicator, content: str, *, client_id: str | None = None
) -> None:
    """The user's message as the page sends it, with a new client id unless one is given."""
    await communicator.send_json_to(
        {"type": "message.send", "content": content, "client_id": client_id or str(uuid.uuid4())}
    )


async def receive_until(
    communicator: WebsocketCommunicator, event_type: str, timeout: float = 5
) -> list[dict]:
    """Every event up to and including the first of ``event_type``."""
    events: list[dict] = []
    while True:
        event = await communicator.receive_json_from(timeout=timeout)
        events.append(event)
        if event["type"] == event_type:
            return events


async def receive_close_code(communicator: WebsocketCommunicator) -> int:
    output = await communicator.receive_output(timeout=5)
    assert output["type"] == "websocket.close", output
    return output.get("code")


async def wait_until(condition, *, timeout: float = 15, what: str = "the condition") -> None:
    """Wait for ``condition()`` (sync or async) to become true; ``timeout`` only bounds a hang,
    it is not what the test asserts."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = condition()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def no_more_events(communicator: WebsocketCommunicator, wait: float = 0.3) -> bool:
    return await communicator.receive_nothing(timeout=wait)


# A reply long enough to still be streaming while a test acts on it (with ``slow_llm``).
LONG_REPLY = "*She unrolls the chart slowly.* " + "The coast runs north for a long way. " * 30


def messages_of(thread_id: int) -> list:
    """The thread's messages in order, as stored."""
    from chat.models import Message

    return list(Message.objects.filter(thread_id=thread_id).order_by("seq"))


get_messages = database_sync_to_async(messages_of)


@pytest.fixture
def slow_llm(settings):
    """A scripted chat model that streams in small pieces with a pause between them, so a
    test can act while a reply is being written."""
    use_chat_backend(settings, chunk_size=6, delay=0.02)


async def openai_turn(settings, thread_id: int, token: str, *, message: str, reply: str):
    """Send ``message`` over the chat's socket, answered with ``reply`` by the fake
    OpenAI-compatible server: the ``reply.end`` event and the request the model got."""
    with FakeOpenAIServer() as server:
        use_fake_openai_chat(settings, server)
        server.push(reply)
        ws = await connect(thread_id, token)
        await send_message(ws, message)
        end = (await receive_until(ws, "reply.end", timeout=20))[-1]
        await ws.disconnect()
        [request] = server.requests()
    return end, request
