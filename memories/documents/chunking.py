"""Cut a document's text into passages for retrieval, remembering where each one sits.

Pure functions, no I/O. The input is the document's text as pages (one page with number
``None`` for text and Markdown, one per PDF page); the text a chunk's offsets point into is
those pages joined by a blank line (``joined_text``).

Rules:
- Markdown headings (``#`` to ``######`` at the start of a line, outside fenced code) start a
  new chunk and set the heading path (``Harbour › The docks``): a deeper heading nests, one
  of the same or a higher level replaces. Plain text has no headings.
- Paragraphs (separated by blank lines) are packed into chunks of up to ``target_chars``; a
  chunk never crosses a heading or a page boundary.
- A paragraph longer than ``max_chars`` is split at sentence ends (else at a space, else
  hard), so no chunk is longer than ``max_chars``.
- ``start``/``end`` are offsets into ``joined_text``: ``joined_text[start:end]`` is the
  chunk's text, exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

HEADING_SEPARATOR = " › "
PAGE_SEPARATOR = "\n\n"
TARGET_CHARS = 1200
MAX_CHARS = 2000

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
_SENTENCE_END = re.compile(r"[.!?…][\"')\]]*\s+")


@dataclass(frozen=True)
class Page:
    text: str
    number: int | None = None  # the PDF page, from 1; None for text and Markdown


@dataclass(frozen=True)
class Chunk:
    index: int
    text: str
    heading: str  # the heading path, "" before the first heading
    start: int
    end: int
    page: int | None = None


@dataclass(frozen=True)
class _Block:
    """A paragraph (or heading line) of one page, with its offsets in the joined text."""

    start: int
    end: int
    heading: tuple[int, str] | None = None  # (level, title) when the block is a heading


def joined_text(pages: Sequence[Page]) -> str:
    return PAGE_SEPARATOR.join(page.text for page in pages)


def _blocks(text: str, offset: int, *, markdown: bool) -> Iterator[_Block]:
    """Paragraphs and heading lines of one page, in order, with absolute offsets."""
    position = 0
    paragraph_start: int | None = None
    paragraph_end = 0
    in_fence = False
    for line in text.splitlines(keepends=True):
        line_start, position = position, position + len(line)
        stripped = line.strip()
        if markdown and _FENCE.match(line):
            in_fence = not in_fence
        heading = _HEADING.match(line.rstrip("\r\n")) if markdown and not in_fence else None
        if heading or not stripped:
            if paragraph_start is not None:
                yield _Block(offset + paragraph_start, offset + paragraph_end)
                paragraph_start = None
            if heading:
                content_end = line_start + len(line.rstrip())
                yield _Block(
                    offset + line_start,
                    offset + content_end,
                    heading=(len(heading.group(1)), heading.group(2).strip()),
                )
            continue
        if paragraph_start is None:
            paragraph_start = line_start + (len(line) - len(line.lstrip()))
        paragraph_end = line_start + len(line.rstrip())
    if paragraph_start is not None:
        yield _Block(offset + paragraph_start, offset + paragraph_end)


def _split_long(text: str, start: int, end: int, max_chars: int) -> Iterator[tuple[int, int]]:
    """``[start, end)`` of ``text`` in pieces of at most ``max_chars``, cut at sentence ends."""
    while end - start > max_chars:
        window = text[start : start + max_chars]
        cut = 0
        for match in _SENTENCE_END.finditer(window):
            if match.end() > max_chars // 3:
                cut = match.end()
        if not cut:
            space = window.rfind(" ", max_chars // 3)
            cut = space + 1 if space > 0 else max_chars
        piece_end = start + cut
        trimmed_end = piece_end
        while trimmed_end > start and text[trimmed_end - 1].isspace():
            trimmed_end -= 1
        yield start, trimmed_end
        start = piece_end
        while start < end and text[start].isspace():
            start += 1
    if end > start:
        yield start, end


def chunk_pages(
    pages: Sequence[Page],
    *,
    markdown: bool = False,
    target_chars: int = TARGET_CHARS,
    max_chars: int = MAX_CHARS,
) -> list[Chunk]:
    """The document's chunks in reading order (see the module docstring for the rules)."""
    text = joined_text(pages)
    chunks: list[Chunk] = []
    path: list[tuple[int, str]] = []

    def emit(start: int, end: int, page: int | None) -> None:
        heading = HEADING_SEPARATOR.join(title for _level, title in path)
        chunks.append(Chunk(len(chunks), text[start:end], heading, start, end, page))

    offset = 0
    for page in pages:
        current: tuple[int, int] | None = None  # the chunk being filled
        for block in _blocks(page.text, offset, markdown=markdown):
            if block.heading is not None:
                if current:
                    emit(*current, page.number)
                    current = None
                level, title = block.heading
                while path and path[-1][0] >= level:
                    path.pop()
                path.append((level, title))
                continue
            for start, end in _split_long(text, block.start, block.end, max_chars):
                if current and end - current[0] <= target_chars:
                    current = (current[0], end)
                    continue
                if current:
                    emit(*current, page.number)
                current = (start, end)
        if current:
            emit(*current, page.number)
        offset += len(page.text) + len(PAGE_SEPARATOR)
    return chunks
