"""How a memory's text is used, written once: inside a prompt, and as its identity.

- ``memory_prompt_text``: ``"[type] title: content"``, what the model reads in the pinned,
  shared and retrieved layers; a memory's ``token_count`` counts this text.
- ``memory_content_hash``: the identity of a memory's text (type, title and content, each
  stripped), used to skip duplicates on import; the pipeline and the editing services store
  the same hash.

What a memory's vector is made of is the index's rule (``memories.index.memory_embedding_text``).
"""

from __future__ import annotations

import hashlib


def memory_prompt_text(*, type: str, title: str, content: str) -> str:
    """How a memory reads inside a chat prompt."""
    return f"[{type}] {title}: {content}"


def memory_text(memory) -> str:
    """``memory_prompt_text`` of anything with ``type``, ``title`` and ``content``."""
    return memory_prompt_text(type=memory.type, title=memory.title, content=memory.content)


def memory_content_hash(*, type: str, title: str, content: str) -> str:
    """Identity of a memory's text, used to skip duplicates on import."""
    normalised = "\n".join(part.strip() for part in (type, title, content))
    return hashlib.sha256(normalised.encode()).hexdigest()
