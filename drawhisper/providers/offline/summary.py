"""Offline summaries: extractive, from the most salient sentences of the transcript.

The new summary keeps the opening sentence of the previous rolling summary (where the story
began) and its most salient other sentence (three when there is no new transcript, as in the
daily consolidation of recent summaries), then the best sentences of the new transcript in
the order they were said, reported in third person. Typed statements (events, relationships,
preferences...) outrank plain talk. Length is capped in sentences and characters; sentences
are dropped whole, never cut. The offline model's own replies (``reply.is_stand_in``) are
not part of the story and are left out, as is any earlier summary sentence that retells one.
A speaker who told the name they go by ("call me Wren", "my name is Wren", "I'm Wren.") is
named by it in the new sentences, as the story calls them, not by the transcript's label."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.memory_types import classify, type_bonus
from drawhisper.providers.offline.reply import is_stand_in, mentions_stand_in
from drawhisper.providers.offline.sentences import (
    STOPWORDS,
    Sentence,
    make_sentence,
    overlaps,
    ranked,
    report,
    salience,
    speaker_names,
    split_sentences,
)

MAX_NEW_SENTENCES = 5
MAX_PREVIOUS_SENTENCES = 2  # 4 when there is no new transcript (daily consolidation)
MAX_CHARACTERS = 900
_SENTENCE_END = re.compile(r"(?:(?<=[.!?…])|(?<=[.!?…][\"”]))\s+")


@dataclass(frozen=True)
class Summary:
    text: str
    kept: int
    considered: int


def summarize(turns: Sequence[Turn], previous: str = "") -> Summary:
    sentences = split_sentences([turn for turn in turns if not is_stand_in(turn.text)])
    scores = _typed_salience(sentences)
    wanted = min(MAX_NEW_SENTENCES, max(1, math.ceil(len(sentences) / 4)))
    chosen: list[Sentence] = []
    for sentence in ranked(sentences, scores):
        if len(chosen) == wanted:
            break
        if not overlaps(sentence, chosen):
            chosen.append(sentence)
    chosen.sort(key=lambda sentence: sentence.index)
    given = given_names(turns)
    chosen = [
        replace(sentence, speaker=given[sentence.speaker])
        if sentence.speaker in given
        else sentence
        for sentence in chosen
    ]

    limit = MAX_PREVIOUS_SENTENCES if sentences else 2 * MAX_PREVIOUS_SENTENCES
    parts = _best_of_previous(previous, speaker_names(turns), limit)
    parts += [report(sentence) for sentence in chosen]
    if not parts:
        return Summary("Nothing of note has happened yet.", 0, 0)
    kept: list[str] = []
    for part in parts:
        if kept and len(" ".join([*kept, part])) > MAX_CHARACTERS:
            break
        kept.append(part)
    return Summary(" ".join(kept), len(chosen), len(sentences))


# The name a speaker says they go by: "call me Wren", "my name is Wren", "I go by Wren", or
# "I'm Wren" as a sentence of its own ("Hi! I'm Wren."). A capitalised word that is a common
# word or a state ("I'm Sorry.", "I'm Back!") names no one.
_GIVEN_NAME = re.compile(
    r"\b(?i:call me|my name is|my name's|i go by)\s+([A-Z][a-z]+)\b"
    r"|(?:^|[.!?]\s+)(?:(?i:hi|hello|hey|oh)\W+)?(?i:i'm|i am|im)\s+([A-Z][a-z]+)\s*(?=[.!,]|$)"
)
_NOT_A_NAME = frozenset(
    """sorry fine back here home okay ok tired done ready sure good great glad new late early
    english irish scottish welsh british french german spanish italian american""".split()
)


def given_names(turns: Sequence[Turn]) -> dict[str, str]:
    """Each speaker's name as they told it, the last one told; none for the stand-in."""
    found: dict[str, str] = {}
    for turn in turns:
        if is_stand_in(turn.text):
            continue
        for match in _GIVEN_NAME.finditer(turn.text.replace("’", "'")):
            name = match.group(1) or match.group(2)
            if name.casefold() in STOPWORDS or name.casefold() in _NOT_A_NAME:
                continue
            if name.casefold() != turn.speaker.casefold():
                found[turn.speaker] = name
    return found


def _typed_salience(sentences: Sequence[Sentence]) -> dict[int, float]:
    bonus = {sentence.index: type_bonus(classify(sentence.text)) for sentence in sentences}
    return salience(sentences, bonus=bonus)


def _best_of_previous(previous: str, names: frozenset[str], limit: int) -> list[str]:
    pieces = [
        piece.strip()
        for piece in _SENTENCE_END.split(previous.strip())
        if piece.strip() and not mentions_stand_in(piece)
    ]
    if len(pieces) <= limit:
        return pieces
    rest = [make_sentence("", piece, index, names=names) for index, piece in enumerate(pieces)]
    rest = [sentence for sentence in rest[1:] if sentence.words]
    if not rest:
        return pieces[:1]
    best = ranked(rest, _typed_salience(rest))[: limit - 1]
    return [pieces[0], *(sentence.text for sentence in sorted(best, key=lambda s: s.index))]
