"""Offline summaries: extractive, from the most salient sentences of the transcript.

The new summary keeps the opening sentence of the previous rolling summary (where the story
began) and its most salient other sentence (three when there is no new transcript, as in the
daily consolidation of recent summaries), then the best sentences of the new transcript in
the order they were said, reported in third person. Typed statements (events, relationships,
preferences...) outrank plain talk. Length is capped in sentences and characters; sentences
are dropped whole, never cut. The offline model's own replies (``reply.is_stand_in``) are
not part of the story and are left out, as is any earlier summary sentence that retells one."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.memory_types import classify, type_bonus
from drawhisper.providers.offline.reply import is_stand_in, mentions_stand_in
from drawhisper.providers.offline.sentences import (
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
