"""The adapter's streamed reply read over a real socket from the fake server, sent exactly
as given: events split across reads, several ``data:`` lines, keep-alive comments, error
events, ``[DONE]``. What a user sees is the reply's text, whole and in order, or a readable
error after the text that did arrive."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from drawhisper.providers.base import ChatMessage, TransientProviderError
from tests.providers.openai_adapter import server_adapter
from tests.support.openai_server import FakeOpenAIServer

MESSAGES = [ChatMessage("system", "You are Ada."), ChatMessage("user", "Hello!")]
# Long enough between pieces that each arrives in a read of its own.
BETWEEN_PIECES = 0.05


@pytest.fixture
def server():
    with FakeOpenAIServer() as running:
        yield running


def chunk(content: str | None = None, *, finish: str | None = None, **delta) -> str:
    if content is not None:
        delta["content"] = content
    return json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "fake-chat",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
    )


def event(data: str) -> str:
    return f"data: {data}\n\n"


async def stream(
    server, pieces: list[str], *, read_interval: float = 0.0, gzip: bool = False
) -> tuple[list[str], Exception | None]:
    server.push({"events": pieces, "delay": BETWEEN_PIECES, "match": "stream", "gzip": gzip})
    llm = server_adapter(server, max_retries=0)
    received: list[str] = []
    try:
        async for delta in llm.stream(MESSAGES, read_interval=read_interval):
            received.append(delta)
    except Exception as error:  # noqa: BLE001 - the test looks at it
        return received, error
    return received, None


# Read at most every 0.12 s: several of the pieces (0.05 s apart) come in one read.
@pytest.mark.parametrize("read_interval", [0.0, 0.12], ids=["every read", "paced reads"])
async def test_events_split_across_reads_with_comments_and_multi_line_data_arrive_whole(
    server, read_interval
):
    second = event(chunk("lamp is lit, "))
    pieces = [
        ": keep-alive\n\n",
        event(chunk(role="assistant", content="")),
        event(chunk("The ")),
        second[:9],  # a read ends inside the JSON
        second[9:],
        ": ping\n\n",
        # one event whose JSON spans two data lines
        "data: " + chunk("and the sea is calm.").replace(', "delta"', ',\ndata: "delta"'),
        "\n\n",
        event(chunk(finish="stop")),
        "data: [DO",
        "NE]\n\n",
    ]

    received, error = await stream(server, pieces, read_interval=read_interval)

    assert error is None
    assert "".join(received) == "The lamp is lit, and the sea is calm."
    assert received == ["The ", "lamp is lit, ", "and the sea is calm."]


# The body as the server sends it, and gzip-compressed (as a compressing proxy may send it):
# the adapter reads the first off the connection's raw bytes, the second decoded.
@pytest.mark.parametrize("gzip", [False, True], ids=["plain body", "gzip body"])
async def test_crlf_events_split_anywhere_across_reads_arrive_whole(server, gzip):
    first = f"data: {chunk('Über ')}\r\n\r\n"
    second = f"data: {chunk('the reef, ')}\r\n\r\n"
    pieces = [
        ": keep-alive\r\n\r\n",
        first[:4],  # a read ends inside the field name
        first[4:20],
        first[20:],
        second[:-3],  # a read ends between the blank line's CR and its LF
        second[-3:-1],
        second[-1:] + f"data: {chunk('three lanterns.')}\r",
        "\n\r\n" + f"data: {chunk(finish='stop')}\r\n\r\ndata: [DONE]\r\n\r\n",
    ]

    received, error = await stream(server, pieces, gzip=gzip)

    assert error is None
    assert received == ["Über ", "the reef, ", "three lanterns."]
    assert server.requests()[-1]["body"]["stream"] is True


async def test_done_ends_the_reply_and_nothing_after_it_is_shown(server):
    received, error = await stream(
        server, [event(chunk("All said.")), event("[DONE]"), event(chunk(" And more?"))]
    )

    assert (received, error) == (["All said."], None)


@pytest.mark.parametrize(
    "error_event",
    [
        event(json.dumps({"error": {"message": "The model is overloaded.", "type": "server"}})),
        "event: error\n" + event(json.dumps({"message": "The model is overloaded."})),
    ],
    ids=["error object", "error event"],
)
async def test_an_error_mid_stream_keeps_the_text_so_far_and_is_a_readable_error(
    server, error_event
):
    received, error = await stream(server, [event(chunk("Half a sen")), error_event])

    assert received == ["Half a sen"]
    assert isinstance(error, TransientProviderError)
    assert "could not be read" in str(error) and "Try again" in str(error)


async def test_an_event_that_is_not_json_is_a_readable_error(server):
    received, error = await stream(server, [event(chunk("Fine so far.")), event("{not json")])

    assert received == ["Fine so far."]
    assert isinstance(error, TransientProviderError)
    assert "could not be read" in str(error)


async def test_a_reasoning_models_thoughts_are_not_part_of_the_reply(server):
    received, error = await stream(
        server,
        [
            event(chunk(reasoning_content="The user greets me; ")),
            event(chunk(reasoning_content="answer warmly.")),
            event(chunk("Hello to you too!")),
            event("[DONE]"),
        ],
    )

    assert (received, error) == (["Hello to you too!"], None)


async def test_paced_streams_reuse_one_kept_alive_connection_and_arrive_whole():
    """A paced stream hands its connection back as it found it: the next request on that
    connection (paced or not) reads its whole reply."""
    with FakeOpenAIServer(keep_alive=True) as kept_alive:
        llm = server_adapter(kept_alive, max_retries=0)
        texts = []
        for read_interval in (0.05, 0.05, 0.0):
            kept_alive.push(
                {"text": "Three lamps burn on the cliff.", "chunk_size": 3, "delay": 0.01}
            )
            texts.append(
                "".join([d async for d in llm.stream(MESSAGES, read_interval=read_interval)])
            )
        assert texts == ["Three lamps burn on the cliff."] * 3
        peers = {request["peer"] for request in kept_alive.requests()}
        assert len(peers) == 1


async def test_a_paced_stream_closed_while_it_waits_leaves_the_next_reply_whole():
    """A reply stopped between two reads (the stream closed while it waits for the next)."""
    with FakeOpenAIServer(keep_alive=True) as kept_alive:
        llm = server_adapter(kept_alive, max_retries=0)
        kept_alive.push({"text": "A long answer, " * 20, "chunk_size": 4, "delay": 0.01})
        pieces = llm.stream(MESSAGES, read_interval=0.5)
        first = await anext(pieces)
        await pieces.aclose()
        kept_alive.push("Whole again.")
        again = "".join([d async for d in llm.stream(MESSAGES, read_interval=0.05)])
        assert first and (first, again) == ("A long answer, "[: len(first)], "Whole again.")


async def test_paced_reads_never_hold_back_the_first_text(server):
    """The role and a reasoning model's thoughts come before the first text, each in a read
    of its own: no read before the text is paced, so with reads a minute apart the first text still arrives as soon as it is sent
    (the bound is far below the minute a paced read would wait, on any machine)."""
    server.push(
        {
            "events": [
                event(chunk(role="assistant", content="")),
                event(chunk(reasoning_content="Greet them at dawn.")),
                event(chunk("First light.")),
                event(chunk(finish="stop")),
                event("[DONE]"),
            ],
            "delay": BETWEEN_PIECES,
            "match": "stream",
        }
    )
    llm = server_adapter(server, max_retries=0)
    pieces = llm.stream(MESSAGES, read_interval=60.0)
    try:
        assert await asyncio.wait_for(anext(pieces), timeout=20) == "First light."
    finally:
        await pieces.aclose()


async def test_a_reply_through_the_adapter_writes_no_log_line_per_request(server, caplog):
    """A streamed reply and a completion each make one HTTP request; the HTTP client's
    INFO line per request is quieted (it would be one line per chat turn), its warnings
    still show."""
    server.push("Good evening.")
    server.push("A summary.")
    llm = server_adapter(server, max_retries=0)
    with caplog.at_level(logging.INFO):
        assert "".join([delta async for delta in llm.stream(MESSAGES)]) == "Good evening."
        assert (await asyncio.to_thread(llm.complete, MESSAGES)).text == "A summary."

    assert len(server.requests()) == 2
    assert [record.getMessage() for record in caplog.records if "HTTP" in record.getMessage()] == []
    assert logging.getLogger("httpx2").isEnabledFor(logging.WARNING)
