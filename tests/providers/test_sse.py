"""The event-stream reader under the chat adapters' streams, fed the body's bytes in the
pieces a socket may deliver them in (the adapter over a real server: test_openai_server)."""

from __future__ import annotations

import json

import pytest

from drawhisper.providers.sse import Event, events


async def read(*pieces: bytes) -> list[Event]:
    async def chunks():
        for piece in pieces:
            yield piece

    return [event async for event in events(chunks())]


def every_split(body: bytes) -> list[tuple[bytes, bytes]]:
    return [(body[:cut], body[cut:]) for cut in range(1, len(body))]


async def test_each_event_ends_at_a_blank_line():
    assert await read(b'data: {"a": 1}\n\ndata: {"b": 2}\n\ndata: [DONE]\n\n') == [
        Event('{"a": 1}'),
        Event('{"b": 2}'),
        Event("[DONE]"),
    ]


async def test_the_data_lines_of_one_event_are_joined_with_a_line_feed():
    [event] = await read(b'data: {"choices":\ndata: [{"delta": {"content": "Hi"}}]}\n\n')

    assert event.data == '{"choices":\n[{"delta": {"content": "Hi"}}]}'
    assert json.loads(event.data)["choices"][0]["delta"]["content"] == "Hi"


async def test_comments_and_other_fields_are_skipped_and_the_event_name_kept():
    body = (
        b": keep-alive\n\n"
        b"id: 7\nretry: 1000\n: still here\ndata: one\n\n"
        b'event: error\ndata: {"message": "overloaded"}\n\n'
        b"data:no space after the colon\n\n"
    )

    assert await read(body) == [
        Event("one"),
        Event('{"message": "overloaded"}', name="error"),
        Event("no space after the colon"),
    ]


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b"\r"])
async def test_any_line_ending_split_anywhere_gives_the_same_events(ending):
    lines = [b"data: caf\xc3\xa9", b"data: au lait", b"", b": ping", b"", b"data: [DONE]", b""]
    body = ending.join([*lines, b""])
    expected = [Event("café\nau lait"), Event("[DONE]")]

    assert await read(body) == expected
    for first, rest in every_split(body):  # a read ends inside a line, a CRLF or a character
        assert await read(first, rest) == expected, (first, rest)
    assert await read(*(body[index : index + 1] for index in range(len(body)))) == expected


async def test_a_bare_carriage_return_ends_its_line_at_once():
    """A read that ends with CR completes the line (a CRLF's LF may follow in the next read,
    and is then not a second line ending)."""
    assert await read(b"data: one\r\r", b"data: two\r", b"\n\r\n") == [Event("one"), Event("two")]


async def test_an_event_the_stream_ends_in_the_middle_of_is_not_delivered():
    assert await read(b"data: whole\n\n", b'data: {"cut off') == [Event("whole")]
    assert await read(b"data: no blank line after it\n") == []
