"""What an uploaded file is, and its text: sniffed from the bytes, never from the name or the
browser's content type.

- ``%PDF-`` at the start: a PDF, read with pypdf, one :class:`~.chunking.Page` per page. An
  encrypted PDF without an empty password, one pypdf cannot parse, or one without any text
  (scanned pages) is refused with a sentence saying so.
- Otherwise the bytes must be UTF-8 text (a BOM is allowed) without NUL bytes: Markdown when
  the name ends in ``.md`` or ``.markdown``, plain text otherwise.
- Anything else (an image, a Word file, a zip ...) is refused.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass

from memories.documents.chunking import Page

logger = logging.getLogger(__name__)

PDF = "application/pdf"
MARKDOWN = "text/markdown"
TEXT = "text/plain"
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
# Pages looked at when a PDF is uploaded (the worker reads the rest).
PDF_CHECK_PAGES = 3


class DocumentError(ValueError):
    """The file cannot become a lore document; ``str(error)`` is a sentence for the user."""


@dataclass(frozen=True)
class Sniffed:
    content_type: str
    pages: tuple[Page, ...] = ()  # filled for text; a PDF is read page by page later


def _pdf_reader(data: bytes):
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentError("The PDF is password-protected; upload it without a password.")
        len(reader.pages)  # parses the page tree: a broken one fails here
    except DocumentError:
        raise
    except Exception as error:  # pypdf raises many types for broken files
        raise DocumentError(f"The PDF could not be read ({_reason(error)}).") from error
    return reader


def _reason(error: Exception) -> str:
    text = str(error).strip().rstrip(".") or type(error).__name__
    return text[:200]


def _page_text(page, number: int) -> str:
    try:
        text = page.extract_text() or ""
    except Exception as error:
        raise DocumentError(
            f"Page {number} of the PDF could not be read ({_reason(error)})."
        ) from error
    return text.replace("\x00", "").replace("\r\n", "\n")


def sniff(data: bytes, *, name: str) -> Sniffed:
    """The file's type (and its text when it is text); raises DocumentError if unusable."""
    if not data:
        raise DocumentError("The file is empty.")
    if data.lstrip()[:5] == b"%PDF-":
        reader = _pdf_reader(data)
        if not reader.pages:
            raise DocumentError("The PDF has no pages.")
        checked = [
            _page_text(page, number)
            for number, page in enumerate(reader.pages[:PDF_CHECK_PAGES], start=1)
        ]
        if len(reader.pages) <= PDF_CHECK_PAGES and not any(text.strip() for text in checked):
            raise DocumentError(_NO_TEXT)
        return Sniffed(PDF)
    if b"\x00" in data:
        raise DocumentError(_WRONG_TYPE)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DocumentError(_WRONG_TYPE) from error
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise DocumentError("The file has no text.")
    content_type = MARKDOWN if name.lower().endswith(MARKDOWN_SUFFIXES) else TEXT
    return Sniffed(content_type, (Page(text),))


_WRONG_TYPE = (
    "Only text, Markdown or PDF files can be uploaded; this file is none of them "
    "(text must be UTF-8)."
)
_NO_TEXT = "The PDF has no text to read (scanned pages need text recognition first)."


def read_pages(data: bytes, *, content_type: str, name: str = "") -> list[Page]:
    """The document's text as pages, for chunking."""
    if content_type != PDF:
        return list(sniff(data, name=name).pages)
    reader = _pdf_reader(data)
    pages = [
        Page(_page_text(page, number), number) for number, page in enumerate(reader.pages, start=1)
    ]
    if not any(page.text.strip() for page in pages):
        raise DocumentError(_NO_TEXT)
    return pages
