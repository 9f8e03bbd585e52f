"""Lorebook file formats: SillyTavern World Info JSON and the Character Card ``character_book``.

Pure functions between those JSON shapes and plain field dicts named like
``LorebookEntry``'s columns.

Invariant: import then export gives back the same JSON. Each imported entry keeps its
original object (``source``); on export the entry is decoded from that object again, and
only the fields whose value differs from the stored one are written into it. An unedited
entry is therefore returned exactly as it came, including fields we do not model
(SillyTavern's groups, timed effects, automation ids, ...); an edited one changes only where
it was edited. The same holds for the book's top level.

An entry's ``vectorized`` (World Info) or ``extensions.vectorized`` (card book) marks it for
matching by meaning as well as by key; ``false`` there reads as "as the book says" (null).

SillyTavern positions we do not place separately (author's note top/bottom, example
messages, outlets) are read as the nearest one we do and written back as they were unless
the position was changed.
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


# --------------------------------------------------------------------------- World Info


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


def _world_info_entry_encode(fields: dict[str, Any]) -> dict[str, Any]:
    """World Info keys for each field (used for a changed field or a new entry)."""
    return {
        "uid": fields["uid"],
        "key": list(fields["keys"]),
        "keysecondary": list(fields["secondary_keys"]),
        "comment": fields["comment"],
        "content": fields["content"],
        "constant": fields["constant"],
        "selective": fields["selective"],
        "selectiveLogic": _LOGIC_TO_NUMBER[fields["selective_logic"]],
        "order": fields["insertion_order"],
        "position": _POSITION_TO_NUMBER[fields["position"]],
        "disable": not fields["enabled"],
        "excludeRecursion": fields["exclude_recursion"],
        "preventRecursion": fields["prevent_recursion"],
        "probability": fields["probability"],
        "useProbability": fields["use_probability"],
        "depth": fields["depth"],
        "scanDepth": fields["scan_depth"],
        "caseSensitive": fields["case_sensitive"],
        "matchWholeWords": fields["match_whole_words"],
        "displayIndex": fields["display_index"],
        "vectorized": bool(fields["vectorized"]),
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


def _merge_changes(raw: dict, now: dict, before: dict, encoded: dict, key_of: dict) -> dict:
    """``raw`` with the fields that differ between ``before`` and ``now`` written into it."""
    result = dict(raw)
    for field_name, out_key in key_of.items():
        if field_name in now and now[field_name] != before.get(field_name):
            result[out_key] = encoded[out_key]
    return result


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


BOOK_FIELDS = ("name", "description", "scan_depth", "token_budget", "recursive_scanning")


def _changed_top(book: dict[str, Any], source: dict[str, Any], keys: tuple[str, ...]) -> dict:
    """The book's top level as imported, with the book fields changed since then written in."""
    top = dict(source.get("top") or {})
    imported = source.get("imported") or {}
    for key in keys:
        if key in book and book[key] != imported.get(key):
            top[key] = book[key]
    return top


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


# --------------------------------------------------------------------------- Card book


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


def _card_entry_encode(fields: dict[str, Any]) -> dict[str, Any]:
    position = fields["position"]
    return {
        "id": fields["uid"],
        "keys": list(fields["keys"]),
        "secondary_keys": list(fields["secondary_keys"]),
        "comment": fields["comment"],
        "content": fields["content"],
        "constant": fields["constant"],
        "selective": fields["selective"],
        "insertion_order": fields["insertion_order"],
        "enabled": fields["enabled"],
        "position": position if position in ("before_char", "after_char") else "after_char",
        "use_regex": fields["use_regex"],
        "priority": fields["priority"],
        "case_sensitive": fields["case_sensitive"],
        "extensions": {
            "position": _POSITION_TO_NUMBER[position],
            "exclude_recursion": fields["exclude_recursion"],
            "prevent_recursion": fields["prevent_recursion"],
            "display_index": fields["display_index"],
            "probability": fields["probability"],
            "useProbability": fields["use_probability"],
            "depth": fields["depth"],
            "selectiveLogic": _LOGIC_TO_NUMBER[fields["selective_logic"]],
            "scan_depth": fields["scan_depth"],
            "match_whole_words": fields["match_whole_words"],
            "vectorized": bool(fields["vectorized"]),
        },
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
    result = _merge_changes(raw, fields, before, encoded, _CARD_TOP_KEY_OF)
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


def parse_any(data: Any) -> dict[str, Any]:
    """Either format, told apart by ``entries``: an object is World Info, a list a card book.

    A whole character card (``{"spec": ..., "data": {"character_book": ...}}``) is read as its
    book."""
    if isinstance(data, dict) and isinstance(data.get("data"), dict) and "spec" in data:
        book = data["data"].get("character_book")
        if not isinstance(book, dict):
            raise LorebookFormatError("This character card has no character_book.")
        data = book
    if isinstance(data, dict) and isinstance(data.get("entries"), list):
        return parse_character_book(data)
    if isinstance(data, dict) and isinstance(data.get("entries"), dict):
        return parse_world_info(data)
    raise LorebookFormatError(
        'Expected a SillyTavern World Info file ({"entries": {...}}) or a character book '
        '({"entries": [...]}).'
    )
