"""Offline memory extraction: the one to three most salient sentences of a transcript,
attributed to their speaker and typed by the rule-based classifier.

Output matches the pipeline's schema: ``{"chunks": [{"title", "content", "type"}]}`` with
1 to 3 chunks and ``type`` one of the seven memory types. A transcript with nothing worth
keeping still yields one ``conversation`` chunk, so the contract always holds."""

from __future__ import annotations

import re
from collections.abc import Sequence

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.memory_types import classify, is_attitude_word, type_bonus
from drawhisper.providers.offline.sentences import (
    STOPWORDS,
    Sentence,
    overlaps,
    ranked,
    report,
    salience,
    shorten,
    speaker_names,
    split_sentences,
)

MAX_CHUNKS = 3
KEEP_RATIO = 0.55  # a chunk must score at least this share of the best sentence
MAX_CONTENT_CHARACTERS = 600
SHORT_SENTENCE_WORDS = 10  # titles quote sentences up to this long
_CONNECTORS = frozenset({"of", "the", "de", "la", "le", "von", "van", "del"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def extract_chunks(turns: Sequence[Turn]) -> list[dict[str, str]]:
    sentences = split_sentences(turns)
    if not sentences:
        return [_fallback_chunk(turns)]
    names = speaker_names(turns)
    types = {sentence.index: classify(sentence.text) for sentence in sentences}
    bonus = {index: type_bonus(kind) for index, kind in types.items()}
    scores = salience(sentences, bonus=bonus)
    best = scores[ranked(sentences, scores)[0].index]
    chosen: list[Sentence] = []
    for sentence in ranked(sentences, scores):
        if len(chosen) == MAX_CHUNKS or scores[sentence.index] < KEEP_RATIO * best:
            break
        if not overlaps(sentence, chosen):
            chosen.append(sentence)
    chosen.sort(key=lambda sentence: sentence.index)
    return [
        {
            "title": title_for(sentence, names),
            "content": shorten(report(sentence), MAX_CONTENT_CHARACTERS),
            "type": types[sentence.index],
        }
        for sentence in chosen
    ]


def title_for(sentence: Sentence, names: frozenset[str] = frozenset()) -> str:
    """ "Speaker: ..." with the sentence itself when it is short, otherwise its key phrases:
    the longest runs of content words, leaving out names and attitude words ("I really love
    the jasmine tea they sell at the harbour market" by Ada -> "Ada: jasmine tea, harbour
    market")."""
    words = _WORD.findall(sentence.text)
    if len(words) <= SHORT_SENTENCE_WORDS:
        return shorten(f"{sentence.speaker}: {sentence.text.rstrip('.!…')}", 80)
    runs: list[list[str]] = []
    current: list[str] = []
    for word in words:
        lower = word.lower().strip("'-")
        is_content = (
            len(lower) > 2
            and lower not in STOPWORDS
            and lower not in names
            and not is_attitude_word(lower)
        )
        if is_content:
            current.append(word)
        elif current and lower in _CONNECTORS:
            current.append(word)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    runs = [_trim_connectors(run) for run in runs]
    runs = [run for run in runs if run]
    if not runs:
        return shorten(f"{sentence.speaker}: {sentence.text.rstrip('.!?')}", 80)
    longest = sorted(range(len(runs)), key=lambda i: (-len(runs[i]), i))
    if len(runs[longest[0]]) == 1:
        picked = longest[:3]  # only single words: a few of them say more than one
    else:
        # The longest phrase, and a second one if it is more than a stray word.
        picked = [i for i in longest[:2] if i == longest[0] or len(runs[i]) > 1]
    phrase = ", ".join(" ".join(runs[i]) for i in sorted(picked))
    return shorten(f"{sentence.speaker}: {phrase}", 80)


def _trim_connectors(run: list[str]) -> list[str]:
    while run and run[-1].lower() in _CONNECTORS:
        run = run[:-1]
    return run


def _fallback_chunk(turns: Sequence[Turn]) -> dict[str, str]:
    speakers = list(dict.fromkeys(turn.speaker for turn in turns))
    if not speakers:
        return {
            "title": "A quiet moment",
            "content": "Nothing was said yet.",
            "type": "conversation",
        }
    who = (
        " and ".join(speakers[:2])
        if len(speakers) <= 2
        else f"{', '.join(speakers[:-1])} and {speakers[-1]}"
    )
    return {
        "title": f"Small talk between {who}" if len(speakers) > 1 else f"Small talk with {who}",
        "content": f"{who} exchanged a few words, nothing worth remembering in detail.",
        "type": "conversation",
    }
