"""The statements in a conversation's sentences: a long sentence cut into clauses, the "I" a
chat user left out put back, the first matching rule and the memory type it gives, and the
message each was said in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from drawhisper.providers.offline.decisions import (
    CHANGE,
    ENDED,
    ENDING_OF,
    is_job_noun,
    names_a_slot,
)
from drawhisper.providers.offline.memory_types import classify
from drawhisper.providers.offline.sentences import (
    Sentence,
    content_words,
    is_question,
    normalise,
)
from drawhisper.providers.offline.statements.reporting import (
    _IRREGULAR_PAST,
    report_statement,
)
from drawhisper.providers.offline.statements.rules import (
    _CLAUSE_BREAK,
    _DIET,
    _HEDGES,
    _NOT_ABOUT_ONESELF,
    _OPENERS,
    _OWN,
    MAX_CLAUSE_WORDS,
    RULES,
    SLOT_CHANGE,
    Rule,
)


@dataclass(frozen=True)
class Statement:
    speaker: str
    text: str  # the clause as said
    reported: str  # in third person: "Ada is terrified of deep water."
    type: str
    rule: str
    index: int  # the sentence's position in the conversation
    narration: bool = False
    anchor: int = 0  # where in ``text`` the rule matched: what the statement is about follows
    seq: int | None = None  # the seq of the message it was said in, when the transcript has it
    seqs: tuple[int, ...] = ()  # later messages it goes on in (a change told over two)

    @property
    def words(self) -> frozenset[str]:
        return frozenset(content_words(self.text))


def clauses(text: str) -> list[str]:
    """``text`` itself, or for a long sentence its clauses (split at ";", dashes and ", but")."""
    text = " ".join(text.split())
    if len(text.split()) <= MAX_CLAUSE_WORDS:
        return [text]
    return [piece for piece in _CLAUSE_BREAK.split(text) if piece.strip()]


def matching_rule(clause: str) -> Rule | None:
    """The first rule that makes ``clause`` a statement about its speaker, or None."""
    found = _match(clause)
    return found[0] if found else None


def _match(clause: str) -> tuple[Rule, int] | None:
    """The rule whose match comes first in the clause (what is said first is what the
    statement is about; ties go to the earlier rule), and where it matched."""
    text = normalise(clause)
    if not text.strip() or is_question(text) or _NOT_ABOUT_ONESELF.match(text):
        return None
    best: tuple[Rule, tuple[int, int]] | None = None
    for rule in RULES:
        match = rule.pattern.search(text)
        if match and rule.own and not _OWN.search(text):
            continue
        if match and (best is None or match.start() < best[1][0]):
            best = (rule, (match.start(), match.end()))
    if best is None:
        # No rule, but a value of one's own slot said to have changed ("fishmonger life 🐟,
        # the archive let me go in the cuts"): a statement of what changed.
        lowered = text.casefold()
        if (
            _OWN.search(_HEDGES.sub("", lowered))
            and names_a_slot(text)
            and (CHANGE.search(lowered) or ENDED.search(lowered) or ENDING_OF.search(lowered))
        ):
            return SLOT_CHANGE, 0
        return None
    # What the statement is about starts at the last word of the match ("my *brother*
    # Tomas", "I work *as* a nurse"): the key phrase is looked for from there.
    start, end = best[1]
    return best[0], start + text[start:end].rstrip().rfind(" ") + 1


def statement_type(rule: Rule, clause: str) -> str:
    if rule.type is not None:
        return rule.type
    kind = classify(clause)
    return "fact" if kind in ("conversation", "worldbuilding") else kind


# A sentence said without its "I" ("moved to Leeds last week", "been vegan since March",
# "married to Jun for 8 yrs", "living in accra with my aunt"): its first word is a past
# form, "been", a state one is in or a verb in -ing, so the speaker is its subject.
_STATES = frozenset(
    """married engaged divorced separated single widowed retired based settled obsessed
    stuck tired bored scared worried excited back""".split()
)
_ING = frozenset(
    """living working doing eating studying training dating seeing moving staying renting
    teaching driving running going trying""".split()
)
_BASE_VERBS = {"work": ("as", "at", "for", "in"), "live": ("in", "with", "near", "on", "at")}
# What follows a state one is in ("vegan now", "married to Jun", "retired in May"), not a
# verb of the sentence's own subject ("atkins is dead", "vegan cheese is gross").
_AFTER_STATE = frozenset(
    """now since for again these as and too already to in at with on from of about but so
    ever lol btw haha tbh""".split()
)
# What follows a job said without "I'm a" ("mechanic now", "farrier by trade").
_AFTER_JOB = frozenset("now by for at these since again".split())
_NOT_PAST = frozenset("""hundred indeed wicked naked sacred""".split())
_LEADING = re.compile(
    r"^((?:(?:just|finally|recently|officially|also|now|fully|totally|basically|literally|"
    r"still|actually)\s+)*)([a-z][a-z'-]*)(?:\s+([a-z]+))?",
    re.IGNORECASE,
)
_STARTS_WITH_DIET = re.compile(r"^" + _DIET + r"\b", re.IGNORECASE)


def with_subject(clause: str) -> str:
    """``clause`` with the "I" a chat user left out put back ("moved to oslo last week" ->
    "I moved to oslo last week", "been vegan since March" -> "I've been vegan since
    March", "vegetarian now" -> "I'm vegetarian now"); any other clause as it is."""
    text = normalise(clause).strip()
    opener = _OPENERS.match(text)
    head, rest = (text[: opener.end()], text[opener.end() :]) if opener else ("", text)
    rest = re.sub(r"^[^\w\s]+\s*", "", rest)  # an emoji or a dash before the first word
    leading = _LEADING.match(rest)
    if not leading or is_question(text):
        return clause
    word, following = leading.group(2).lower(), (leading.group(3) or "").lower()
    if following in _AFTER_JOB and is_job_noun(word):
        # "mechanic now", "stonemason by trade", "pilot for the guild": what one works as.
        article = "an" if word[:1] in "aeiou" else "a"
        return f"{head}I'm {article} {rest[:1].lower()}{rest[1:]}"
    if word == "been":
        subject = "I've"
    elif word in _ING or (
        (word in _STATES or _STARTS_WITH_DIET.match(rest[leading.start(2) :]))
        and (not following or following in _AFTER_STATE)
    ):
        subject = "I'm"
    elif following in _BASE_VERBS.get(word, ()):
        subject = "I"
    elif word in _IRREGULAR_PAST - {"was", "were", "been", "had", "did"} | {"cut"} or (
        word.endswith("ed") and len(word) > 4 and word not in _NOT_PAST
    ):
        subject = "I"
    else:
        return clause
    return f"{head}{subject} {rest[:1].lower()}{rest[1:]}"


def find_statements(
    sentences: Sequence[Sentence], *, other: dict[str, str] | None = None
) -> list[Statement]:
    """The statements in ``sentences``, in conversation order. ``other`` maps a speaker to
    the person "you" means in their lines (known when exactly two people talk)."""
    found: list[Statement] = []
    for sentence in sentences:
        for clause in clauses(sentence.text):
            if not sentence.narration:
                clause = with_subject(clause)
            matched = _match(clause)
            if matched is None:
                continue
            rule, anchor = matched
            reported = report_statement(
                clause, speaker=sentence.speaker, other=(other or {}).get(sentence.speaker)
            )
            if reported is None:
                continue
            found.append(
                Statement(
                    speaker=sentence.speaker,
                    text=clause,
                    reported=reported,
                    type=statement_type(rule, clause),
                    rule=rule.name,
                    index=sentence.index,
                    narration=sentence.narration,
                    anchor=anchor,
                    seq=sentence.seq,
                    seqs=sentence.seqs,
                )
            )
    return found
