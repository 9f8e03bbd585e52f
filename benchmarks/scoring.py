"""How a retrieved item is scored against a LoCoMo question (no database here).

Two scoring rules for evidence recall (``--scoring``):

- ``strict`` (the default): an archived message covers its own turn; a memory covers exactly
  the turns its stored source evidence names (for a LoCoMo observation, the dia_ids it cites;
  none if it cites none that resolve); a summary covers no turn.
- ``generous`` (the rule of the LoCoMo paper's evaluation code, kept for comparison): a
  summary covers every turn of its session, and a memory that cites nothing covers its
  session too.

Answer coverage works for every kind of item, a summary included: the share of the gold
answer's content words that appear in the retrieved text. Words are lower-cased, stop words
dropped, number words written as digits, ordinals stripped ("7th" -> "7"), month names and
their abbreviations written out ("Jan" -> "january") and a possessive "'s" removed. The
answer is used here only, never for retrieval."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

SCORINGS = ("strict", "generous")
DEFAULT_SCORING = "strict"

# Common English function words: what an answer shares with any text without saying anything.
STOP_WORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each
    either few for from further had has have having he her here hers herself him himself his
    how i if in into is it its itself just me more most my myself neither no nor not now of
    off on once only or other our ours ourselves out over own same she should so some such
    than that the their theirs them themselves then there these they this those through to
    too under until up very was we were what when where which while who whom why will with
    would you your yours yourself yourselves yes likely probably maybe
    """.split()
)

NUMBER_WORDS = {
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
    "thirteen": "13",
    "fourteen": "14",
    "fifteen": "15",
    "sixteen": "16",
    "seventeen": "17",
    "eighteen": "18",
    "nineteen": "19",
    "twenty": "20",
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
    "hundred": "100",
    "first": "1",
    "second": "2",
    "third": "3",
    "fourth": "4",
    "fifth": "5",
    "once": "1",
    "twice": "2",
}

_MONTHS = (
    "january february march april may june july august september october november december"
).split()
MONTH_WORDS = {
    **{month: month for month in _MONTHS},
    **{month[:3]: month for month in _MONTHS},
    "sept": "september",
}

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")


def normalise_word(word: str) -> str:
    word = word.lower()
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if match := _ORDINAL.match(word):
        return str(int(match.group(1)))
    if word.isdigit():
        return str(int(word))  # "05" and "5" are the same day
    return NUMBER_WORDS.get(word) or MONTH_WORDS.get(word) or word


def words(text: str) -> list[str]:
    """Every normalised word of ``text``, stop words included."""
    return [normalise_word(word) for word in _WORD.findall(str(text).lower())]


def content_words(text: str) -> frozenset[str]:
    """The normalised words of ``text`` that carry content."""
    return frozenset(word for word in words(text) if word and word not in STOP_WORDS)


def answer_coverage(answer: str, retrieved_texts: Iterable[str]) -> float | None:
    """Share of the answer's content words found in the retrieved texts; None when the
    answer has no content word (such a question is left out of the mean)."""
    wanted = content_words(answer)
    if not wanted:
        return None
    found: set[str] = set()
    for text in retrieved_texts:
        found.update(words(text))
    return len(wanted & found) / len(wanted)


@dataclass(frozen=True)
class Provenance:
    """What a loaded conversation knows about where each stored item came from."""

    # The turns (as seqs) each memory's stored source evidence names (may be empty).
    memory_evidence: Mapping[int, frozenset[int]]
    # The turns of the session each memory and summary was written in.
    memory_session: Mapping[int, frozenset[int]]
    summary_session: Mapping[int, frozenset[int]]

    def cover(
        self,
        kind: str,
        item_id: int,
        start_seq: int | None,
        end_seq: int | None,
        *,
        scoring: str = DEFAULT_SCORING,
    ) -> frozenset[int]:
        """The turns a retrieved item covers under ``scoring``."""
        if scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {scoring!r}; one of {', '.join(SCORINGS)}")
        if kind == "summary":
            if scoring == "strict":
                return frozenset()
            if item_id in self.summary_session:
                return self.summary_session[item_id]
        elif kind == "memory" and item_id in self.memory_evidence:
            cited = self.memory_evidence[item_id]
            if cited or scoring == "strict":
                return cited
            return self.memory_session.get(item_id, frozenset())
        if start_seq is None:
            return frozenset()
        # A message, or a memory the run did not store itself: its stored source range.
        return frozenset(range(start_seq, (end_seq or start_seq) + 1))
