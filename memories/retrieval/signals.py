"""What a query says beyond its words: whom it is about, and when.

- **Names.** A question that names one of the two participants ("What did Caroline paint?")
  is about that person: their own messages, and memories that name them, are worth more
  than the other speaker's. When both or neither are named nothing changes.
- **Dates.** A question that names a day or a month ("on 13 October 2023", "in May 2022")
  points at what was said then: items dated within that day (a day either side, for time
  zones) or that month are worth more.

Each signal returns a multiplier per candidate (1.0 when it does not apply), so weighing
stays a product of factors as in ``search.py``. Nothing here touches the database."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache

from django.utils import timezone

_MONTHS = {
    name: number
    for number, name in enumerate(
        "january february march april may june july august september october november december".split(),
        start=1,
    )
}
_MONTH_NAMES = "|".join(
    sorted({*_MONTHS, *(name[:3] for name in _MONTHS), "sept"}, key=len, reverse=True)
)
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(\d{4})"
# "13 October 2023", "13 Oct, 2023", "October 13, 2023", "October 2023"
_DAY_MONTH_YEAR = re.compile(rf"\b{_DAY}\s+(?:of\s+)?({_MONTH_NAMES})\.?,?\s+{_YEAR}\b", re.I)
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH_NAMES})\.?\s+{_DAY},?\s+{_YEAR}\b", re.I)
_MONTH_YEAR = re.compile(rf"\b({_MONTH_NAMES})\.?,?\s+{_YEAR}\b", re.I)


def _month(name: str) -> int | None:
    name = name.lower().rstrip(".")
    if name == "sept":
        return 9
    for full, number in _MONTHS.items():
        if full == name or full[:3] == name:
            return number
    return None


@dataclass(frozen=True)
class DateMention:
    """A day (``day`` set) or a month the query names."""

    year: int
    month: int
    day: int | None = None

    def matches(self, moment: datetime | None) -> bool:
        if moment is None:
            return False
        local = (timezone.localtime(moment) if timezone.is_aware(moment) else moment).date()
        if self.day is None:
            return (local.year, local.month) == (self.year, self.month)
        try:
            named = date(self.year, self.month, self.day)
        except ValueError:
            return False
        return abs(local - named) <= timedelta(days=1)


@lru_cache(maxsize=1024)
def date_mentions(query: str) -> tuple[DateMention, ...]:
    """The days and months ``query`` names, in order, without repeats."""
    found: list[DateMention] = []
    spans: list[tuple[int, int]] = []

    def add(mention: DateMention, span: tuple[int, int]) -> None:
        if any(start < span[1] and span[0] < end for start, end in spans):
            return  # part of a fuller date already found ("October 13, 2023" holds "2023")
        spans.append(span)
        if mention not in found:
            found.append(mention)

    for match in _DAY_MONTH_YEAR.finditer(query):
        day, month, year = match.groups()
        if (number := _month(month)) is not None:
            add(DateMention(int(year), number, int(day)), match.span())
    for match in _MONTH_DAY_YEAR.finditer(query):
        month, day, year = match.groups()
        if (number := _month(month)) is not None:
            add(DateMention(int(year), number, int(day)), match.span())
    for match in _MONTH_YEAR.finditer(query):
        month, year = match.groups()
        if (number := _month(month)) is not None:
            add(DateMention(int(year), number), match.span())
    return tuple(found)


def _name_pattern(name: str) -> re.Pattern[str] | None:
    first = name.strip().split()[0] if name.strip() else ""
    if len(first) < 2:
        return None
    return re.compile(rf"\b{re.escape(first)}\b", re.I)


@dataclass(frozen=True)
class QuerySubject:
    """Which participant a query is about: ``"user"``, ``"character"`` or None."""

    role: str | None
    name_pattern: re.Pattern[str] | None = None


def query_subject(query: str, *, user_name: str, character_name: str) -> QuerySubject:
    """The one participant ``query`` names, if it names exactly one (by first name)."""
    user, character = _name_pattern(user_name), _name_pattern(character_name)
    if user is None or character is None or user.pattern == character.pattern:
        return QuerySubject(None)
    names_user, names_character = bool(user.search(query)), bool(character.search(query))
    if names_user == names_character:
        return QuerySubject(None)
    return QuerySubject("user", user) if names_user else QuerySubject("character", character)


def about_subject(subject: QuerySubject, *, kind: str, role: str, title: str, text: str) -> bool:
    """Whether an item is the subject's: their own message, or a memory that names them."""
    if subject.role is None:
        return False
    if kind == "message":
        return role == ("user" if subject.role == "user" else "assistant")
    if kind == "memory" and subject.name_pattern is not None:
        return bool(subject.name_pattern.search(title) or subject.name_pattern.search(text))
    return False
