"""Meaning in the local support check, through the embedder: how close an unsaid word
comes to the cited words (paraphrase, invented details) and how close a claim comes to
the best window of the cited messages (a run of them, or one sentence)."""

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


def invented_details(
    claim: str,
    texts: Sequence[str],
    *,
    thread: Sequence[str],
    embedder,
    closeness: dict[str, tuple[float, float]] | None = None,
    names: Iterable[str] = (),
) -> list[str]:
    """The claim's details that nothing backs: a content word that the cited messages do not
    say (not one of ``names``, which the chat says), and that they do not come close to in
    meaning (``word_closeness``: its best cosine to one of their words plus its mean cosine
    to all of them below ``CLOSE_WORD`` for a word rare in the thread, ``rarity`` at least
    ``RARE_WORD``, below ``CLOSE_SAID_WORD`` for one the thread says elsewhere). A
    paraphrase ("adores" for "loves") is close to a cited word and fits the messages'
    subject; an invented place or object fits neither."""
    # Read once: a set built per word cost a copy each, and a generator passed as ``names``
    # would have been used up by the first word, letting every later name count as a detail.
    named = set(names)
    candidates = [
        word
        for word in unsaid_words(claim, texts)
        if not is_number(word) and lemma(word) not in GENERAL_VERBS and word not in named
    ]
    if not candidates:
        return []
    if closeness is None or any(word not in closeness for word in candidates):
        closeness = word_closeness(candidates, texts, embedder)
    return [
        word
        for word in candidates
        if sum(closeness[word])
        < (CLOSE_WORD if rarity(word, thread) >= RARE_WORD else CLOSE_SAID_WORD)
    ]


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
    candidates = windows(texts)
    if not candidates:
        return 0.0
    claim = embedder.embed_query(content)
    return max(_cosine(claim, vector) for vector in embedder.embed_documents(candidates))


_PERSONAL = re.compile(
    r"\b(?:i|me|my|mine|myself|you|your|yours|yourself|ya|he|him|his|himself|she|her|hers"
    r"|herself|they|them|their|theirs|themself|themselves|we|us|our|ours|ourselves)"
    r"(?:['’](?:m|s|re|ve|ll|d))?(?![\w'’])",
    re.IGNORECASE,
)


def without_people(text: str, people: Sequence[str]) -> str:
    """``text`` with the chat's people's names and every personal pronoun left out, so what
    is said of someone reads the same in a memory ("Ada values having people around her")
    and in the message that said it ("...to have people around me")."""
    parts = sorted({part for person in people for part in person.split()}, key=len, reverse=True)
    if parts:
        names = "|".join(re.escape(part) for part in parts)
        text = re.sub(rf"\b(?:{names})(?:['’]s)?(?![\w'’])", " ", text)
    return re.sub(r"\s+", " ", _PERSONAL.sub(" ", text)).strip()


def person_free_similarity(
    content: str, texts: Sequence[str], embedder, *, people: Sequence[str]
) -> float:
    """``best_window_similarity`` with the people and the pronouns left out of the claim and
    of every window (``without_people``): MiniLM weighs a leading name and the person of a
    pronoun heavily, so a memory in the third person of a message in the first can sit far
    from the very sentence it reports. One embedding call."""
    claim = without_people(content, people)
    candidates = [
        text for text in dict.fromkeys(without_people(t, people) for t in windows(texts)) if text
    ]
    if not claim or not candidates:
        return 0.0
    vectors = embedder.embed_documents([claim, *candidates])
    return max(_cosine(vectors[0], vector) for vector in vectors[1:])
