"""Migration 0003's own copy of the Character Card ``character_book`` reader, frozen as the
lorebook code was when the migration was written (``characters.lorebooks.formats``), so the
migration keeps doing what it did however that code changes later. Only what the migration
uses; no imports from the project. Django does not load ``_``-prefixed modules here as
migrations.
"""

from __future__ import annotations

from typing import Any

CHARACTER_BOOK = "character_book"

# The entry columns and book columns of migration 0002's models.
ENTRY_FIELDS = (
    "comment",
    "content",
    "keys",
    "secondary_keys",
    "selective",
    "selective_logic",
    "constant",
    "enabled",
    "insertion_order",
    "priority",
    "position",
    "depth",
    "case_sensitive",
    "match_whole_words",
    "use_regex",
    "probability",
    "use_probability",
    "exclude_recursion",
    "prevent_recursion",
    "scan_depth",
    "uid",
    "display_index",
)
BOOK_FIELDS = ("name", "description", "scan_depth", "token_budget", "recursive_scanning")


class LorebookFormatError(ValueError):
    """A file we cannot read as a lorebook; the message is shown to the user as is."""


# SillyTavern's numeric selective logic and positions.
_LOGIC_FROM_NUMBER = {0: "and_any", 1: "not_all", 2: "not_any", 3: "and_all"}


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


def _number_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _card_entry_fields(raw: dict, where: str, index: int) -> dict[str, Any]:
    extensions = raw.get("extensions") if isinstance(raw.get("extensions"), dict) else {}
    position = raw.get("position")
    position_number = _number_or_none(extensions.get("position"))
    if position_number is not None:
        placed = _POSITION_FROM_NUMBER.get(position_number, "before_char")
    elif position in ("before_char", "after_char"):
        placed = position
    else:
        placed = "before_char"
    case_sensitive = raw.get("case_sensitive")
    if case_sensitive is None:
        case_sensitive = extensions.get("case_sensitive")
    logic_number = _number_or_none(extensions.get("selectiveLogic"))
    probability = _int(extensions.get("probability"), f"{where}.extensions.probability", 100)
    uid = _number_or_none(raw.get("id"))
    return {
        "uid": uid,
        "comment": _text(raw.get("comment") or raw.get("name"), f"{where}.comment"),
        "content": _text(raw.get("content"), f"{where}.content"),
        "keys": _keys(raw.get("keys"), f"{where}.keys"),
        "secondary_keys": _keys(raw.get("secondary_keys"), f"{where}.secondary_keys"),
        "selective": bool(raw.get("selective", False)),
        "selective_logic": _LOGIC_FROM_NUMBER.get(logic_number, "and_any"),
        "constant": bool(raw.get("constant", False)),
        "enabled": bool(raw.get("enabled", True)),
        "insertion_order": _int(raw.get("insertion_order"), f"{where}.insertion_order", 100),
        "priority": _int(raw.get("priority"), f"{where}.priority", None),
        "position": placed,
        "depth": max(_int(extensions.get("depth"), f"{where}.extensions.depth", 4), 0),
        "case_sensitive": _bool(case_sensitive, None),
        "match_whole_words": _bool(extensions.get("match_whole_words"), None),
        "use_regex": bool(raw.get("use_regex", False)),
        "probability": min(max(probability, 0), 100),
        "use_probability": bool(extensions.get("useProbability", True)),
        "exclude_recursion": bool(extensions.get("exclude_recursion", False)),
        "prevent_recursion": bool(extensions.get("prevent_recursion", False)),
        "scan_depth": _int(extensions.get("scan_depth"), f"{where}.extensions.scan_depth", None),
        "display_index": _int(
            extensions.get("display_index"), f"{where}.extensions.display_index", index
        ),
    }


def parse_character_book(data: Any) -> dict[str, Any]:
    """A card's ``character_book`` -> ``{"book": {...}, "entries": [fields...]}``."""
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise LorebookFormatError('A character book is a JSON object with an "entries" list.')
    entries = []
    used: set[int] = set()
    for index, raw in enumerate(data["entries"]):
        where = f"entries[{index}]"
        if not isinstance(raw, dict):
            raise LorebookFormatError(f"{where} must be an object.")
        fields = _card_entry_fields(raw, where, index)
        if fields["uid"] is None or fields["uid"] in used:
            fields["uid"] = max(used | {index - 1}, default=-1) + 1
        used.add(fields["uid"])
        fields["source_key"] = str(index)
        fields["source"] = raw
        entries.append(fields)
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    book = {
        "name": name,
        "description": data.get("description") if isinstance(data.get("description"), str) else "",
        "scan_depth": _number_or_none(data.get("scan_depth")),
        "token_budget": _number_or_none(data.get("token_budget")),
        "recursive_scanning": data.get("recursive_scanning")
        if isinstance(data.get("recursive_scanning"), bool)
        else None,
        "source_format": CHARACTER_BOOK,
        "source": {"top": {key: value for key, value in data.items() if key != "entries"}},
    }
    return {"book": book, "entries": entries}
