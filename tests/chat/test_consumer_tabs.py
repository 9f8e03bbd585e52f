"""The chat WebSocket with several tabs of one thread open: each sees the whole reply once,
a tab that opens or closes mid-reply is told or left out at once, and busy and stop reach
every tab (``chat.consumers.tabs``)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from chat.models import Message
from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import (
    LONG_REPLY,
    connect,
    get_messages,
    no_more_events,
    receive_until,
    send_message,
    wait_until,
)

pytestmark = pytest.mark.django_db(transaction=True)


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
    await send_message(tab_a, "Go on.")
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


@pytest.mark.parametrize(
    "delta",
    ['*smiles* "Yes."', "line one\nline two\ttab \\ back", "naïve — 灯台 🌊", "\u2028\x00\x1f"],
)
def test_a_delta_frame_is_the_json_of_its_event(delta):
    """A browser reads the hand-written frame exactly as it would read ``json.dumps`` of the
    event: quotes, escapes, control characters and non-ASCII text included."""
    import json

    from chat.consumers.tabs import delta_frame

    event = {"type": "reply.delta", "message_id": 41, "delta": delta}
    assert delta_frame(event) == json.dumps(event)
    assert json.loads(delta_frame(event)) == event
    extra = {**event, "seq": 3}  # any other shape is written by json.dumps itself
    assert json.loads(delta_frame(extra)) == extra
