"""The chat WebSocket, driven end to end through the ASGI application.

Every event of the protocol and every failure a user could run into: busy, stop, a closed
tab mid-reply, a resent message, a failing provider. Opening the socket and refusals:
``test_consumer_connect``; several tabs of a thread: ``test_consumer_tabs``; bad input:
``test_consumer_events``; a reply regenerated or continued: ``test_consumer_regenerate``."""

from __future__ import annotations

import uuid

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from chat.groups import character_group
from chat.models import Message
from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import (
    LONG_REPLY,
    connect,
    get_messages,
    no_more_events,
    receive_until,
    send_message,
    use_chat_backend,
    wait_until,
)
from tests.factories import MessageFactory

pytestmark = pytest.mark.django_db(transaction=True)

STALLS_AFTER = "tests.chat.fakes.StallsAfterBackend"


async def test_message_send_streams_a_reply_and_saves_both_messages(thread, token):
    ScriptedChatBackend.script('*She smiles.* "Welcome back."')
    client_id = str(uuid.uuid4())
    ws = await connect(thread.pk, token)
    await send_message(ws, "Hello again!", client_id=client_id)

    events = await receive_until(ws, "reply.end")
    types = [event["type"] for event in events]
    assert types[0] == "message.created" and types[1] == "reply.start" and types[-1] == "reply.end"
    assert set(types[2:-1]) == {"reply.delta"}

    created, start, end = events[0], events[1], events[-1]
    assert created["client_id"] == client_id and created["duplicate"] is False
    assert created["message"]["content"] == "Hello again!" and created["message"]["role"] == "user"
    assert start["message_id"] == end["message_id"] == start["message"]["id"]
    assert start["message"]["status"] == "streaming" and start["replaces"] is None
    streamed = "".join(event["delta"] for event in events if event["type"] == "reply.delta")
    assert streamed == end["content"] == '*She smiles.* "Welcome back."'
    assert end["status"] == "complete"
    assert end["receipt"]["layers"]["new"]["items"] == 1
    assert end["receipt"]["total_tokens"] <= end["receipt"]["budget_tokens"]

    stored = await get_messages(thread.pk)
    assert [(m.seq, m.role, m.status) for m in stored] == [
        (1, "assistant", "complete"),  # the greeting
        (2, "user", "complete"),
        (3, "assistant", "complete"),
    ]
    assert stored[2].content == end["content"] and stored[2].token_count > 0
    # The model saw the user's message last, after the greeting.
    prompt = ScriptedChatBackend.calls[-1]
    assert prompt[0].role == "system" and prompt[-1].content == "Hello again!"
    assert prompt[-2].content == "*looks up from the map* Ah, a visitor."
    await ws.disconnect()


async def test_reply_stop_keeps_the_text_and_marks_the_reply_interrupted(thread, token, slow_llm):
    ScriptedChatBackend.script(LONG_REPLY)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Go on.")
    await receive_until(ws, "reply.delta")
    await receive_until(ws, "reply.delta")
    await ws.send_json_to({"type": "reply.stop"})

    end = (await receive_until(ws, "reply.end"))[-1]
    assert end["status"] == "interrupted"
    assert end["content"] and LONG_REPLY.startswith(end["content"]) and end["content"] != LONG_REPLY
    reply = (await get_messages(thread.pk))[-1]
    assert reply.status == "interrupted" and reply.content == end["content"]

    # The chat is free again.
    ScriptedChatBackend.script("Of course.")
    await send_message(ws, "Shorter, please.")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Of course."
    await ws.disconnect()


async def test_reply_stop_with_nothing_streaming_is_harmless(thread, token):
    ws = await connect(thread.pk, token)
    await ws.send_json_to({"type": "reply.stop"})
    assert await no_more_events(ws)
    await ws.disconnect()


async def test_closing_the_tab_mid_reply_keeps_the_partial_text_as_interrupted(
    thread, token, slow_llm
):
    ScriptedChatBackend.script(LONG_REPLY)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Go on.")
    streamed = ""
    while len(streamed) < 30:
        event = await ws.receive_json_from(timeout=5)
        if event["type"] == "reply.delta":
            streamed += event["delta"]
    await ws.disconnect(timeout=10)

    reply = (await get_messages(thread.pk))[-1]
    assert reply.role == "assistant" and reply.status == "interrupted"
    assert reply.content.startswith(streamed) and LONG_REPLY.startswith(reply.content)
    assert reply.content != LONG_REPLY


async def test_reply_text_is_saved_while_it_streams(thread, token, settings):
    # The model writes the start of a reply and then pauses: the reply is still being
    # written, and its text so far must already be in the database.
    use_chat_backend(settings, STALLS_AFTER, before=LONG_REPLY[:80], chunk_size=4)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Go on.")
    start = (await receive_until(ws, "reply.start"))[-1]
    get_reply = database_sync_to_async(Message.objects.get)

    async def text_saved() -> bool:
        return bool((await get_reply(pk=start["message_id"])).content)

    await wait_until(text_saved, what="a progress save")
    saved = await get_reply(pk=start["message_id"])
    assert saved.status == "streaming" and LONG_REPLY[:80].startswith(saved.content)
    assert saved.progress_at is not None
    await ws.send_json_to({"type": "reply.stop"})
    await receive_until(ws, "reply.end")
    await ws.disconnect()


async def test_resending_the_same_client_id_creates_no_second_message(thread, token):
    ScriptedChatBackend.script("First reply.", "Should never be used.")
    client_id = str(uuid.uuid4())
    ws = await connect(thread.pk, token)
    await send_message(ws, "Hi!", client_id=client_id)
    first = await receive_until(ws, "reply.end")

    # The same message again (a reconnecting client resends what it saw no ack for).
    await send_message(ws, "Hi!", client_id=client_id)
    again = await ws.receive_json_from(timeout=5)
    assert again["type"] == "message.created" and again["duplicate"] is True
    assert again["message"]["id"] == first[0]["message"]["id"] and again["client_id"] == client_id
    assert await no_more_events(ws)  # no second reply

    stored = await get_messages(thread.pk)
    assert [m.role for m in stored] == ["assistant", "user", "assistant"]
    await ws.disconnect()


async def test_resent_message_that_never_got_a_reply_gets_one(thread, token, user):
    """A message stored just before the server died is answered when the client resends it."""
    client_id = uuid.uuid4()
    await database_sync_to_async(MessageFactory)(
        thread=thread, seq=2, role="user", content="Still there?", client_id=client_id
    )
    ScriptedChatBackend.script("I am.")
    ws = await connect(thread.pk, token)
    await send_message(ws, "Still there?", client_id=str(client_id))
    events = await receive_until(ws, "reply.end")
    assert events[0]["type"] == "message.created" and events[0]["duplicate"] is True
    assert events[-1]["content"] == "I am."
    assert len([m for m in await get_messages(thread.pk) if m.role == "user"]) == 1
    await ws.disconnect()


async def test_provider_error_fails_the_reply_with_a_readable_error_and_keeps_the_message(
    thread, token, settings
):
    use_chat_backend(settings, fail_with="permanent")
    ws = await connect(thread.pk, token)
    await send_message(ws, "Hello?")
    events = await receive_until(ws, "reply.end")
    error = next(event for event in events if event["type"] == "error")
    assert error["code"] == "provider_error"
    assert error["detail"] == "The model provider rejected the request."
    assert error["message_id"] == events[-1]["message_id"]
    assert events[-1]["status"] == "failed"

    user_message, reply = (await get_messages(thread.pk))[1:]
    assert user_message.content == "Hello?" and user_message.status == "complete"
    assert reply.status == "failed" and reply.error == "The model provider rejected the request."
    await ws.disconnect()


async def test_provider_failing_mid_stream_keeps_what_was_written(thread, token, settings):
    use_chat_backend(settings, "tests.chat.fakes.FailsMidStreamBackend", before="*She begins to")
    ws = await connect(thread.pk, token)
    await send_message(ws, "Tell me.")
    events = await receive_until(ws, "reply.end")
    assert [e["code"] for e in events if e["type"] == "error"] == ["provider_error"]
    reply = (await get_messages(thread.pk))[-1]
    assert reply.status == "failed" and reply.content == "*She begins to "
    assert "stopped answering" in reply.error
    await ws.disconnect()


async def test_memory_events_are_forwarded_unchanged(thread, token, user):
    ws = await connect(thread.pk, token)
    event = {"type": "memory.created", "memory": {"id": 7, "title": "Sister", "type": "fact"}}
    await get_channel_layer().group_send(
        character_group(user.pk, thread.character_id), {"type": "client.event", "event": event}
    )
    assert await ws.receive_json_from(timeout=5) == event
    await ws.disconnect()


async def test_offline_model_weaves_in_the_memories_the_prompt_carried(
    thread, token, user, settings
):
    """The memory layers reach the model under the agreed headings: the offline provider,
    which reads them, mentions a pinned memory, and the receipt lists it."""
    from memories.models import MemoryPin
    from tests.factories import MemoryFactory

    use_chat_backend(settings, "drawhisper.providers.offline.OfflineChatBackend", delay=0)

    def pin():
        memory = MemoryFactory(
            owner=user,
            character=thread.character,
            type="fact",
            title="Sister",
            content="The user's sister Mira sails the northern route.",
        )
        MemoryPin.objects.create(memory=memory, thread=thread)
        return memory

    memory = await database_sync_to_async(pin)()
    ws = await connect(thread.pk, token)
    await send_message(ws, "Do you remember my sister?")
    end = (await receive_until(ws, "reply.end"))[-1]
    assert "offline" in end["content"].lower()
    assert "Mira sails the northern route" in end["content"]
    assert [(i["layer"], i["kind"], i["id"]) for i in end["receipt"]["items"]] == [
        ("pinned", "memory", memory.pk)
    ]
    await ws.disconnect()


async def test_resending_while_the_reply_streams_echoes_instead_of_busy(thread, token, slow_llm):
    ScriptedChatBackend.script(LONG_REPLY)
    client_id = str(uuid.uuid4())
    ws = await connect(thread.pk, token)
    await send_message(ws, "Go on.", client_id=client_id)
    created = (await receive_until(ws, "message.created"))[-1]
    await receive_until(ws, "reply.delta")
    await send_message(ws, "Go on.", client_id=client_id)
    echo = await receive_until(ws, "message.created")
    assert echo[-1]["duplicate"] is True and echo[-1]["message"]["id"] == created["message"]["id"]
    assert not [event for event in echo if event["type"] == "error"]
    await ws.send_json_to({"type": "reply.stop"})
    await receive_until(ws, "reply.end")
    await ws.disconnect()


async def test_a_stopped_reply_says_so_and_a_cut_off_one_says_it_was_cut_off(
    thread, token, slow_llm
):
    ScriptedChatBackend.script(LONG_REPLY, LONG_REPLY)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Go on.")
    await receive_until(ws, "reply.delta")
    await ws.send_json_to({"type": "reply.stop"})
    end = (await receive_until(ws, "reply.end"))[-1]
    assert (end["status"], end["error"]) == ("interrupted", "")
    stopped = (await get_messages(thread.pk))[-1]
    assert (stopped.status, stopped.error) == ("interrupted", "")

    await ws.send_json_to({"type": "reply.regenerate"})
    await receive_until(ws, "reply.delta")
    await ws.disconnect(timeout=10)  # the tab closed: nobody asked to stop
    cut = (await get_messages(thread.pk))[-1]
    assert cut.status == "interrupted"
    assert cut.error == "The reply was cut off before it finished."
