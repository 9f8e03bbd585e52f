"""Cutting a document into passages: headings, paragraphs, sizes, positions, PDF pages."""

from __future__ import annotations

import pytest

from memories.documents import DocumentError, Page, chunk_pages, read_pages, sniff
from memories.documents.chunking import joined_text
from tests.support.pdf import text_pdf

WORLD_BIBLE = """# The Harbour

Ships come in at dawn, when the fog lifts off the water.

The harbourmaster, Edda Voss, keeps a ledger of every hull.

## The docks

Dock three has been closed since the fire of the long winter.

### Night watch

Two lanterns burn at the end of the pier.

# The Lighthouse

```
# this is code, not a heading
```

The keeper is Oren, who never leaves the tower.
"""


def test_headings_start_chunks_and_nest_into_a_path():
    chunks = chunk_pages([Page(WORLD_BIBLE)], markdown=True)
    assert [(chunk.heading, chunk.text.split("\n")[0]) for chunk in chunks] == [
        ("The Harbour", "Ships come in at dawn, when the fog lifts off the water."),
        (
            "The Harbour › The docks",
            "Dock three has been closed since the fire of the long winter.",
        ),
        ("The Harbour › The docks › Night watch", "Two lanterns burn at the end of the pier."),
        ("The Lighthouse", "```"),
    ]
    # Paragraphs under one heading share a chunk while they fit; a fenced "#" is text.
    assert "Edda Voss" in chunks[0].text
    assert "# this is code, not a heading" in chunks[3].text
    assert "Oren" in chunks[3].text


def test_offsets_point_at_the_chunk_text_exactly():
    pages = [Page(WORLD_BIBLE)]
    text = joined_text(pages)
    for chunk in chunk_pages(pages, markdown=True):
        assert text[chunk.start : chunk.end] == chunk.text
        assert chunk.page is None
    assert [chunk.index for chunk in chunk_pages(pages, markdown=True)] == [0, 1, 2, 3]


def test_plain_text_has_no_headings_and_splits_at_paragraphs():
    text = "# not a heading in plain text\n\nFirst paragraph.\n\nSecond paragraph."
    chunks = chunk_pages([Page(text)], markdown=False, target_chars=20)
    assert [chunk.heading for chunk in chunks] == ["", "", ""]
    assert [chunk.text for chunk in chunks] == [
        "# not a heading in plain text",
        "First paragraph.",
        "Second paragraph.",
    ]


def test_paragraphs_pack_up_to_the_target_and_long_ones_split_at_sentences():
    sentence = "The tide turns twice a day along the old sea wall. "
    long_paragraph = (sentence * 40).strip()  # about 2,000 characters
    text = f"short one\n\nshort two\n\n{long_paragraph}"
    chunks = chunk_pages([Page(text)], target_chars=300, max_chars=500)
    assert chunks[0].text == "short one\n\nshort two"
    assert all(len(chunk.text) <= 500 for chunk in chunks)
    assert all(chunk.text.endswith("wall.") for chunk in chunks[1:])
    joined = joined_text([Page(text)])
    assert all(joined[c.start : c.end] == c.text for c in chunks)
    # Nothing is lost: every sentence is in exactly one chunk.
    assert sum(chunk.text.count("The tide turns") for chunk in chunks) == 40


def test_pdf_pages_become_chunks_that_name_their_page():
    data = text_pdf(
        [
            ["The Harbour", "Ships come in at dawn."],
            ["The Lighthouse", "The keeper is Oren, who never leaves the tower."],
            ["The Market", "Fish is sold at noon."],
        ]
    )
    assert sniff(data, name="bible.pdf").content_type == "application/pdf"
    pages = read_pages(data, content_type="application/pdf")
    chunks = chunk_pages(pages)
    assert [(chunk.page, chunk.text.split("\n")[0]) for chunk in chunks] == [
        (1, "The Harbour"),
        (2, "The Lighthouse"),
        (3, "The Market"),
    ]
    assert "Oren" in chunks[1].text
    text = joined_text(pages)
    assert all(text[chunk.start : chunk.end] == chunk.text for chunk in chunks)


def test_a_chunk_never_crosses_a_page():
    data = text_pdf([["alpha"], ["beta"]])
    chunks = chunk_pages(read_pages(data, content_type="application/pdf"), target_chars=10_000)
    assert [(chunk.page, chunk.text) for chunk in chunks] == [(1, "alpha"), (2, "beta")]


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        (b"", "a.txt", "The file is empty."),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "notes.md", "Only text, Markdown or PDF"),
        ("caf\xe9".encode("latin-1"), "notes.txt", "Only text, Markdown or PDF"),
        (b"%PDF-1.4\nthis is not a real pdf at all", "bible.pdf", "The PDF could not be read"),
        (b"   \n\n  ", "blank.md", "The file has no text."),
    ],
)
def test_unusable_files_are_refused_with_a_sentence(data, name, message):
    with pytest.raises(DocumentError, match=message.replace("(", r"\(")):
        sniff(data, name=name)


def test_a_pdf_without_text_is_refused():
    with pytest.raises(DocumentError, match="no text"):
        sniff(text_pdf([[], []]), name="scan.pdf")


def test_type_comes_from_the_bytes_not_the_name():
    assert sniff(b"# Title\n\ntext", name="notes.md").content_type == "text/markdown"
    assert sniff(b"# Title\n\ntext", name="notes.txt").content_type == "text/plain"
    assert sniff(text_pdf([["hello"]]), name="notes.txt").content_type == "application/pdf"
    # A BOM and Windows line ends are fine.
    assert sniff(b"\xef\xbb\xbfone\r\ntwo", name="a.txt").pages[0].text == "one\ntwo"
