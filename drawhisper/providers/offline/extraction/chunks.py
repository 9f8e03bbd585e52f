"""A conversation's chunks: its statements grouped by speaker and type into at most
``MAX_CHUNKS`` typed chunks (merged or split to fill them), else its most salient sentences,
else one ``conversation`` chunk, each citing the messages it was made from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.extraction.joining import join_changes
from drawhisper.providers.offline.extraction.titles import (
    _WORD,
    SHORT_SENTENCE_WORDS,
    TITLE_PHRASES,
    key_phrase,
    key_phrases,
    title_for,
)
from drawhisper.providers.offline.memory_types import classify, type_bonus
from drawhisper.providers.offline.reply import is_stand_in
from drawhisper.providers.offline.sentences import (
    Sentence,
    overlaps,
    ranked,
    report,
    salience,
    shorten,
    speaker_names,
    split_sentences,
)
from drawhisper.providers.offline.statements import Statement, find_statements

MAX_CHUNKS = 3
KEEP_RATIO = 0.55  # a chunk must score at least this share of the best sentence
MAX_CONTENT_CHARACTERS = 900
MAX_TITLE_CHARACTERS = 100
STATEMENTS_PER_CHUNK = 3  # a larger group is split when a chunk is free
OVERLAP = 0.6  # word overlap at which a statement only repeats an earlier one
_PLAIN = frozenset({"conversation", "fact"})  # what the classifier gives talk without a type
# How well two types share a chunk when there are more groups than chunks.
_AFFINITY = {
    frozenset({"emotion", "preference"}): 3.0,
    frozenset({"fact", "important_event"}): 3.0,
    frozenset({"fact", "relationship"}): 2.0,
    frozenset({"fact", "preference"}): 1.0,
    frozenset({"fact", "emotion"}): 1.0,
    frozenset({"relationship", "emotion"}): 1.0,
}
# A merged chunk takes the type most of its statements have; ties go to the earlier type.
TYPE_ORDER = (
    "emotion",
    "relationship",
    "important_event",
    "preference",
    "fact",
    "worldbuilding",
    "conversation",
)


def _seqs(items) -> list[int]:
    """The sorted seqs of the turns, sentences or statements a chunk is made from (and of
    the later messages joined to them)."""
    seqs = {item.seq for item in items} | {
        seq for item in items for seq in getattr(item, "seqs", ())
    }
    return sorted(seq for seq in seqs if seq is not None)


def extract_chunks(
    turns: Sequence[Turn], *, user: str | None = None, character: str | None = None
) -> list[dict[str, object]]:
    """The chunks of a conversation; ``user`` and ``character`` name its two people when
    the prompt says who is who (otherwise the stand-in's speaker is the character)."""
    stand_in_speakers = {turn.speaker for turn in turns if is_stand_in(turn.text)}
    spoken = [turn for turn in turns if not is_stand_in(turn.text)]
    speakers = list(dict.fromkeys(turn.speaker for turn in turns))
    if user is None and len(speakers) == 2 and len(stand_in_speakers) == 1:
        user = next(speaker for speaker in speakers if speaker not in stand_in_speakers)
        character = character or next(iter(stand_in_speakers))
    sentences = join_changes(split_sentences(spoken))
    if not sentences:
        return [_fallback_chunk(spoken or turns)]
    names = speaker_names(turns)
    partners = _partners(speakers, user=user, character=character)
    statements = _distinct(find_statements(sentences, other=partners))
    chunks = _statement_chunks(statements, user=user, names=names)
    if len(chunks) < MAX_CHUNKS:
        used = {statement.index for statement in statements}
        chunks += _salient_chunks(
            sentences, names, skip=used, limit=MAX_CHUNKS - len(chunks), typed_only=bool(chunks)
        )
    if not chunks:
        return [_fallback_chunk(spoken)]
    chunks.sort(key=lambda chunk: chunk[0])
    return [chunk for _, chunk in chunks]


def _partners(
    speakers: Sequence[str], *, user: str | None, character: str | None
) -> dict[str, str]:
    """Whom "you" means in each speaker's lines: the other of exactly two people."""
    if user and character:
        return {user: character, character: user}
    if len(speakers) == 2:
        return {speakers[0]: speakers[1], speakers[1]: speakers[0]}
    return {}


def _distinct(statements: Sequence[Statement]) -> list[Statement]:
    """Each thing said once: a statement that repeats an earlier one in other words is
    dropped (the first telling is kept)."""
    kept: list[Statement] = []
    for statement in statements:
        words = statement.words
        if any(
            other.speaker == statement.speaker
            and words
            and len(words & other.words) / len(words | other.words) >= OVERLAP
            for other in kept
        ):
            continue
        kept.append(statement)
    return kept


def _worth(statement: Statement, names: frozenset[str]) -> float:
    """How much a statement is worth keeping when not all fit: named things, numbers and
    typed feelings or likes beat a plain fact; stage directions count a little less."""
    words = statement.text.split()
    named = any(
        word[:1].isupper() and word.strip(".,!?;:'\"").lower() not in names and word != "I"
        for word in words[1:]
    )
    score = 1.0 + 0.3 * named + 0.2 * bool(re.search(r"\d", statement.text))
    score += 0.2 * (statement.type not in ("fact", "conversation"))
    return score - 0.3 * statement.narration


def _statement_chunks(
    statements: Sequence[Statement], *, user: str | None, names: frozenset[str]
) -> list[tuple[int, dict[str, object]]]:
    groups: dict[tuple[str, str], list[Statement]] = {}
    for statement in statements:
        groups.setdefault((statement.speaker, statement.type), []).append(statement)

    def priority(key: tuple[str, str]) -> tuple[int, float, int]:
        members = groups[key]
        total = sum(_worth(statement, names) for statement in members)
        return (0 if key[0] == user else 1, -total, members[0].index)

    order = sorted(groups, key=priority)
    kinds = {key: key[1] for key in groups}  # a merged group takes its majority's type
    while len(order) > MAX_CHUNKS:
        merge = _closest_pair(order, groups)
        if merge is None or (order[-1][0] != user and merge[0][0] == user):
            del groups[order.pop()]  # the character's lines give way to the user's
            continue
        kept, joined = merge
        members = sorted(groups[kept] + groups.pop(joined), key=lambda s: s.index)
        groups[kept] = members
        kinds[kept] = _majority_type(members)
        order.remove(joined)
    while len(order) < MAX_CHUNKS:
        largest = max(order, key=lambda key: (len(groups[key]), -order.index(key)), default=None)
        if largest is None or len(groups[largest]) <= STATEMENTS_PER_CHUNK:
            break
        members = groups.pop(largest)
        half = (len(members) + 1) // 2
        second = (largest[0], f"{largest[1]}#{len(order)}")
        groups[largest], groups[second] = members[:half], members[half:]
        kinds[second] = kinds[largest]
        order.insert(order.index(largest) + 1, second)
    return [_statement_chunk(groups[key], kind=kinds[key], names=names) for key in order]


def _closest_pair(
    order: Sequence[tuple[str, str]], groups: dict[tuple[str, str], list[Statement]]
) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """Which two groups of one speaker become one chunk: the most akin types (``_AFFINITY``),
    then the smallest group joining; ``(kept, joined)``, or None when no speaker has two.
    Only the least important speaker's groups are merged (the character's before the user's)."""
    speakers = list(dict.fromkeys(key[0] for key in order))
    for speaker in reversed(speakers):
        mine = [key for key in order if key[0] == speaker]
        if len(mine) < 2:
            continue
        best = None
        for position, first in enumerate(mine):
            for second in mine[position + 1 :]:
                affinity = _AFFINITY.get(frozenset({first[1], second[1]}), 0.0)
                kept, joined = (
                    (first, second)
                    if len(groups[first]) >= len(groups[second])
                    else (second, first)
                )
                rank = (-affinity, len(groups[joined]) + len(groups[kept]), order.index(joined))
                if best is None or rank < best[0]:
                    best = (rank, kept, joined)
        return best[1], best[2]
    return None


def _majority_type(members: Sequence[Statement]) -> str:
    counts = {kind: sum(1 for s in members if s.type == kind) for kind in TYPE_ORDER}
    return max(TYPE_ORDER, key=lambda kind: (counts[kind], -TYPE_ORDER.index(kind)))


def _statement_chunk(
    members: Sequence[Statement], *, kind: str, names: frozenset[str]
) -> tuple[int, dict[str, object]]:
    speaker = members[0].speaker
    content: list[str] = []
    phrases: list[str] = []
    told: list[Statement] = []
    for statement in members:
        if content and len(" ".join([*content, statement.reported])) > MAX_CONTENT_CHARACTERS:
            break
        content.append(statement.reported)
        told.append(statement)
        phrase = key_phrase(statement.text, names, start=statement.anchor)
        if phrase and phrase.lower() not in (p.lower() for p in phrases):
            phrases.append(phrase)
    label = ", ".join(phrases[:TITLE_PHRASES])
    if len(content) == 1 and len(label.split()) < 2:
        # One statement whose key phrase is a stray word: a short one says it best in its
        # own words, a long one in its two best phrases.
        own = " ".join(members[0].text.split())
        two = key_phrases(members[0].text, names, start=members[0].anchor)
        if len(_WORD.findall(own)) > SHORT_SENTENCE_WORDS and len(two) > 1:
            own = ", ".join(two)
        label = own.rstrip(".!…")
    title = f"{speaker}: {label}" if label else speaker
    return members[0].index, {
        "title": shorten(title, MAX_TITLE_CHARACTERS),
        "content": shorten(" ".join(content), MAX_CONTENT_CHARACTERS),
        "type": kind,
        "source_seqs": _seqs(told),
    }


def _salient_chunks(
    sentences: Sequence[Sentence],
    names: frozenset[str],
    *,
    skip: set[int],
    limit: int,
    typed_only: bool,
) -> list[tuple[int, dict[str, object]]]:
    """The most salient sentences (not already kept as statements), one chunk each; beside
    statement chunks only typed ones (an event, a place of the story, a liking), never plain
    talk or a plain "is" sentence."""
    types = {sentence.index: classify(sentence.text) for sentence in sentences}
    bonus = {index: type_bonus(kind) for index, kind in types.items()}
    scores = salience(sentences, bonus=bonus)
    order = ranked(sentences, scores)
    best = scores[order[0].index]
    chosen: list[Sentence] = []
    for sentence in order:
        if len(chosen) == limit or scores[sentence.index] < KEEP_RATIO * best:
            break
        if sentence.index in skip or (typed_only and types[sentence.index] in _PLAIN):
            continue
        if not overlaps(sentence, chosen):
            chosen.append(sentence)
    return [
        (
            sentence.index,
            {
                "title": title_for(sentence, names),
                "content": shorten(report(sentence), MAX_CONTENT_CHARACTERS),
                "type": types[sentence.index],
                "source_seqs": _seqs([sentence]),
            },
        )
        for sentence in chosen
    ]


def _fallback_chunk(turns: Sequence[Turn]) -> dict[str, object]:
    speakers = list(dict.fromkeys(turn.speaker for turn in turns))
    if not speakers:
        return {
            "title": "A quiet moment",
            "content": "Nothing was said yet.",
            "type": "conversation",
            "source_seqs": [],
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
        "source_seqs": _seqs(turns),
    }
