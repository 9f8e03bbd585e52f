"""How a memory's text is used, written once: inside a prompt, and as its identity.

- ``memory_prompt_text``: ``"[type] title: content"``, what the model reads in the pinned,
  shared and retrieved layers; a memory's ``token_count`` counts this text.
- ``memory_shown_title``: a memory's title, else its first words, as a receipt names it.
- ``memory_content_hash``: the identity of a memory's text (type, title and content, each
  stripped), used to skip duplicates on import; the pipeline and the editing services store
  the same hash.

- ``document_position`` / ``document_citation``: where a lore-document chunk sits
  (``page 3`` in a PDF, ``characters 1200-2400`` otherwise) and how the prompt and the
  receipt cite it (``world-bible.md › Harbour, characters 1200-2400``).

What a memory's vector is made of is the index's rule (``memories.index.memory_embedding_text``).
"""

from __future__ import annotations

import hashlib


def memory_prompt_text(*, type: str, title: str, content: str) -> str:
    """How a memory reads inside a chat prompt."""
    return f"[{type}] {title}: {content}"


def memory_shown_title(*, title: str, content: str, words: int = 8) -> str:
    """What a list that names a memory (a reply's receipt) calls it: its title, else the first
    words of what it says, so an untitled memory never reads as a bare id."""
    if title.strip():
        return title.strip()
    said = content.split()
    return " ".join(said[:words]) + ("…" if len(said) > words else "")


def memory_text(memory) -> str:
    """``memory_prompt_text`` of anything with ``type``, ``title`` and ``content``."""
    return memory_prompt_text(type=memory.type, title=memory.title, content=memory.content)


def memory_content_hash(*, type: str, title: str, content: str) -> str:
    """Identity of a memory's text, used to skip duplicates on import."""
    normalised = "\n".join(part.strip() for part in (type, title, content))
    return hashlib.sha256(normalised.encode()).hexdigest()


def document_position(*, page: int | None, start: int, end: int) -> str:
    return f"page {page}" if page is not None else f"characters {start}-{end}"


def document_citation(*, name: str, heading: str, page: int | None, start: int, end: int) -> str:
    place = f"{name} › {heading}" if heading else name
    return f"{place}, {document_position(page=page, start=start, end=end)}"
