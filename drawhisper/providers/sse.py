"""Server-sent events read from a streamed HTTP body: what the chat adapters' streams are.

``events(chunks)`` turns the body's byte chunks, as they arrive, into ``Event``s by the
event-stream rules of the HTML standard that chat-completion servers follow:

- a line ends with LF, CR or CRLF, and a line ending (or a UTF-8 character) may be split
  across reads; text is decoded once a line is whole;
- a blank line ends an event; the ``data:`` lines of one event are joined with LF;
- a line that starts with ``:`` is a comment (servers send them as keep-alives); an
  ``event:`` line names the event; other fields (``id``, ``retry``) are ignored; one space
  after the colon is not part of the value;
- an event with no data is not dispatched, and neither is a last event the stream ends in
  the middle of (no blank line after it).

Plain byte work per read, no objects per line beyond the values: this runs once per streamed
piece of every reply, in the web process's event loop."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator
from dataclasses import dataclass

_LINE_ENDS = (b"\n", b"\r")


@dataclass(frozen=True, slots=True)
class Event:
    data: str
    #: The ``event:`` field, "" when the event has none (a plain message).
    name: str = ""


async def events(chunks: AsyncIterable[bytes]) -> AsyncIterator[Event]:
    pending = b""  # the start of a line whose end has not arrived yet
    skip_lf = False  # the last read ended with CR: an LF at the start of the next is its CRLF
    data: list[bytes] = []
    name = b""
    async for chunk in chunks:
        if skip_lf and chunk:
            skip_lf = False
            if chunk[:1] == b"\n":
                chunk = chunk[1:]
        if pending:
            chunk, pending = pending + chunk, b""
        if not chunk:
            continue
        lines = chunk.splitlines()
        if not chunk.endswith(_LINE_ENDS):
            pending = lines.pop()
        elif chunk.endswith(b"\r"):
            skip_lf = True
        for line in lines:
            if not line:
                if data:
                    yield Event(b"\n".join(data).decode(), name.decode())
                data = []
                name = b""
            elif line[:1] == b":":
                continue
            else:
                field, _, value = line.partition(b":")
                if value[:1] == b" ":
                    value = value[1:]
                if field == b"data":
                    data.append(value)
                elif field == b"event":
                    name = value
