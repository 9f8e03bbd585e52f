"""The Character Card ``character_book`` (V2/V3): an ``entries`` list, read into field dicts and
written back.

SillyTavern's own settings ride in each entry's ``extensions`` (position, depth, probability,
recursion, ``vectorized``, ...) and are read from and written to there; a changed position is
written both as the card's ``before_char``/``after_char`` and as SillyTavern's number.
"""

from __future__ import annotations

from typing import Any

from characters.lorebooks.formats.fields import (
    _LOGIC_FROM_NUMBER,
    _LOGIC_TO_NUMBER,
    _POSITION_FROM_NUMBER,
    _POSITION_TO_NUMBER,
    CHARACTER_BOOK,
    LorebookFormatError,
    Warnings,
    _bool,
    _flag,
    _group,
    _int,
    _keys,
    _known,
    _number_or_none,
    _text,
    _timed,
    _vectorized,
    _within,
    read_as,
)
from characters.lorebooks.formats.merging import (
    BOOK_FIELDS,
    _changed_top,
    _encode,
    _merge_changes,
)


def _card_entry_fields(
    raw: dict, where: str, index: int, warnings: Warnings = None
) -> dict[str, Any]:
    """The entry's fields; a value read as something else is named in ``warnings``."""
    extensions = raw.get("extensions") if isinstance(raw.get("extensions"), dict) else {}
    position = raw.get("position")
    position_number = _number_or_none(extensions.get("position"))
    if position_number is not None:
        placed = _known(
            position_number,
            extensions.get("position"),
            _POSITION_FROM_NUMBER,
            "before_char",
            f"{where}.extensions.position",
            warnings,
        )
    elif position in ("before_char", "after_char"):
        placed = position
    elif extensions.get("position") is not None:
        given = extensions.get("position")
        placed = _known(None, given, {}, "before_char", f"{where}.extensions.position", warnings)
    else:
        placed = _known(None, position, {}, "before_char", f"{where}.position", warnings)
    case_sensitive = raw.get("case_sensitive")
    case_where = f"{where}.case_sensitive"
    if case_sensitive is None:
        case_sensitive = extensions.get("case_sensitive")
        case_where = f"{where}.extensions.case_sensitive"
    logic_number = _number_or_none(extensions.get("selectiveLogic"))

    def number(key: str, default: int | None) -> int | None:
        return _int(raw.get(key), f"{where}.{key}", default, warnings)

    def extension(key: str, default: int | None) -> int | None:
        return _int(extensions.get(key), f"{where}.extensions.{key}", default, warnings)

    def flag(key: str, default: bool) -> bool:
        return _flag(raw, key, default, where, warnings)

    def extension_flag(key: str, default: bool) -> bool:
        return _flag(extensions, key, default, f"{where}.extensions", warnings)

    def timed(key: str) -> int | None:
        return _timed(extension(key, None), f"{where}.extensions.{key}", warnings)

    return {
        "uid": _number_or_none(raw.get("id")),
        "comment": _text(raw.get("comment") or raw.get("name"), f"{where}.comment"),
        "content": _text(raw.get("content"), f"{where}.content"),
        "keys": _keys(raw.get("keys"), f"{where}.keys"),
        "secondary_keys": _keys(raw.get("secondary_keys"), f"{where}.secondary_keys"),
        "selective": flag("selective", False),
        "selective_logic": _known(
            logic_number,
            extensions.get("selectiveLogic"),
            _LOGIC_FROM_NUMBER,
            "and_any",
            f"{where}.extensions.selectiveLogic",
            warnings,
        ),
        "constant": flag("constant", False),
        "enabled": flag("enabled", True),
        "insertion_order": number("insertion_order", 100),
        "priority": number("priority", None),
        "position": placed,
        "depth": _within(extension("depth", 4), 0, None, f"{where}.extensions.depth", warnings),
        "case_sensitive": _bool(case_sensitive, None, case_where, warnings),
        "match_whole_words": _bool(
            extensions.get("match_whole_words"),
            None,
            f"{where}.extensions.match_whole_words",
            warnings,
        ),
        "use_regex": flag("use_regex", False),
        "probability": _within(
            extension("probability", 100), 0, 100, f"{where}.extensions.probability", warnings
        ),
        "use_probability": extension_flag("useProbability", True),
        "exclude_recursion": extension_flag("exclude_recursion", False),
        "prevent_recursion": extension_flag("prevent_recursion", False),
        "scan_depth": extension("scan_depth", None),
        "display_index": extension("display_index", index),
        "vectorized": _vectorized(extensions.get("vectorized")),
        "group": _group(extensions.get("group"), f"{where}.extensions.group"),
        "group_override": extension_flag("group_override", False),
        "group_weight": _within(
            extension("group_weight", 100), 0, None, f"{where}.extensions.group_weight", warnings
        ),
        "use_group_scoring": _bool(
            extensions.get("use_group_scoring"),
            None,
            f"{where}.extensions.use_group_scoring",
            warnings,
        ),
        "sticky": timed("sticky"),
        "cooldown": timed("cooldown"),
        "delay": timed("delay"),
    }


_CARD_TOP_KEY_OF = {
    "uid": "id",
    "keys": "keys",
    "secondary_keys": "secondary_keys",
    "comment": "comment",
    "content": "content",
    "constant": "constant",
    "selective": "selective",
    "insertion_order": "insertion_order",
    "enabled": "enabled",
    "position": "position",
    "use_regex": "use_regex",
    "priority": "priority",
    "case_sensitive": "case_sensitive",
}
_CARD_EXTENSION_KEY_OF = {
    "exclude_recursion": "exclude_recursion",
    "prevent_recursion": "prevent_recursion",
    "display_index": "display_index",
    "probability": "probability",
    "use_probability": "useProbability",
    "depth": "depth",
    "selective_logic": "selectiveLogic",
    "scan_depth": "scan_depth",
    "match_whole_words": "match_whole_words",
    "vectorized": "vectorized",
    "group": "group",
    "group_override": "group_override",
    "group_weight": "group_weight",
    "use_group_scoring": "use_group_scoring",
    "sticky": "sticky",
    "cooldown": "cooldown",
    "delay": "delay",
}


def _card_position(position: str) -> str:
    """The card's own position: the two it has, else after the character."""
    return position if position in ("before_char", "after_char") else "after_char"


# A changed position is written after the other changed keys, with SillyTavern's number.
_CARD_TOP_MERGED = {name: key for name, key in _CARD_TOP_KEY_OF.items() if name != "position"}
# How the card writes a value that is not ours as it stands.
_CARD_TOP_WRITES = {"keys": list, "secondary_keys": list, "position": _card_position}
_CARD_EXTENSION_WRITES = {"selective_logic": _LOGIC_TO_NUMBER.__getitem__, "vectorized": bool}


def _card_entry_encode(fields: dict[str, Any]) -> dict[str, Any]:
    return {
        **_encode(fields, _CARD_TOP_KEY_OF, _CARD_TOP_WRITES),
        "extensions": {
            "position": _POSITION_TO_NUMBER[fields["position"]],
            **_encode(fields, _CARD_EXTENSION_KEY_OF, _CARD_EXTENSION_WRITES),
        },
    }


def parse_character_book(data: Any) -> dict[str, Any]:
    """A card's ``character_book`` -> ``{"book": {...}, "entries": [fields...], "warnings":
    [...]}`` (each value read as something else, named)."""
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise LorebookFormatError('A character book is a JSON object with an "entries" list.')
    entries = []
    warnings: list[str] = []
    used: set[int] = set()
    for index, raw in enumerate(data["entries"]):
        where = f"entries[{index}]"
        if not isinstance(raw, dict):
            raise LorebookFormatError(f"{where} must be an object.")
        fields = _card_entry_fields(raw, where, index, warnings)
        if fields["uid"] is None or fields["uid"] in used:
            fields["uid"] = max(used | {index - 1}, default=-1) + 1
        used.add(fields["uid"])
        fields["source_key"] = str(index)
        fields["source"] = raw
        entries.append(fields)
    book = {
        "name": _book_value(data, "name", str, "", "no name", warnings),
        "description": _book_value(data, "description", str, "", "no description", warnings),
        "scan_depth": _book_value(data, "scan_depth", int, None, "not set", warnings),
        "token_budget": _book_value(data, "token_budget", int, None, "not set", warnings),
        "recursive_scanning": _book_value(
            data, "recursive_scanning", bool, None, "not set", warnings
        ),
        "source_format": CHARACTER_BOOK,
        "source": {"top": {key: value for key, value in data.items() if key != "entries"}},
    }
    return {"book": book, "entries": entries, "warnings": warnings}


def _book_value(data: dict, key: str, kind: type, default: Any, unread: str, warnings) -> Any:
    """The book's ``key`` if it is a ``kind`` (a yes/no is no number), else ``default``,
    named in ``warnings`` when a value was given."""
    value = data.get(key)
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        return value
    if value is not None:
        read_as(warnings, key, value, unread)
    return default


def character_book_entry(fields: dict[str, Any], index: int) -> dict[str, Any]:
    raw = fields.get("source") if fields.get("source_format") == CHARACTER_BOOK else None
    encoded = _card_entry_encode(fields)
    if not isinstance(raw, dict) or not raw:
        return encoded
    before = _card_entry_fields(raw, "entry", index)
    if before["uid"] is None:
        before["uid"] = fields["uid"]
    result = _merge_changes(raw, fields, before, encoded, _CARD_TOP_MERGED)
    if fields["position"] != before["position"]:
        result["position"] = encoded["position"]
        changed_extensions = {"position": encoded["extensions"]["position"]}
    else:
        changed_extensions = {}
    for field_name, out_key in _CARD_EXTENSION_KEY_OF.items():
        if fields[field_name] != before[field_name]:
            changed_extensions[out_key] = encoded["extensions"][out_key]
    if changed_extensions:
        extensions = raw.get("extensions") if isinstance(raw.get("extensions"), dict) else {}
        result["extensions"] = {**extensions, **changed_extensions}
    return result


def export_character_book(book: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The lorebook as a Character Card V2/V3 ``character_book``."""
    if book.get("source_format") == CHARACTER_BOOK:
        result = _changed_top(book, book.get("source") or {}, BOOK_FIELDS)
    else:
        result = {"name": book.get("name", "")}
        if book.get("description"):
            result["description"] = book["description"]
        for key in ("scan_depth", "token_budget", "recursive_scanning"):
            if book.get(key) is not None:
                result[key] = book[key]
        result["extensions"] = {}
    result["entries"] = [character_book_entry(entry, index) for index, entry in enumerate(entries)]
    return result
