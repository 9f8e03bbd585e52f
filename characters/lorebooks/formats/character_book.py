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
    _bool,
    _int,
    _keys,
    _number_or_none,
    _text,
    _vectorized,
)
from characters.lorebooks.formats.merging import (
    BOOK_FIELDS,
    _changed_top,
    _encode,
    _merge_changes,
)


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
        "vectorized": _vectorized(extensions.get("vectorized")),
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
