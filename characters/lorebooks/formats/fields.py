"""What both lorebook formats read into: the plain field dicts named like ``LorebookEntry``'s
columns (``ENTRY_DEFAULTS``), the format names, the format error, SillyTavern's numeric
selective logic and positions, and readers of single JSON values.

A reader names the bad value's place (``entries.3.order``) in the ``LorebookFormatError`` it
raises; the message is shown to the user as is. SillyTavern positions we do not place
separately (author's note top/bottom, example messages, outlets) read as the nearest one we do.
"""

from __future__ import annotations

from typing import Any

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


def _int(value: Any, where: str, default: int | None) -> int | None:
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        try:
            return int(str(value))
        except ValueError:
            raise LorebookFormatError(f"{where} must be a number.") from None
    return int(value)


def _bool(value: Any, default: bool | None) -> bool | None:
    if value is None:
        return default
    return bool(value)


def _vectorized(value: Any) -> bool | None:
    """SillyTavern's ``vectorized``: true marks the entry; false or absent leaves it to the
    book's default (SillyTavern writes false on every entry it saves)."""
    return True if value is True else None


def _number_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
