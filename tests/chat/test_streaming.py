"""Streamed text is coalesced: the first piece goes out at once, later pieces in batches at
most every ``CHAT_DELTA_FLUSH_MS``, and the batches always add up to the reply's text."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from chat.streaming import DeltaBatcher
from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import connect, receive_until, use_chat_backend

FAST_REPLY = "*She writes quickly.* " + "Every word lands at once, like rain on the deck. " * 8


class Recorder:
    def __init__(self, *, latency: float = 0.0) -> None:
        self.sent: list[tuple[float, str]] = []
        self.latency = latency

    async def __call__(self, text: str) -> None:
        if self.latency:
            await asyncio.sleep(self.latency)
        self.sent.append((time.monotonic(), text))

    @property
    def texts(self) -> list[str]:
        return [text for _, text in self.sent]


# ------------------------------------------------------------------ the batcher on its own


async def test_the_first_piece_is_sent_at_once_and_later_ones_wait_for_the_interval():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=10.0)
    await batcher.add("Hel")
    assert send.texts == ["Hel"]  # no waiting for the first token
    for piece in ("lo", ", ", "world"):
        await batcher.add(piece)
    assert send.texts == ["Hel"]  # within the interval: collected, not sent
    await batcher.close()
    assert send.texts == ["Hel", "lo, world"]
    await batcher.close()
    assert send.texts == ["Hel", "lo, world"]  # nothing left, nothing sent


async def test_the_timer_sends_what_gathered_without_waiting_for_the_next_piece():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=0.05)
    await batcher.add("a")
    await batcher.add("b")
    await batcher.add("c")
    await asyncio.sleep(0.15)  # the model pauses; the batch must not wait for it
    assert send.texts == ["a", "bc"]
    await batcher.close()
    assert send.texts == ["a", "bc"]


async def test_a_piece_after_a_pause_longer_than_the_interval_is_sent_at_once():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=0.03)
    await batcher.add("a")
    await asyncio.sleep(0.06)
    await batcher.add("b")
    assert send.texts == ["a", "b"]


async def test_zero_interval_sends_every_piece():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=0)
    for piece in "abcd":
        await batcher.add(piece)
    await batcher.close()
    assert send.texts == ["a", "b", "c", "d"]


async def test_batches_stay_in_order_and_add_up_with_a_slow_channel_layer():
    send = Recorder(latency=0.004)
    batcher = DeltaBatcher(send=send, interval=0.01)
    pieces = [f"{index}," for index in range(200)]
    for piece in pieces:
        await batcher.add(piece)
        await asyncio.sleep(0.0005)
    await batcher.close()
    assert "".join(send.texts) == "".join(pieces)
    assert len(send.texts) < len(pieces) / 3


async def test_cancelling_the_writer_mid_send_loses_nothing():
    send = Recorder(latency=0.05)
    batcher = DeltaBatcher(send=send, interval=0.01)

    async def write():
        await batcher.add("first")  # sent at once: cancelled while this send is in flight

    task = asyncio.create_task(write())
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await batcher.add(" second")
    await batcher.close()
    assert "".join(send.texts) == "first second"


# ------------------------------------------------------------------ through the socket

over_a_socket = pytest.mark.django_db(transaction=True)


@over_a_socket
async def test_a_fast_model_streams_in_few_deltas_that_add_up_to_the_reply(thread, token, settings):
    settings.CHAT_DELTA_FLUSH_MS = 50
    # One character per piece, a piece every millisecond or so: hundreds of pieces.
    use_chat_backend(settings, chunk_size=1, delay=0.001)
    ScriptedChatBackend.script(FAST_REPLY)
    ws = await connect(thread.pk, token)
    await ws.send_json_to(
        {"type": "message.send", "content": "Quick!", "client_id": str(uuid.uuid4())}
    )
    await receive_until(ws, "reply.start")
    started = time.monotonic()
    events = await receive_until(ws, "reply.end", timeout=15)
    elapsed = time.monotonic() - started

    deltas = [event for event in events if event["type"] == "reply.delta"]
    end = events[-1]
    assert end["status"] == "complete" and end["content"] == FAST_REPLY
    assert "".join(event["delta"] for event in deltas) == FAST_REPLY
    assert all(
        event["message_id"] == end["message_id"] and set(event) == {"type", "message_id", "delta"}
        for event in deltas
    )
    # At most one batch per interval (plus the first piece and the rest at the end).
    assert 2 <= len(deltas) <= elapsed / 0.05 + 3, (len(deltas), elapsed)
    assert len(deltas) < len(FAST_REPLY) / 5
    assert deltas[0]["delta"] == FAST_REPLY[0]  # the first token is not held back
    await ws.disconnect()


@over_a_socket
async def test_a_model_slower_than_the_interval_gets_a_delta_per_piece(thread, token, settings):
    settings.CHAT_DELTA_FLUSH_MS = 20
    use_chat_backend(settings, chunk_size=5, delay=0.08)
    ScriptedChatBackend.script("One, two, three.")
    ws = await connect(thread.pk, token)
    await ws.send_json_to(
        {"type": "message.send", "content": "Count.", "client_id": str(uuid.uuid4())}
    )
    events = await receive_until(ws, "reply.end")
    assert [event["delta"] for event in events if event["type"] == "reply.delta"] == [
        "One, ",
        "two, ",
        "three",
        ".",
    ]
    await ws.disconnect()


@over_a_socket
async def test_a_stopped_reply_sends_every_delta_before_its_end(thread, token, settings):
    settings.CHAT_DELTA_FLUSH_MS = 200
    use_chat_backend(settings, chunk_size=3, delay=0.01)
    ScriptedChatBackend.script(FAST_REPLY)
    ws = await connect(thread.pk, token)
    await ws.send_json_to(
        {"type": "message.send", "content": "Go on.", "client_id": str(uuid.uuid4())}
    )
    events = await receive_until(ws, "reply.delta")
    await asyncio.sleep(0.1)  # more text gathers in the batch
    await ws.send_json_to({"type": "reply.stop"})
    events += await receive_until(ws, "reply.end")
    end = events[-1]
    assert end["status"] == "interrupted" and FAST_REPLY.startswith(end["content"])
    assert len(end["content"]) > 3
    assert "".join(e["delta"] for e in events if e["type"] == "reply.delta") == end["content"]
    await ws.disconnect()
