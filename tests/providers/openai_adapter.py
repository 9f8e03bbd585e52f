"""The OpenAI-compatible adapter as its tests build it: on a ``ScriptedTransport`` (the real
openai client, canned HTTP answers), with a short role-play conversation to send, or against
the fake OpenAI-compatible server over real sockets (``server_adapter``)."""

from __future__ import annotations

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.openai_chat import OpenAIChatBackend
from tests.providers.http_mocks import ScriptedTransport
from tests.support.openai_server import FakeOpenAIServer

MESSAGES = [
    ChatMessage("system", "You are Ada, a lighthouse keeper."),
    ChatMessage("user", "Hello, who are you?"),
    ChatMessage("assistant", "*waves* I keep the light."),
    ChatMessage("user", "What do you see tonight?"),
]


def backend(transport: ScriptedTransport, **options) -> OpenAIChatBackend:
    options = {
        "model": "gpt-4o-mini",
        "api_key": "sk-test-secret-123456",
        "base_url": "http://llm.test/v1",
        "timeout": 5,
        "max_retries": 2,
        **options,
    }
    return OpenAIChatBackend(**options, **transport.clients())


def server_adapter(server: FakeOpenAIServer, **options) -> OpenAIChatBackend:
    """The adapter talking to ``server`` (``tests.support.openai_server``) over real sockets."""
    options = {"model": "fake-chat", "api_key": "test", "timeout": 5, "max_retries": 2, **options}
    return OpenAIChatBackend(base_url=server.base_url, **options)


async def collect(llm, messages=MESSAGES) -> list[str]:
    return [delta async for delta in llm.stream(messages)]
