"""Token counting that works offline: cl100k_base from the bundled ``bpe-openai`` vocabulary.

Counts are estimates for non-OpenAI models, which is what budgets need: the same text always
costs the same, and no budget is off by more than a few percent."""

from __future__ import annotations

from functools import lru_cache

import bpe_openai


@lru_cache(maxsize=1)
def _encoding():
    return bpe_openai.get_encoding("cl100k_base")


# Counts of texts up to this long are remembered (the latest 8,192): a chat turn counts the
# same recent messages, memories and headings as the turn before it.
CACHED_TEXT_CHARS = 4000


@lru_cache(maxsize=8192)
def _count_remembered(text: str) -> int:
    return len(_encoding().encode(text))


def count_tokens(text: str) -> int:
    if not text:
        return 0
    if len(text) <= CACHED_TEXT_CHARS:
        return _count_remembered(text)
    return len(_encoding().encode(text))


def truncate_to_tokens(text: str, max_tokens: int) -> str:
    """The longest prefix of ``text`` within ``max_tokens`` tokens, cut at a token boundary."""
    if max_tokens <= 0:
        return ""
    tokens = _encoding().encode(text)
    if len(tokens) <= max_tokens:
        return text
    return _encoding().decode(tokens[:max_tokens])
