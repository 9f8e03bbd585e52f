"""Meaning in the local support check, through the embedder: how close an unsaid word
comes to the cited words (paraphrase, the details' margins) and how close a claim and each
of its clauses come to the best window of the cited messages (a run of them, or one
sentence)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from .words import GENERAL_VERBS, content_words, is_number, lemma, rarity, unsaid_words

MAX_WINDOW_MESSAGES = 8  # longer runs of cited messages are read as one window
RARE_WORD = 0.9  # ``rarity`` from which an unsaid word is a detail that must be backed
CLOSE_WORD = 0.6  # best plus mean word cosine from which the cited words back a detail
CLOSE_SAID_WORD = 0.5  # the same for a detail the chat says elsewhere (not ``RARE_WORD``)


def word_closeness(
    words: Sequence[str], texts: Sequence[str], embedder
) -> dict[str, tuple[float, float]]:
    """For each word, how close in meaning the cited messages come to it: the best cosine
    between its embedding and one of their content words', and the mean over all of them
    (how well it fits what they talk about). One embedding call for the lot."""
    said = list(dict.fromkeys(word for text in texts for word in content_words(text)))
    words = list(dict.fromkeys(words))
    if not words or not said:
        return {word: (0.0, 0.0) for word in words}
    vectors = embedder.embed_documents([*words, *said])
    said_vectors = vectors[len(words) :]
    closeness = {}
    for word, vector in zip(words, vectors, strict=False):
        cosines = [_cosine(vector, other) for other in said_vectors]
        closeness[word] = (max(cosines), sum(cosines) / len(cosines))
    return closeness


def detail_margins(
    claim: str,
    texts: Sequence[str],
    *,
    thread: Sequence[str],
    embedder,
    closeness: dict[str, tuple[float, float]] | None = None,
    names: Iterable[str] = (),
) -> dict[str, float]:
    """How far each of the claim's details is above the bar of being backed (negative: below
    it). A detail is a content word that the cited messages do not say (not one of ``names``,
    which the chat says, nor a verb of ``GENERAL_VERBS``); the bar is on its best cosine to
    one of their words plus its mean cosine to all of them (``word_closeness``): ``CLOSE_WORD``
    for a word rare in the thread (``rarity`` at least ``RARE_WORD``), ``CLOSE_SAID_WORD`` for
    one the thread says elsewhere. A paraphrase ("adores" for "loves") is close to a cited word
    and fits the messages' subject; an invented place or object fits neither."""
    # Read once: a set built per word cost a copy each, and a generator passed as ``names``
    # would have been used up by the first word, letting every later name count as a detail.
    named = set(names)
    candidates = [
        word
        for word in unsaid_words(claim, texts)
        if not is_number(word) and lemma(word) not in GENERAL_VERBS and word not in named
    ]
    if not candidates:
        return {}
    if closeness is None or any(word not in closeness for word in candidates):
        closeness = word_closeness(candidates, texts, embedder)
    return {
        word: round(
            sum(closeness[word])
            - (CLOSE_WORD if rarity(word, thread) >= RARE_WORD else CLOSE_SAID_WORD),
            4,
        )
        for word in candidates
    }


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    """A message's sentences."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


def windows(texts: Sequence[str]) -> list[str]:
    """Every run of consecutive texts (one to all of them), longer runs capped, and each
    sentence of a text that has more than one."""
    runs = []
    count = len(texts)
    for start in range(count):
        for end in range(start + 1, min(count, start + MAX_WINDOW_MESSAGES) + 1):
            runs.append(" ".join(texts[start:end]))
    if count > MAX_WINDOW_MESSAGES:
        runs.append(" ".join(texts))
    for text in texts:
        parts = sentences(text)
        if len(parts) > 1:
            runs.extend(parts)
    return list(dict.fromkeys(runs))


def best_window_similarity(content: str, texts: Sequence[str], embedder) -> float:
    return meaning_similarities(content, texts, embedder)[0]


# Where a claim's clauses part: punctuation, and the conjunctions and relative words that
# start a new statement inside a sentence ("... and finds it overwhelming", "... which holds
# special meaning to her", "... to support those with similar issues").
_CLAUSE_BREAK = re.compile(
    r"[,;:()]|\s(?:and|but|while|which|who|that|as|because|since|so|to|for)\s", re.IGNORECASE
)


def clauses(content: str) -> list[str]:
    """The claim's clauses that say something (two content words at least), or the claim
    whole when none does."""
    parts = [
        part.strip()
        for part in _CLAUSE_BREAK.split(content)
        if part and len(content_words(part)) >= 2
    ]
    return parts or [content]


def meaning_similarities(content: str, texts: Sequence[str], embedder) -> tuple[float, float]:
    """The best cosine between the claim and a window of the cited messages (``windows``),
    and the weakest of its clauses' best cosines to a window (``clauses``: a clause that
    none of the messages' runs or sentences comes near is a part of the claim they do not
    carry, however well the rest matches). Two embedding calls: the claim, then its clauses
    with the windows."""
    candidates = windows(texts)
    if not candidates:
        return 0.0, 0.0
    claim = embedder.embed_query(content)
    parts = clauses(content)
    vectors = embedder.embed_documents([*candidates, *parts])
    window_vectors, part_vectors = vectors[: len(candidates)], vectors[len(candidates) :]
    best = max(_cosine(claim, vector) for vector in window_vectors)
    weakest = min(max(_cosine(part, vector) for vector in window_vectors) for part in part_vectors)
    return best, weakest
