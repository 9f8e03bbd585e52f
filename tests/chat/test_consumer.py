"""The chat WebSocket, driven end to end through the ASGI application.

Every event of the protocol and every failure a user could run into: refusal, busy, stop,
a closed tab mid-reply, a resent message, a failing provider, regeneration, bad input."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from chat.groups import character_group
from chat.models import Message
from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import (
    connect,
    no_more_events,
    receive_close_code,
    receive_until,
    send_message,
    socket,
    use_chat_backend,
    wait_until,
)
from tests.factories import MessageFactory

pytestmark = pytest.mark.django_db(transaction=True)

STALLS_AFTER = "tests.chat.fakes.StallsAfterBackend"
LONG_REPLY = "*She unrolls the chart slowly.* " + "The coast runs north for a long way. " * 30


def messages_of(thread_id: int) -> list[Message]:
    return list(Message.objects.filter(thread_id=thread_id).order_by("seq"))


get_messages = database_sync_to_async(messages_of)


@pytest.fixture
def slow_llm(settings):
    use_chat_backend(settings, chunk_size=6, delay=0.02)


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


async def test_every_tab_sees_the_whole_reply_exactly_once(thread, token, slow_llm):
    """The sending tab gets its own events straight from its socket, the other tab through
    the channel layer: each sees the message, the start, every piece and the end once."""
    ScriptedChatBackend.script("The tide turns at noon, and the boats go out with it.")
    sender = await connect(thread.pk, token)
    watcher = await connect(thread.pk, token)
    await send_message(sender, "When do the boats go?")
    for tab in (sender, watcher):
        events = await receive_until(tab, "reply.end", timeout=15)
        types = [event["type"] for event in events]
        assert types[:2] == ["message.created", "reply.start"] and types[-1] == "reply.end"
        assert types.count("message.created") == 1 and types.count("reply.start") == 1
        streamed = "".join(event["delta"] for event in events if event["type"] == "reply.delta")
        assert streamed == events[-1]["content"]
        assert streamed == "The tide turns at noon, and the boats go out with it."
        assert await no_more_events(tab)
    await sender.disconnect()
    await watcher.disconnect()


async def test_unauthenticated_socket_is_closed_with_4401(thread):
    ws = socket(thread.pk)
    connected, _ = await ws.connect(timeout=5)
    assert connected
    assert await receive_close_code(ws) == 4401


async def test_an_expired_token_is_refused_and_removed_while_a_lasting_one_connects(
    thread, user, token
):
    from knox.models import AuthToken

    expired, expired_key = await database_sync_to_async(AuthToken.objects.create)(
        user=user, expiry=timedelta(seconds=-1)
    )
    ws = socket(thread.pk, expired_key)
    await ws.connect(timeout=5)
    assert await receive_close_code(ws) == 4401
    assert not await database_sync_to_async(AuthToken.objects.filter(pk=expired.pk).exists)()
    tab = await connect(thread.pk, token)  # the project's own tokens never expire
    await tab.disconnect()


async def test_another_users_thread_is_refused_exactly_like_a_missing_one(
    thread, other_thread, token, other_token
):
    refusals = []
    for thread_id in (other_thread.pk, 999_999_999):
        ws = socket(thread_id, token)
        await ws.connect(timeout=5)
        refusals.append(await receive_close_code(ws))
    assert refusals == [4404, 4404]
    # A bad token is not a login.
    ws = socket(thread.pk, "not-a-token")
    await ws.connect(timeout=5)
    assert await receive_close_code(ws) == 4401


async def test_foreign_origin_is_rejected(thread, token):
    from channels.testing import WebsocketCommunicator

    from drawhisper.asgi import application

    ws = WebsocketCommunicator(
        application,
        f"/ws/threads/{thread.pk}/?token={token}",
        headers=[(b"origin", b"http://evil.example")],
    )
    connected, _ = await ws.connect(timeout=5)
    assert not connected


async def test_second_message_while_streaming_gets_busy_in_any_tab(thread, token, slow_llm):
    ScriptedChatBackend.script(LONG_REPLY)
    tab_a = await connect(thread.pk, token)
    tab_b = await connect(thread.pk, token)
    await send_message(tab_a, "Tell me about the coast.")
    await receive_until(tab_a, "reply.delta")
    await receive_until(tab_b, "reply.delta")  # the other tab watches the same stream

    for tab in (tab_a, tab_b):
        await send_message(tab, "And the mountains?")
        error = await receive_until(tab, "error")
        assert error[-1]["code"] == "busy"
        assert "still being written" in error[-1]["detail"]
    await tab_a.send_json_to({"type": "reply.regenerate"})
    assert (await receive_until(tab_a, "error"))[-1]["code"] == "busy"

    await receive_until(tab_a, "reply.end", timeout=15)
    stored = await get_messages(thread.pk)
    assert [m.content for m in stored if m.role == "user"] == ["Tell me about the coast."]
    await tab_a.disconnect()
    await tab_b.disconnect()


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


async def test_reply_stop_from_another_tab_stops_the_reply(thread, token, slow_llm):
    ScriptedChatBackend.script(LONG_REPLY)
    tab_a = await connect(thread.pk, token)
    tab_b = await connect(thread.pk, token)
    await send_message(tab_a, "Go on.")
    await receive_until(tab_b, "reply.delta")
    await tab_b.send_json_to({"type": "reply.stop"})
    end_a = (await receive_until(tab_a, "reply.end"))[-1]
    end_b = (await receive_until(tab_b, "reply.end"))[-1]
    assert end_a == end_b and end_a["status"] == "interrupted"
    await tab_a.disconnect()
    await tab_b.disconnect()


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


async def test_regenerate_replaces_the_reply_and_keeps_the_previous_version(
    thread, token, api_client
):
    ScriptedChatBackend.script("First take.", "Second take.")
    ws = await connect(thread.pk, token)
    await send_message(ws, "Describe the map.")
    first_end = (await receive_until(ws, "reply.end"))[-1]

    await ws.send_json_to({"type": "reply.regenerate"})
    events = await receive_until(ws, "reply.end")
    start, end = events[0], events[-1]
    assert start["type"] == "reply.start" and start["replaces"] == first_end["message_id"]
    assert end["content"] == "Second take." and end["message_id"] != first_end["message_id"]
    # The model was asked the same question again, without the replaced reply.
    assert ScriptedChatBackend.calls[-1][-1].content == "Describe the map."
    assert all(m.content != "First take." for m in ScriptedChatBackend.calls[-1])

    old, new = await database_sync_to_async(
        lambda: (
            Message.objects.get(pk=first_end["message_id"]),
            Message.objects.get(pk=end["message_id"]),
        )
    )()
    assert old.active is False and old.replaced_by_id == new.pk and old.content == "First take."

    listing = await database_sync_to_async(api_client.get)(f"/api/threads/{thread.pk}/messages/")
    results = listing.json()["results"]
    assert [m["content"] for m in results] == [
        "*looks up from the map* Ah, a visitor.",
        "Describe the map.",
        "Second take.",
    ]
    assert [v["content"] for v in results[-1]["previous_versions"]] == ["First take."]
    await ws.disconnect()


async def test_regenerate_with_only_the_greeting_is_refused(thread, token):
    ws = await connect(thread.pk, token)
    await ws.send_json_to({"type": "reply.regenerate"})
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "nothing_to_regenerate"
    await ws.disconnect()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "invalid_json"),
        ('["message.send"]', "invalid_message"),
        ('{"type": "message.delete"}', "unknown_type"),
        ('{"content": "no type"}', "unknown_type"),
        (
            '{"type": "message.send", "content": "   ", "client_id": "' + str(uuid.uuid4()) + '"}',
            "empty_message",
        ),
        ('{"type": "message.send", "content": 42}', "invalid_message"),
        (
            '{"type": "message.send", "content": "hi", "client_id": "not-a-uuid"}',
            "invalid_client_id",
        ),
        ('{"type": "message.send", "content": "hi", "client_id": 7}', "invalid_message"),
    ],
)
async def test_bad_input_gets_an_error_event_and_the_socket_keeps_working(
    thread, token, frame, code
):
    ws = await connect(thread.pk, token)
    await ws.send_to(text_data=frame)
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code and error["detail"]

    ScriptedChatBackend.script("Still here.")
    await send_message(ws, "Hello")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Still here."
    assert [m.role for m in await get_messages(thread.pk)] == ["assistant", "user", "assistant"]
    await ws.disconnect()


async def test_too_long_message_is_refused(thread, token, settings):
    settings.CHAT_MAX_MESSAGE_CHARS = 20
    ws = await connect(thread.pk, token)
    await send_message(ws, "x" * 21)
    error = await ws.receive_json_from(timeout=5)
    assert error["code"] == "message_too_long" and "20" in error["detail"]
    assert len(await get_messages(thread.pk)) == 1
    await ws.disconnect()


async def test_binary_frames_get_an_error(thread, token):
    ws = await connect(thread.pk, token)
    await ws.send_to(bytes_data=b"\x00\x01")
    assert (await ws.receive_json_from(timeout=5))["code"] == "invalid_message"
    await ws.disconnect()


async def test_memory_events_are_forwarded_unchanged(thread, token, user):
    ws = await connect(thread.pk, token)
    event = {"type": "memory.created", "memory": {"id": 7, "title": "Sister", "type": "fact"}}
    await get_channel_layer().group_send(
        character_group(user.pk, thread.character_id), {"type": "client.event", "event": event}
    )
    assert await ws.receive_json_from(timeout=5) == event
    await ws.disconnect()


async def test_stale_streaming_reply_from_a_dead_process_is_interrupted_on_connect(thread, token):
    dead = await database_sync_to_async(MessageFactory)(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="*She opens her mou",
        progress_at=timezone.now() - timedelta(minutes=5),
    )
    ws = await connect(thread.pk, token)
    await database_sync_to_async(dead.refresh_from_db)()
    assert dead.status == "interrupted" and dead.content == "*She opens her mou"

    ScriptedChatBackend.script("Sorry, where was I?")
    await send_message(ws, "Hello?")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Sorry, where was I?"
    await ws.disconnect()


async def test_live_streaming_reply_in_another_process_makes_the_thread_busy(thread, token):
    live = await database_sync_to_async(MessageFactory)(
        thread=thread,
        seq=2,
        role="assistant",
        status="streaming",
        content="",
        progress_at=timezone.now(),
    )
    ws = await connect(thread.pk, token, expect_reply=live.pk)
    await send_message(ws, "Hello?")
    assert (await ws.receive_json_from(timeout=5))["code"] == "busy"
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


async def test_a_tab_that_connects_mid_reply_is_told_what_is_being_written(thread, token, slow_llm):
    ScriptedChatBackend.script(LONG_REPLY)
    tab_a = await connect(thread.pk, token)
    await send_message(tab_a, "Go on.")
    start = (await receive_until(tab_a, "reply.start"))[-1]
    await receive_until(tab_a, "reply.delta")

    async def progress_saved() -> bool:
        reply = await database_sync_to_async(Message.objects.get)(pk=start["message_id"])
        return bool(reply.content)

    await wait_until(progress_saved, what="a progress save")
    tab_b = await connect(thread.pk, token, expect_reply=start["message_id"])
    await tab_b.send_json_to({"type": "reply.stop"})  # Stop works from the new tab too
    end = (await receive_until(tab_b, "reply.end"))[-1]
    assert end["message_id"] == start["message_id"] and end["status"] == "interrupted"
    await tab_a.disconnect()
    await tab_b.disconnect()
    # Once it has ended, a new tab is told nothing is being written.
    tab_c = await connect(thread.pk, token, expect_reply=None)
    await tab_c.disconnect()


async def test_a_tab_opened_mid_reply_sees_the_rest_of_the_stream_as_it_is_written(
    thread, token, slow_llm, monkeypatch
):
    """The writing socket reuses its list of the thread's other tabs between batches; a tab
    that opens says so, and gets the next batches at once, not after the list is refreshed."""
    from chat.consumers import tabs

    monkeypatch.setattr(tabs, "PEERS_REFRESH_SECONDS", 600.0)
    ScriptedChatBackend.script(LONG_REPLY)
    tab_a = await connect(thread.pk, token)
    await tab_a.send_json_to(
        {"type": "message.send", "content": "Go on.", "client_id": str(uuid.uuid4())}
    )
    start = (await receive_until(tab_a, "reply.start"))[-1]
    await receive_until(tab_a, "reply.delta")  # tab A is alone: its batches skip the lookup
    tab_b = await connect(thread.pk, token, expect_reply=start["message_id"])
    events = await receive_until(tab_b, "reply.end", timeout=30)
    deltas = [event["delta"] for event in events if event["type"] == "reply.delta"]
    end = events[-1]
    assert end["status"] == "complete" and end["content"] == LONG_REPLY
    assert len(deltas) > 1  # the stream, not only its end
    assert end["content"].endswith("".join(deltas))
    await tab_a.disconnect()
    await tab_b.disconnect()


async def test_a_tab_closed_mid_reply_is_sent_no_more_of_the_stream(
    thread, token, slow_llm, monkeypatch
):
    """A tab that closes says so: the writing socket stops sending it batches at once, not
    when its list of the thread's other tabs is next refreshed; its own stream goes on to the
    end, whole."""
    from channels_redis.core import RedisChannelLayer

    from chat.consumers import tabs

    monkeypatch.setattr(tabs, "PEERS_REFRESH_SECONDS", 600.0)
    batches_to: list[str] = []
    send = RedisChannelLayer.send

    async def recording_send(self, channel, message):
        if message.get("type") == "client.event" and message["event"]["type"] == "reply.delta":
            batches_to.append(channel)
        return await send(self, channel, message)

    monkeypatch.setattr(RedisChannelLayer, "send", recording_send)
    ScriptedChatBackend.script(LONG_REPLY)
    tab_a = await connect(thread.pk, token)
    tab_b = await connect(thread.pk, token)
    await send_message(tab_a, "Go on.")
    await receive_until(tab_b, "reply.delta")
    await tab_b.disconnect()
    sent_before_close = len(batches_to)
    assert sent_before_close >= 1 and len(set(batches_to)) == 1  # tab B's channel only

    events = await receive_until(tab_a, "reply.end", timeout=30)
    end = events[-1]
    assert end["status"] == "complete" and end["content"] == LONG_REPLY
    deltas = [event for event in events if event["type"] == "reply.delta"]
    assert len(deltas) > 10  # the stream went on for many batches after tab B closed
    # At most the batches already on their way as it closed (without the announcement: all).
    assert len(batches_to) - sent_before_close <= 3
    await tab_a.disconnect()


async def test_continue_extends_the_last_reply_and_keeps_the_old_text_as_a_version(thread, token):
    ScriptedChatBackend.reset()
    ScriptedChatBackend.script("The coast runs north.", " Then it bends east, past the light.")
    ws = await connect(thread.pk, token)
    await send_message(ws, "Where does it go?")
    first = (await receive_until(ws, "reply.end"))[-1]

    await ws.send_json_to({"type": "reply.continue"})
    events = await receive_until(ws, "reply.end")
    start = next(event for event in events if event["type"] == "reply.start")
    assert start["replaces"] == first["message_id"]
    assert start["message"]["content"] == "The coast runs north."
    deltas = "".join(event["delta"] for event in events if event["type"] == "reply.delta")
    assert deltas == " Then it bends east, past the light."
    assert events[-1]["content"] == "The coast runs north. Then it bends east, past the light."
    prompt = ScriptedChatBackend.calls[-1]
    assert (prompt[-2].role, prompt[-2].content) == ("assistant", "The coast runs north.")
    assert prompt[-1].role == "system" and "Continue your last reply" in prompt[-1].content

    stored = await get_messages(thread.pk)
    old = next(m for m in stored if m.pk == first["message_id"])
    new = next(m for m in stored if m.pk == start["message_id"])
    assert (old.active, old.replaced_by_id, old.content) == (False, new.pk, "The coast runs north.")
    assert new.active and new.status == "complete" and new.content == events[-1]["content"]

    # With the user's message last there is nothing to continue.
    await database_sync_to_async(MessageFactory)(
        thread=thread, seq=new.seq + 1, role="user", content="Really?"
    )
    await ws.send_json_to({"type": "reply.continue"})
    error = (await receive_until(ws, "error"))[-1]
    assert error["code"] == "nothing_to_continue" and "last reply" in error["detail"]


_CLIENT_ID = "0b6f3f5e-6c1a-4b7e-9a51-3f0d7c1e2a90"


@pytest.mark.parametrize(
    ("frame", "code", "detail"),
    [
        (
            '{"type": "message.send", "content": "a\\u0000b", "client_id": "' + _CLIENT_ID + '"}',
            "invalid_message",
            "content: Null characters are not allowed.",
        ),
        (
            '{"type": "message.send", "content": "a\\ud800b", "client_id": "' + _CLIENT_ID + '"}',
            "invalid_message",
            "content: Surrogate characters are not allowed",
        ),
        (
            '{"type": "message.send", "content": "hi", "client_id": "\\udfff"}',
            "invalid_message",
            "client_id: Surrogate characters are not allowed",
        ),
        ('{"type": "reply.stop", "force": true}', "invalid_message", "force: Unknown field."),
        (
            '{"type": "message.send", "content": "hi", "persona": "x"}',
            "invalid_message",
            "persona: Unknown field.",
        ),
        ('{"a": ' * 1000 + "1" + "}" * 1000, "invalid_json", "JSON is nested too deeply"),
        (
            '{"type": "message.send", "content": ' + "[" * 1000 + "]" * 1000 + "}",
            "invalid_json",
            "JSON is nested too deeply",
        ),
        (
            '{"type": ' + '{"a": ' * 100 + "1" + "}" * 101,
            "invalid_json",
            "JSON is nested too deeply",
        ),
        ('{"type": ' + '{"a": ' * 50 + "1" + "}" * 51, "unknown_type", "Unknown event type ?"),
    ],
)
async def test_input_is_validated_like_rest_and_the_socket_keeps_working(
    thread, token, frame, code, detail
):
    ws = await connect(thread.pk, token)
    await ws.send_to(text_data=frame)
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code, error
    assert error["detail"].startswith(detail), error
    assert len(await get_messages(thread.pk)) == 1  # nothing stored

    ScriptedChatBackend.script("Still here.")
    await send_message(ws, "Hi")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Still here."
    await ws.disconnect()


async def test_a_frame_over_the_size_limit_is_refused(thread, token, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_048_576
    ws = await connect(thread.pk, token)
    await send_message(ws, "x" * 1_100_000)
    error = await ws.receive_json_from(timeout=5)
    assert error["code"] == "too_large" and "too large" in error["detail"]
    assert error["detail"].endswith("at most 1 MB.")
    await ws.disconnect()
