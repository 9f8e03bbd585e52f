"""Numbers in the local support check: the values a text says, however they are written.

"21", "21st", "twenty-one" and "twenty one" are one value; so are "250" and "two hundred
and fifty", "1,500" and "fifteen hundred", "2" and "twice", "12" and "a dozen". A number
inside a hyphenated word is read too ("a 9-5 job", "one-on-one"). A calendar date
("2023-05-07") is no number here: the extractor writes those from "yesterday". Values are
compared as their digits.
"""

from __future__ import annotations

import re

_UNITS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {
    word: 10 * value
    for value, word in enumerate(
        "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2
    )
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
# Words that are a count on their own ("twice a year", "a dozen eggs").
_COUNTS = {"twice": 2, "thrice": 3, "dozen": 12}
NUMBER_WORDS = {
    word: str(value) for word, value in {**_UNITS, **_TENS, **_SCALES, **_COUNTS}.items()
}

_WORD_NUMBER = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# Digits (with thousands separators, a decimal part or an ordinal ending), or a run of number
# words joined by spaces, hyphens or "and" ("two hundred and fifty", "twenty-one").
_NUMBER = re.compile(
    r"(?<![\w-])(?:\d{4}-\d{2}-\d{2}(?![\w-])"
    r"|(?P<digits>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<fraction>\d+))?(?:st|nd|rd|th)?(?![\w])"
    rf"|(?P<words>(?:{_WORD_NUMBER})(?:(?:[\s-]+|\s+and\s+)(?:{_WORD_NUMBER}))*)(?![\w]))",
    re.IGNORECASE,
)


def _words_values(words: str) -> list[int]:
    """The values of a run of number words: "two hundred and fifty" is 250, "twenty-one"
    21; a word that cannot continue the number before it starts another ("one and two",
    "five six": 1 and 2, 5 and 6)."""
    values: list[int] = []
    total, current, last = 0, 0, ""
    for word in re.split(r"[\s-]+", words.lower()):
        if word == "and":
            if last not in _SCALES:  # "two hundred and fifty", not "one and two"
                values.append(total + current)
                total, current, last = 0, 0, ""
            continue
        joins = (
            not last
            or last in _SCALES
            or (last in _TENS and word in _UNITS and 0 < _UNITS[word] < 10)
            or (word in _SCALES and last not in _COUNTS)
            or (word == "dozen" and last not in _COUNTS)
        )
        if not joins:
            values.append(total + current)
            total, current = 0, 0
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _COUNTS:
            current = max(current, 1) * _COUNTS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        else:
            total += max(current, 1) * _SCALES[word]
            current = 0
        last = word
    values.append(total + current)
    return values


def number_values(text: str) -> set[str]:
    """The values ``text`` says, as digits ("twenty-one" and "21st" are both "21")."""
    found = set()
    for match in _NUMBER.finditer(text):
        if match.group("digits"):
            value = str(int(match.group("digits").replace(",", "")))
            fraction = (match.group("fraction") or "").rstrip("0")
            found.add(f"{value}.{fraction}" if fraction else value)
        elif match.group("words"):
            found |= {str(value) for value in _words_values(match.group("words"))}
    return found


def is_number_word(word: str) -> bool:
    """Whether a word (lower-case, maybe hyphenated: "twenty-one") only says a number."""
    parts = [part for part in word.split("-") if part]
    return bool(parts) and all(part in NUMBER_WORDS for part in parts)
