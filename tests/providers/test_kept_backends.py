"""Backends built from a reply's own block (a user's connection, a chat's sampling), kept by
``aget_llm`` per block and per event loop: a block's replies share one HTTP client and its
open connections on a loop, and a loop never uses connections another loop opened."""

from __future__ import annotations

import asyncio

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.registry import KEPT_PER_LOOP, aget_llm
from tests.support.openai_server import FakeOpenAIServer

MESSAGES = [ChatMessage("system", "You are Ada."), ChatMessage("user", "Hello!")]


def block(server: FakeOpenAIServer, **options) -> dict:
    return {
        "BACKEND": "drawhisper.accounts.connections.backend.ConnectionChatBackend",
        "OPTIONS": {
            "model": "story-model",
            "api_key": "sk-local-abcdef123",
            "base_url": server.base_url,
            "connection_name": "Local vLLM",
            "timeout": 5,
            "max_retries": 0,
            **options,
        },
    }


async def reply(config: dict) -> str:
    backend = await aget_llm("chat", config=config)
    return "".join([piece async for piece in backend.stream(MESSAGES)])


def test_a_block_keeps_one_backend_per_loop_and_each_loop_its_own_connections():
    """Two loops one after the other (each ``asyncio.run``, as each test and each process
    has its own): a backend kept across them would reuse a connection of the closed loop
    and fail with "Event loop is closed"; kept per loop, every reply is whole."""
    with FakeOpenAIServer(keep_alive=True, default_reply="Kept alive.") as server:
        config = block(server)

        async def two_replies() -> tuple[list[str], object, object]:
            first = await aget_llm("chat", config=config)
            texts = [await reply(config), await reply(config)]
            return texts, first, await aget_llm("chat", config=config)

        texts, first, again = asyncio.run(two_replies())
        assert texts == ["Kept alive.", "Kept alive."]
        assert again is first
        texts, other, _ = asyncio.run(two_replies())
        assert texts == ["Kept alive.", "Kept alive."]
        assert other is not first

        peers = [r["peer"] for r in server.requests()]
        assert len(peers) == 4
        assert peers[0] == peers[1] and peers[2] == peers[3] and peers[1] != peers[2]


def test_another_block_is_another_backend():
    with FakeOpenAIServer(default_reply="Hi.") as server:

        async def backends():
            return (
                await aget_llm("chat", config=block(server, temperature=0.2)),
                await aget_llm("chat", config=block(server, temperature=0.9)),
                await aget_llm("chat", config=block(server, temperature=0.2)),
            )

        cool, warm, cool_again = asyncio.run(backends())
        assert cool is cool_again and warm is not cool
        assert (cool.temperature, warm.temperature) == (0.2, 0.9)


def test_a_backend_dropped_from_the_cache_closes_its_clients_once_its_reply_ends():
    """Beyond ``KEPT_PER_LOOP`` blocks the oldest backend is dropped. Its HTTP clients (and
    their open connections) are closed: at once when it streams nothing, and only after its
    reply ends when one is streaming through it then, the reply whole."""
    with FakeOpenAIServer(keep_alive=True, default_reply="Kept alive.") as server:

        async def scenario():
            streaming = await aget_llm("chat", config=block(server, temperature=0.0))
            idle = await aget_llm("chat", config=block(server, temperature=0.01))
            assert await reply(block(server, temperature=0.01)) == "Kept alive."
            server.push({"text": "A reply that outlives its cache entry.", "delay": 0.02})
            pieces = streaming.stream(MESSAGES)
            text = await anext(pieces)
            # Newer blocks push both out of the cache, the streaming one first.
            for index in range(2, KEPT_PER_LOOP + 2):
                await aget_llm("chat", config=block(server, temperature=0.5 + index / 1000))
            idle_closed = idle.http_async_client.is_closed and idle.http_client.is_closed
            open_while_streaming = not streaming.http_async_client.is_closed
            text += "".join([piece async for piece in pieces])
            return text, idle_closed, open_while_streaming, streaming.http_async_client.is_closed

        text, idle_closed, open_while_streaming, closed_after = asyncio.run(scenario())
        assert idle_closed
        assert open_while_streaming and text == "A reply that outlives its cache entry."
        assert closed_after


def test_a_dropped_backend_leaves_clients_it_did_not_build_open():
    """LangChain's default client is one per process and address, shared by every backend
    without a client of its own: a dropped backend must not close it under the others."""
    with FakeOpenAIServer(default_reply="Still here.") as server:

        def plain(temperature: float) -> dict:
            return {
                "BACKEND": "drawhisper.providers.openai_chat.OpenAIChatBackend",
                "OPTIONS": {
                    "model": "story-model",
                    "api_key": "sk-local",
                    "base_url": server.base_url,
                    "timeout": 5,
                    "max_retries": 0,
                    "temperature": temperature,
                },
            }

        async def scenario():
            for index in range(KEPT_PER_LOOP + 1):
                await aget_llm("chat", config=plain(index / 1000))
            return await reply(plain(0.5))

        assert asyncio.run(scenario()) == "Still here."


def test_a_settings_change_closes_the_kept_backends_on_their_loop(settings):
    """Changing the backend settings drops every kept backend (``reset_backends``) and closes
    the HTTP clients it built, on the loop they belong to: the next reply through the same
    block gets a new backend and a new connection, not the one the old backend left open."""
    with FakeOpenAIServer(keep_alive=True, default_reply="Kept alive.") as server:
        config = block(server)

        async def scenario():
            old = await aget_llm("chat", config=config)
            first = await reply(config)
            settings.LLM_BACKENDS = dict(settings.LLM_BACKENDS)  # a change: the cache resets
            for _ in range(10):  # the retirement runs on this loop's next turns
                await asyncio.sleep(0)
            closed = old.http_async_client.is_closed and old.http_client.is_closed
            second = await reply(config)
            return first, closed, second, await aget_llm("chat", config=config) is old

        first, closed, second, same = asyncio.run(scenario())
        assert first == second == "Kept alive."
        assert closed and not same
        peers = [request["peer"] for request in server.requests()]
        assert len(peers) == 2 and peers[0] != peers[1]


def test_a_settings_change_closes_a_backend_kept_on_a_loop_that_is_not_running(settings):
    with FakeOpenAIServer(keep_alive=True, default_reply="Kept alive.") as server:
        config = block(server)
        loop = asyncio.new_event_loop()
        try:
            old = loop.run_until_complete(aget_llm("chat", config=config))
            assert loop.run_until_complete(reply(config)) == "Kept alive."
            assert not old.http_async_client.is_closed
            settings.LLM_BACKENDS = dict(settings.LLM_BACKENDS)
            assert old.http_async_client.is_closed and old.http_client.is_closed
            assert loop.run_until_complete(aget_llm("chat", config=config)) is not old
        finally:
            loop.close()


def test_a_settings_change_after_the_loop_closed_closes_what_closes_without_it(settings):
    """A loop that has ended can no longer close its sockets; the synchronous client the
    backend built is closed all the same, and nothing raises."""
    with FakeOpenAIServer(keep_alive=True, default_reply="Kept alive.") as server:
        config = block(server)

        async def kept():
            backend = await aget_llm("chat", config=config)
            await reply(config)
            return backend

        old = asyncio.run(kept())
        settings.LLM_BACKENDS = dict(settings.LLM_BACKENDS)
        assert old.http_client.is_closed
