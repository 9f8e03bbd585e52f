"""An existing memory as the prompt numbered it, the subject words of a title, and the
``same n`` test: the same type and the same words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from drawhisper.providers.offline.decisions.cues import (
    _WORD,
    FILLER_WORDS,
    SAME_OVERLAP,
)


@dataclass(frozen=True)
class Existing:
    """An existing memory as the prompt numbered it."""

    ref: int
    type: str
    title: str
    content: str


def _stem(word: str) -> str:
    # A plural names the same subject ("Cats" / "Cat"); "glass" keeps its s.
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def title_words(title: str, *, names: Iterable[str] = ()) -> frozenset[str]:
    """The words of a title that name its subject, casefolded and lightly stemmed."""
    ignored = set(FILLER_WORDS)
    for name in names:
        ignored.update(word.casefold() for word in _WORD.findall(name or ""))
    return frozenset(
        _stem(word)
        for word in (word.casefold() for word in _WORD.findall(title or ""))
        if word not in ignored
    )


def _content_words(text: str) -> frozenset[str]:
    return frozenset(_stem(word.casefold()) for word in _WORD.findall(text or ""))


def _normal(text: str) -> str:
    return " ".join(word.casefold() for word in _WORD.findall(text or ""))


def _jaccard(first: frozenset[str], second: frozenset[str]) -> float:
    if not first or not second:
        return 0.0
    return len(first & second) / len(first | second)


def is_same(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    if chunk["type"] != existing.type:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return True
    names = tuple(names)
    same_subject = title_words(chunk["title"], names=names) == title_words(
        existing.title, names=names
    )
    overlap = _jaccard(_content_words(chunk["content"]), _content_words(existing.content))
    return same_subject and overlap >= SAME_OVERLAP
