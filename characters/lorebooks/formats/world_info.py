"""SillyTavern World Info JSON: ``{"entries": {"<uid>": {...}}, ...}`` (or an entries list),
read into field dicts and written back.

Each entry keeps its original object and its key in ``entries``; ``vectorized`` true marks the
entry for matching by meaning, false reads as "as the book says" (SillyTavern writes false on
every entry it saves). Clashing or missing uids are renumbered from the entry's key or the
next free number.
"""

from __future__ import annotations

import operator
from typing import Any

from characters.lorebooks.formats.fields import (
    _LOGIC_FROM_NUMBER,
    _LOGIC_TO_NUMBER,
    _POSITION_FROM_NUMBER,
    _POSITION_TO_NUMBER,
    WORLD_INFO,
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
from characters.lorebooks.formats.merging import _changed_top, _encode, _merge_changes


def _world_info_entry_fields(raw: dict, where: str, warnings: Warnings = None) -> dict[str, Any]:
    """The entry's fields; a value read as something else is named in ``warnings``."""
    position_number = _number_or_none(raw.get("position"))
    logic_number = _number_or_none(raw.get("selectiveLogic"))

    def number(key: str, default: int | None) -> int | None:
        return _int(raw.get(key), f"{where}.{key}", default, warnings)

    def flag(key: str, default: bool) -> bool:
        return _flag(raw, key, default, where, warnings)

    return {
        "uid": number("uid", None),
        "comment": _text(raw.get("comment"), f"{where}.comment"),
        "content": _text(raw.get("content"), f"{where}.content"),
        "keys": _keys(raw.get("key"), f"{where}.key"),
        "secondary_keys": _keys(raw.get("keysecondary"), f"{where}.keysecondary"),
        "selective": flag("selective", False),
        "selective_logic": _known(
            logic_number,
            raw.get("selectiveLogic"),
            _LOGIC_FROM_NUMBER,
            "and_any",
            f"{where}.selectiveLogic",
            warnings,
        ),
        "constant": flag("constant", False),
        "enabled": not flag("disable", False),
        "insertion_order": number("order", 100),
        "priority": None,
        "position": _known(
            position_number,
            raw.get("position"),
            _POSITION_FROM_NUMBER,
            "before_char",
            f"{where}.position",
            warnings,
        ),
        "depth": _within(number("depth", 4), 0, None, f"{where}.depth", warnings),
        "case_sensitive": _bool(raw.get("caseSensitive"), None, f"{where}.caseSensitive", warnings),
        "match_whole_words": _bool(
            raw.get("matchWholeWords"), None, f"{where}.matchWholeWords", warnings
        ),
        "use_regex": False,
        "probability": _within(
            number("probability", 100), 0, 100, f"{where}.probability", warnings
        ),
        "use_probability": flag("useProbability", True),
        "exclude_recursion": flag("excludeRecursion", False),
        "prevent_recursion": flag("preventRecursion", False),
        "scan_depth": number("scanDepth", None),
        "display_index": number("displayIndex", 0),
        "vectorized": _vectorized(raw.get("vectorized")),
        "group": _group(raw.get("group"), f"{where}.group"),
        "group_override": flag("groupOverride", False),
        "group_weight": _within(
            number("groupWeight", 100), 0, None, f"{where}.groupWeight", warnings
        ),
        "use_group_scoring": _bool(
            raw.get("useGroupScoring"), None, f"{where}.useGroupScoring", warnings
        ),
        "sticky": _timed(number("sticky", None), f"{where}.sticky", warnings),
        "cooldown": _timed(number("cooldown", None), f"{where}.cooldown", warnings),
        "delay": _timed(number("delay", None), f"{where}.delay", warnings),
    }


_WORLD_INFO_KEY_OF = {
    "uid": "uid",
    "keys": "key",
    "secondary_keys": "keysecondary",
    "comment": "comment",
    "content": "content",
    "constant": "constant",
    "selective": "selective",
    "selective_logic": "selectiveLogic",
    "insertion_order": "order",
    "position": "position",
    "enabled": "disable",
    "exclude_recursion": "excludeRecursion",
    "prevent_recursion": "preventRecursion",
    "probability": "probability",
    "use_probability": "useProbability",
    "depth": "depth",
    "scan_depth": "scanDepth",
    "case_sensitive": "caseSensitive",
    "match_whole_words": "matchWholeWords",
    "display_index": "displayIndex",
    "vectorized": "vectorized",
    "group": "group",
    "group_override": "groupOverride",
    "group_weight": "groupWeight",
    "use_group_scoring": "useGroupScoring",
    "sticky": "sticky",
    "cooldown": "cooldown",
    "delay": "delay",
}
# How World Info writes a value that is not ours as it stands.
_WORLD_INFO_WRITES = {
    "keys": list,
    "secondary_keys": list,
    "selective_logic": _LOGIC_TO_NUMBER.__getitem__,
    "position": _POSITION_TO_NUMBER.__getitem__,
    "enabled": operator.not_,  # World Info's "disable"
    "vectorized": bool,
}


def _world_info_entry_encode(fields: dict[str, Any]) -> dict[str, Any]:
    """World Info keys for each field (used for a changed field or a new entry)."""
    return _encode(fields, _WORLD_INFO_KEY_OF, _WORLD_INFO_WRITES)


def parse_world_info(data: Any) -> dict[str, Any]:
    """``{"entries": {...}}`` -> ``{"book": {...}, "entries": [fields...], "warnings": [...]}``
    (each value read as something else, named)."""
    if not isinstance(data, dict) or not isinstance(data.get("entries"), dict | list):
        raise LorebookFormatError(
            'A SillyTavern World Info file is a JSON object with an "entries" object.'
        )
    raw_entries = data["entries"]
    items = (
        list(raw_entries.items())
        if isinstance(raw_entries, dict)
        else [(str(index), entry) for index, entry in enumerate(raw_entries)]
    )
    entries = []
    warnings: list[str] = []
    used: set[int] = set()
    for position, (key, raw) in enumerate(items):
        where = f"entries.{key}"
        if not isinstance(raw, dict):
            raise LorebookFormatError(f"{where} must be an object.")
        fields = _world_info_entry_fields(raw, where, warnings)
        if fields["uid"] is None or fields["uid"] in used:
            fields["uid"] = _int(key, where, None) if str(key).isdigit() else None
        if fields["uid"] is None or fields["uid"] in used:
            fields["uid"] = max(used, default=-1) + 1
        used.add(fields["uid"])
        if "displayIndex" not in raw:
            fields["display_index"] = position
        fields["source_key"] = str(key)
        fields["source"] = raw
        entries.append(fields)
    top = {key: value for key, value in data.items() if key != "entries"}
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    if data.get("name") is not None and not isinstance(data.get("name"), str):
        read_as(warnings, "name", data["name"], "no name")
    book = {
        "name": name,
        "description": "",
        "scan_depth": None,
        "token_budget": None,
        "recursive_scanning": None,
        "source_format": WORLD_INFO,
        "source": {"top": top, "list": isinstance(raw_entries, list)},  # + "imported"
    }
    return {"book": book, "entries": entries, "warnings": warnings}


def world_info_entry(fields: dict[str, Any]) -> dict[str, Any]:
    raw = fields.get("source") if fields.get("source_format") == WORLD_INFO else None
    encoded = _world_info_entry_encode(fields)
    if not isinstance(raw, dict) or not raw:
        return encoded
    before = _world_info_entry_fields(raw, "entry")
    before["uid"] = fields["uid"] if raw.get("uid") is None else before["uid"]
    if "displayIndex" not in raw:
        before["display_index"] = fields["display_index"]
    return _merge_changes(raw, fields, before, encoded, _WORLD_INFO_KEY_OF)


def export_world_info(book: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The lorebook as SillyTavern World Info JSON."""
    if book.get("source_format") == WORLD_INFO:
        source = book.get("source") or {}
        top = _changed_top(book, source, ("name",))
        as_list = bool(source.get("list"))
    else:
        top = {"name": book["name"]} if book.get("name") else {}
        as_list = False
    encoded = []
    for entry in entries:
        key = str(entry["uid"])
        if entry.get("source_format") == WORLD_INFO and entry.get("source_key"):
            key = entry["source_key"]
        encoded.append((key, world_info_entry(entry)))
    entries_json: Any = [value for _, value in encoded] if as_list else dict(encoded)
    return {"entries": entries_json, **top}
