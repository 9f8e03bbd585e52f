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
    _bool,
    _int,
    _keys,
    _number_or_none,
    _text,
    _vectorized,
)
from characters.lorebooks.formats.merging import _changed_top, _encode, _merge_changes


def _world_info_entry_fields(raw: dict, where: str) -> dict[str, Any]:
    position_number = _number_or_none(raw.get("position"))
    logic_number = _number_or_none(raw.get("selectiveLogic"))
    probability = _int(raw.get("probability"), f"{where}.probability", 100)
    return {
        "uid": _int(raw.get("uid"), f"{where}.uid", None),
        "comment": _text(raw.get("comment"), f"{where}.comment"),
        "content": _text(raw.get("content"), f"{where}.content"),
        "keys": _keys(raw.get("key"), f"{where}.key"),
        "secondary_keys": _keys(raw.get("keysecondary"), f"{where}.keysecondary"),
        "selective": bool(raw.get("selective", False)),
        "selective_logic": _LOGIC_FROM_NUMBER.get(logic_number, "and_any"),
        "constant": bool(raw.get("constant", False)),
        "enabled": not bool(raw.get("disable", False)),
        "insertion_order": _int(raw.get("order"), f"{where}.order", 100),
        "priority": None,
        "position": _POSITION_FROM_NUMBER.get(position_number, "before_char"),
        "depth": max(_int(raw.get("depth"), f"{where}.depth", 4), 0),
        "case_sensitive": _bool(raw.get("caseSensitive"), None),
        "match_whole_words": _bool(raw.get("matchWholeWords"), None),
        "use_regex": False,
        "probability": min(max(probability, 0), 100),
        "use_probability": bool(raw.get("useProbability", True)),
        "exclude_recursion": bool(raw.get("excludeRecursion", False)),
        "prevent_recursion": bool(raw.get("preventRecursion", False)),
        "scan_depth": _int(raw.get("scanDepth"), f"{where}.scanDepth", None),
        "display_index": _int(raw.get("displayIndex"), f"{where}.displayIndex", 0),
        "vectorized": _vectorized(raw.get("vectorized")),
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
    """``{"entries": {...}}`` -> ``{"book": {...}, "entries": [fields...]}``."""
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
    used: set[int] = set()
    for position, (key, raw) in enumerate(items):
        where = f"entries.{key}"
        if not isinstance(raw, dict):
            raise LorebookFormatError(f"{where} must be an object.")
        fields = _world_info_entry_fields(raw, where)
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
    book = {
        "name": name,
        "description": "",
        "scan_depth": None,
        "token_budget": None,
        "recursive_scanning": None,
        "source_format": WORLD_INFO,
        "source": {"top": top, "list": isinstance(raw_entries, list)},  # + "imported"
    }
    return {"book": book, "entries": entries}


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
