"""What both lorebook formats read into: the plain field dicts named like ``LorebookEntry``'s
columns (``ENTRY_DEFAULTS``), the format names, the format error, SillyTavern's numeric
selective logic and positions, and readers of single JSON values.

A reader names the bad value's place (``entries.3.order``) in the ``LorebookFormatError`` it
raises; the message is shown to the user as is. SillyTavern positions we do not place
separately (author's note top/bottom, example messages, outlets) read as the nearest one we do.

A value that can be read, but only as something else (a probability of 140 as 100, a depth
of -2 as 0, an order of 1.5 as 1, a position number we do not know as before the character,
``"no"`` where a yes/no goes as true), does not stop the import: given a ``warnings`` list, the
reader adds a sentence naming the place, the value and what it was read as
(``entries.3.probability 140 was read as 100.``). The file's own value is kept in the entry's
``source``, so an export gives it back unless the entry is edited.
"""

from __future__ import annotations

import json
from typing import Any

Warnings = list[str] | None


def shown(value: Any) -> str:
    """A file's value as the user wrote it (JSON), cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else f"{text[:37]}..."


def read_as(warnings: Warnings, where: str, value: Any, read: str) -> None:
    if warnings is not None:
        warnings.append(f"{where} {shown(value)} was read as {read}.")


WORLD_INFO = "world_info"
CHARACTER_BOOK = "character_book"


class LorebookFormatError(ValueError):
    """A file we cannot read as a lorebook; the message is shown to the user as is."""


# SillyTavern's numeric selective logic and positions.
_LOGIC_FROM_NUMBER = {0: "and_any", 1: "not_all", 2: "not_any", 3: "and_all"}
_LOGIC_TO_NUMBER = {name: number for number, name in _LOGIC_FROM_NUMBER.items()}
_POSITION_FROM_NUMBER = {
    0: "before_char",
    1: "after_char",
    2: "after_char",  # top of author's note
    3: "after_char",  # bottom of author's note
    4: "at_depth",
    5: "before_char",  # before example messages
    6: "after_char",  # after example messages
    7: "after_char",  # outlet
}
_POSITION_TO_NUMBER = {"before_char": 0, "after_char": 1, "at_depth": 4}

ENTRY_DEFAULTS: dict[str, Any] = {
    "comment": "",
    "content": "",
    "keys": [],
    "secondary_keys": [],
    "selective": False,
    "selective_logic": "and_any",
    "constant": False,
    "enabled": True,
    "insertion_order": 100,
    "priority": None,
    "position": "before_char",
    "depth": 4,
    "case_sensitive": None,
    "match_whole_words": None,
    "use_regex": False,
    "probability": 100,
    "use_probability": True,
    "exclude_recursion": False,
    "prevent_recursion": False,
    "scan_depth": None,
    "vectorized": None,
    "group": "",
    "group_override": False,
    "group_weight": 100,
    "use_group_scoring": None,
    "sticky": None,
    "cooldown": None,
    "delay": None,
}


def _text(value: Any, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise LorebookFormatError(f"{where} must be text.")
    return value


def _keys(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise LorebookFormatError(f"{where} must be a list of text keys.")
    return list(value)


def _int(value: Any, where: str, default: int | None, warnings: Warnings = None) -> int | None:
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        try:
            return int(str(value))
        except ValueError:
            raise LorebookFormatError(f"{where} must be a number.") from None
    if isinstance(value, float) and not value.is_integer():
        read_as(warnings, where, value, str(int(value)))
    return int(value)


def _within(value: int, low: int, high: int | None, where: str, warnings: Warnings) -> int:
    """``value`` brought within ``low`` to ``high`` (no upper bound for ``None``), saying so."""
    bounded = max(value, low) if high is None else min(max(value, low), high)
    if bounded != value:
        read_as(warnings, where, value, str(bounded))
    return bounded


def _bool(value: Any, default: bool | None, where: str = "", warnings: Warnings = None):
    """A yes/no: JSON true or false (or 0 and 1, as older files write them); anything else is
    read by its truth, with a warning (``"false"`` is true)."""
    if value is None:
        return default
    read = bool(value)
    if not isinstance(value, bool) and value not in (0, 1):
        read_as(warnings, where, value, "true" if read else "false")
    return read


def _flag(raw: dict, key: str, default: bool, where: str, warnings: Warnings) -> bool:
    """``raw[key]`` as a yes/no, ``default`` when it is absent."""
    return bool(_bool(raw.get(key), default, f"{where}.{key}", warnings))


def _known(number: int | None, value: Any, table: dict, default: str, where: str, warnings):
    """``table[number]``, else ``default``: a value given that is not one of the table's
    numbers is read as ``default``, with a warning."""
    if number in table:
        return table[number]
    if value is not None:
        read_as(warnings, where, value, default)
    return default


def _vectorized(value: Any) -> bool | None:
    """SillyTavern's ``vectorized``: true marks the entry; false or absent leaves it to the
    book's default (SillyTavern writes false on every entry it saves)."""
    return True if value is True else None


def _timed(value: int | None, where: str, warnings: Warnings) -> int | None:
    """A sticky, cooldown or delay: a number of messages, 0 or absent for none."""
    if value is not None and value < 0:
        read_as(warnings, where, value, "none")
    return value if value else None


def _group(value: Any, where: str) -> str:
    """Inclusion group names, comma-separated, as written."""
    return _text(value, where).strip()


def _number_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
