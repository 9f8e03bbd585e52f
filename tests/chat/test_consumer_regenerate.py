"""A reply taken again over the chat WebSocket: ``reply.regenerate`` writes a new reply in place
of the last one and ``reply.continue`` one that goes on from its text; either way the old
reply stays as an earlier version, and what cannot be taken again is refused with an error
event."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from chat.models import Message
from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import (
    connect,
    get_messages,
    receive_until,
    send_message,
    use_chat_backend,
)
from tests.factories import MessageFactory

pytestmark = pytest.mark.django_db(transaction=True)


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
    ("old", "addition", "joined"),
    [
        ("He opened the door.", "She turned.", "He opened the door. She turned."),
        ("He opened the door.", " She turned.", "He opened the door. She turned."),
        ("He opened the door.\n", "She turned.", "He opened the door.\nShe turned."),
        ("He paused", ", then laughed.", "He paused, then laughed."),
        ("*He waits*", "*and waits.*", "*He waits* *and waits.*"),
    ],
)
async def test_a_continuation_is_joined_to_the_old_text_with_one_space_where_it_needs_one(
    thread, token, old, addition, joined
):
    ScriptedChatBackend.reset()
    ScriptedChatBackend.script(old, addition)
    ws = await connect(thread.pk, token)
    await send_message(ws, "And then?")
    await receive_until(ws, "reply.end")

    await ws.send_json_to({"type": "reply.continue"})
    events = await receive_until(ws, "reply.end")
    start = next(event for event in events if event["type"] == "reply.start")
    deltas = "".join(event["delta"] for event in events if event["type"] == "reply.delta")
    # What the open tab shows (start text + deltas), what reply.end says and what is stored
    # are the same joined text.
    assert start["message"]["content"] + deltas == events[-1]["content"] == joined
    stored = (await get_messages(thread.pk))[-1]
    assert stored.content == joined
    await ws.disconnect()


async def test_the_offline_model_continues_a_reply_after_a_space(thread, token, settings):
    use_chat_backend(settings, "drawhisper.providers.offline.OfflineChatBackend", delay=0)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Tell me about the coast.")
    first = (await receive_until(ws, "reply.end"))[-1]

    await ws.send_json_to({"type": "reply.continue"})
    end = (await receive_until(ws, "reply.end"))[-1]
    old = first["content"]
    assert end["content"].startswith(old) and len(end["content"]) > len(old) + 1
    added = end["content"][len(old) :]
    assert added[0] == " " and not added[1].isspace()  # "...real replies. *Mara looks up.*"
    await ws.disconnect()


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
