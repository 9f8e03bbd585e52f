"""Replies written through a user's own connection: the real OpenAI client over the fake
OpenAI-compatible server, chosen and tuned per chat and per character."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from chat.models import Message
from drawhisper.accounts.connections import connection_create
from tests.chat.conftest import connect, receive_until, send_message
from tests.support.openai_server import FakeOpenAIServer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fake_server():
    with FakeOpenAIServer(default_reply="*She nods.* Over the server.") as server:
        yield server


async def send(thread_id: int, token: str, text: str = "Hello?") -> list[dict]:
    ws = await connect(thread_id, token)
    await send_message(ws, text)
    events = await receive_until(ws, "reply.end")
    await ws.disconnect()
    return events


def chat_requests(server: FakeOpenAIServer) -> list[dict]:
    return [r["body"] for r in server.requests() if r["path"] == "/v1/chat/completions"]


@database_sync_to_async
def add_connection(user, **fields):
    return connection_create(owner=user, **fields)


@database_sync_to_async
def set_generation(obj, generation):
    obj.generation = generation
    obj.save(update_fields=["generation"])


@database_sync_to_async
def reply_of(message_id: int) -> Message:
    return Message.objects.get(pk=message_id)


async def test_chat_model_and_sampling_reach_the_users_endpoint(thread, token, user, fake_server):
    connection = await add_connection(
        user, name="Local vLLM", base_url=fake_server.base_url, api_key="sk-local-abcdef123"
    )
    await set_generation(
        thread,
        {
            "connection": connection.pk,
            "model": "story-model-7b",
            "temperature": 0.35,
            "top_p": 0.8,
            "max_tokens": 321,
            "frequency_penalty": 0.5,
            "presence_penalty": -0.25,
            "stop": ["\nUser:"],
        },
    )
    events = await send(thread.pk, token)
    assert events[-1]["status"] == "complete"
    assert events[-1]["content"] == "*She nods.* Over the server."

    [request] = chat_requests(fake_server)
    assert request["model"] == "story-model-7b" and request["stream"] is True
    assert request["temperature"] == 0.35 and request["top_p"] == 0.8
    assert request["max_tokens"] == 321
    assert request["frequency_penalty"] == 0.5 and request["presence_penalty"] == -0.25
    assert request["stop"] == ["\nUser:"]
    assert request["messages"][-1]["content"] == "Hello?"
    headers = fake_server.requests()[0]["headers"]
    assert headers["authorization"] == "Bearer sk-local-abcdef123"


async def test_chat_overrides_character_overrides_the_default_connection(
    thread, token, user, character, fake_server
):
    await add_connection(
        user,
        name="Default",
        base_url=fake_server.base_url,
        default_model="default-model",
        generation={"temperature": 1.1, "max_tokens": 50},
    )
    await send(thread.pk, token)
    await set_generation(character, {"model": "character-model", "temperature": 0.7})
    await send(thread.pk, token, "Again.")
    await set_generation(thread, {"temperature": 0.2})
    await send(thread.pk, token, "Once more.")

    first, second, third = chat_requests(fake_server)
    assert (first["model"], first["temperature"]) == ("default-model", 1.1)
    assert (second["model"], second["temperature"]) == ("character-model", 0.7)
    assert (third["model"], third["temperature"]) == ("character-model", 0.2)
    # Keys no layer above sets come from the user's default.
    assert {r.get("max_tokens") for r in (first, third)} == {50}


async def test_unreachable_endpoint_fails_the_reply_with_a_readable_error(
    thread, token, user, settings
):
    settings.LLM_MAX_RETRIES = 0
    connection = await add_connection(
        user, name="Laptop Ollama", base_url="http://127.0.0.1:9/v1", default_model="llama3"
    )
    await set_generation(thread, {"connection": connection.pk})
    events = await send(thread.pk, token)

    error = next(event for event in events if event["type"] == "error")
    assert error["code"] == "provider_error"
    assert error["detail"] == (
        "The connection \u201cLaptop Ollama\u201d (127.0.0.1:9) could not be reached, or the "
        "connection dropped. Try again in a moment."
    )
    assert events[-1]["type"] == "reply.end" and events[-1]["status"] == "failed"
    reply = await reply_of(events[-1]["message_id"])
    assert reply.status == "failed" and "could not be reached" in reply.error


async def test_a_deleted_connection_is_a_readable_error_not_a_stuck_reply(
    thread, token, user, fake_server
):
    connection = await add_connection(user, name="Old", base_url=fake_server.base_url)
    await set_generation(thread, {"connection": connection.pk, "model": "m"})
    await database_sync_to_async(connection.delete)()
    events = await send(thread.pk, token)
    error = next(event for event in events if event["type"] == "error")
    assert "no longer exists" in error["detail"]
    assert events[-1]["status"] == "failed"
    assert chat_requests(fake_server) == []


async def test_without_connections_the_environment_backend_writes_the_reply(thread, token):
    from drawhisper.providers.fake import ScriptedChatBackend

    ScriptedChatBackend.script("From the environment.")
    events = await send(thread.pk, token)
    assert events[-1]["content"] == "From the environment."


async def test_replies_through_a_connection_reuse_its_open_connection_to_the_server(
    thread, token, user
):
    """A user's connection is one HTTP client per process: every reply of the chat goes over
    the connection the first one opened (as real providers keep them alive), each whole."""
    with FakeOpenAIServer(keep_alive=True, default_reply="*She nods.* Kept.") as kept:
        connection = await add_connection(
            user, name="Local vLLM", base_url=kept.base_url, default_model="story-model"
        )
        await set_generation(thread, {"connection": connection.pk, "temperature": 0.4})
        replies = [await send(thread.pk, token, text) for text in ("One.", "Two.", "Three.")]

        for events in replies:
            assert events[-1]["status"] == "complete"
            assert events[-1]["content"] == "*She nods.* Kept."
        requests = [r for r in kept.requests() if r["path"] == "/v1/chat/completions"]
        assert [r["body"]["messages"][-1]["content"] for r in requests] == [
            "One.",
            "Two.",
            "Three.",
        ]
        assert len({r["peer"] for r in requests}) == 1
