"""Streamed text is coalesced: the first piece goes out at once (on the event loop's next turn,
with whatever arrived in the same turn), later pieces in batches at most every
``CHAT_DELTA_FLUSH_MS``, and the batches always add up to the reply's text."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from chat.models import Message
from chat.streaming import DeltaBatcher, continuation_separator
from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import connect, receive_until, send_message, use_chat_backend, wait_until

FAST_REPLY = "*She writes quickly.* " + "Every word lands at once, like rain on the deck. " * 8


class Recorder:
    """The channel layer's send: records each batch; with ``gate``, a send stays in flight
    until the test opens it (a slow channel layer, on any machine)."""

    def __init__(self, *, gate: asyncio.Event | None = None) -> None:
        self.texts: list[str] = []
        self.started = 0
        self.gate = gate

    async def __call__(self, text: str) -> None:
        self.started += 1
        if self.gate is not None:
            await self.gate.wait()
        self.texts.append(text)


class FakeClock:
    """The batcher's clock, moved by the test: whether a piece is due never depends on how
    fast the machine is."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def a_turn_of_the_loop() -> None:
    """Let the loop run what is due now (a send scheduled for its next turn), no time passing."""
    for _ in range(3):
        await asyncio.sleep(0)


# ------------------------------------------------------------------ joining a continuation


@pytest.mark.parametrize(
    ("old", "new", "separator"),
    [
        ("the door.", "She turned", " "),  # the model left out the space
        ("the door.", " She turned", ""),  # it did not
        ("the door. ", "She turned", ""),
        ("the door.\n\n", "She turned", ""),
        ("He paused", ", then laughed", ""),
        ("He paused", "... then laughed", ""),
        ("He paused", "\u2014then laughed", ""),
        ('"Wait', '," she said', ""),
        ("the door.", '"Who is it?"', " "),
        ("the door.", "*She turns.*", " "),
        ("", "She turned", ""),
        ("the door.", "", ""),
    ],
)
def test_a_continuation_gets_a_space_only_where_the_two_texts_would_run_together(
    old, new, separator
):
    assert continuation_separator(old, new) == separator


# ------------------------------------------------------------------ the batcher on its own


async def test_the_first_piece_is_sent_at_once_and_later_ones_wait_for_the_interval():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=10.0, clock=FakeClock())
    await batcher.add("Hel")
    await a_turn_of_the_loop()
    assert send.texts == ["Hel"]  # no waiting for the first token
    for piece in ("lo", ", ", "world"):
        await batcher.add(piece)
    await a_turn_of_the_loop()
    assert send.texts == ["Hel"]  # within the interval: collected, not sent
    await batcher.close()
    assert send.texts == ["Hel", "lo, world"]
    await batcher.close()
    assert send.texts == ["Hel", "lo, world"]  # nothing left, nothing sent


async def test_the_timer_sends_what_gathered_without_waiting_for_the_next_piece():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=0.05, clock=FakeClock())
    await batcher.add("a")
    await a_turn_of_the_loop()
    await batcher.add("b")
    await batcher.add("c")
    # The model pauses: no more pieces, no close; the timer alone must send the batch.
    await wait_until(lambda: len(send.texts) == 2, what="the timer's batch")
    assert send.texts == ["a", "bc"]
    await batcher.close()
    assert send.texts == ["a", "bc"]


async def test_a_piece_after_a_pause_longer_than_the_interval_is_sent_at_once():
    clock = FakeClock()
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=0.03, clock=clock)
    await batcher.add("a")
    await a_turn_of_the_loop()
    clock.now += 0.06
    await batcher.add("b")
    await a_turn_of_the_loop()
    assert send.texts == ["a", "b"]


async def test_pieces_that_arrive_in_the_same_turn_go_out_together_at_once():
    """What one network read brings (several events) is one batch, not the first event alone
    and the rest an interval later."""
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=10.0, clock=FakeClock())
    for piece in ("The ", "lamp ", "is lit."):
        await batcher.add(piece)
    await a_turn_of_the_loop()
    assert send.texts == ["The lamp is lit."]


async def test_zero_interval_sends_every_piece():
    send = Recorder()
    batcher = DeltaBatcher(send=send, interval=0)
    for piece in "abcd":
        await batcher.add(piece)
    await batcher.close()
    assert send.texts == ["a", "b", "c", "d"]


async def test_batches_stay_in_order_and_add_up_with_a_slow_channel_layer():
    gate = asyncio.Event()
    send = Recorder(gate=gate)
    batcher = DeltaBatcher(send=send, interval=0.01, clock=FakeClock())
    pieces = [f"{index}," for index in range(200)]
    first, rest = pieces[0], pieces[1:]

    async def first_piece():
        await batcher.add(first)

    writer = asyncio.create_task(first_piece())
    await wait_until(lambda: send.started == 1, what="the first send")
    for group_start in range(0, len(rest), 10):
        # Pieces keep arriving while a send is in flight.
        started = send.started
        for piece in rest[group_start : group_start + 10]:
            await batcher.add(piece)
        gate.set()  # the slow send finishes; the timer's next batch starts its own
        await wait_until(lambda: send.started > started, what="the next batch")  # noqa: B023
        gate.clear()
    gate.set()
    await writer
    await batcher.close()
    assert "".join(send.texts) == "".join(pieces)
    assert len(send.texts) < len(pieces) / 3


async def test_cancelling_the_writer_mid_send_loses_nothing():
    gate = asyncio.Event()
    send = Recorder(gate=gate)
    batcher = DeltaBatcher(send=send, interval=0.01, clock=FakeClock())

    async def write():
        await batcher.add("first")  # sent at once: cancelled while this send is in flight
        await asyncio.Event().wait()

    task = asyncio.create_task(write())
    await wait_until(lambda: send.started == 1, what="the send to start")
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await batcher.add(" second")
    gate.set()
    await batcher.close()
    assert "".join(send.texts) == "first second"


# ------------------------------------------------------------------ through the socket

over_a_socket = pytest.mark.django_db(transaction=True)
STALLS_AFTER = "tests.chat.fakes.StallsAfterBackend"


@database_sync_to_async
def saved_content(message_id: int) -> str:
    return Message.objects.get(pk=message_id).content


@over_a_socket
async def test_a_fast_model_streams_in_few_deltas_that_add_up_to_the_reply(thread, token, settings):
    # An interval longer than the whole reply takes: after the first piece, nothing is due
    # until the end, however fast or slow the machine is.
    settings.CHAT_DELTA_FLUSH_MS = 600_000
    # One character per piece: hundreds of pieces.
    use_chat_backend(settings, chunk_size=1, delay=0.001)
    ScriptedChatBackend.script(FAST_REPLY)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Quick!")
    await receive_until(ws, "reply.start")
    events = await receive_until(ws, "reply.end", timeout=15)

    deltas = [event for event in events if event["type"] == "reply.delta"]
    end = events[-1]
    assert end["status"] == "complete" and end["content"] == FAST_REPLY
    assert "".join(event["delta"] for event in deltas) == FAST_REPLY
    assert all(
        event["message_id"] == end["message_id"] and set(event) == {"type", "message_id", "delta"}
        for event in deltas
    )
    # At most one batch per interval: the first piece, then the rest at the end.
    assert [event["delta"] for event in deltas] == [FAST_REPLY[0], FAST_REPLY[1:]]
    await ws.disconnect()


@over_a_socket
async def test_a_model_slower_than_the_interval_gets_a_delta_per_piece(thread, token, settings):
    settings.CHAT_DELTA_FLUSH_MS = 20
    use_chat_backend(settings, chunk_size=5, delay=0.08)
    ScriptedChatBackend.script("One, two, three.")
    ws = await connect(thread.pk, token)
    await send_message(ws, "Count.")
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
    settings.CHAT_DELTA_FLUSH_MS = 600_000  # what follows the first piece gathers in the batch
    use_chat_backend(settings, STALLS_AFTER, before=FAST_REPLY[:60], chunk_size=3)
    ws = await connect(thread.pk, token)
    await send_message(ws, "Go on.")
    events = await receive_until(ws, "reply.delta")
    reply_id = events[-1]["message_id"]

    # The model has written all it will (the progress save shows it), most of it unsent.
    async def all_of_it_saved() -> bool:
        return await saved_content(reply_id) == FAST_REPLY[:60]

    await wait_until(all_of_it_saved, what="the streamed text to be saved")
    await ws.send_json_to({"type": "reply.stop"})
    events += await receive_until(ws, "reply.end")
    end = events[-1]
    assert end["status"] == "interrupted" and end["content"] == FAST_REPLY[:60]
    deltas = [e["delta"] for e in events if e["type"] == "reply.delta"]
    assert deltas == [FAST_REPLY[:3], FAST_REPLY[3:60]]
    assert "".join(deltas) == end["content"]
    await ws.disconnect()
