"""Writing field dicts in a format's keys, and changes back into an imported object, so that
import then export gives back the same JSON.

Each format names its keys once, in a map from our field names to its keys in the order it
writes them (``_encode``). Only the fields whose value differs from the one decoded at import
are written into the imported object (an entry's, or the book's top level); everything else,
including keys we do not model, is returned exactly as it came.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def _encode(
    fields: Mapping[str, Any],
    key_of: Mapping[str, str],
    convert: Mapping[str, Callable[[Any], Any]],
) -> dict[str, Any]:
    """Each field of ``key_of`` under the format's key, through ``convert`` where the format
    writes the value differently (a number for a name, a list for a tuple)."""
    return {
        out_key: convert[name](fields[name]) if name in convert else fields[name]
        for name, out_key in key_of.items()
    }


def _merge_changes(raw: dict, now: dict, before: dict, encoded: dict, key_of: dict) -> dict:
    """``raw`` with the fields that differ between ``before`` and ``now`` written into it."""
    result = dict(raw)
    for field_name, out_key in key_of.items():
        if field_name in now and now[field_name] != before.get(field_name):
            result[out_key] = encoded[out_key]
    return result


BOOK_FIELDS = ("name", "description", "scan_depth", "token_budget", "recursive_scanning")


def _changed_top(book: dict[str, Any], source: dict[str, Any], keys: tuple[str, ...]) -> dict:
    """The book's top level as imported, with the book fields changed since then written in."""
    top = dict(source.get("top") or {})
    imported = source.get("imported") or {}
    for key in keys:
        if key in book and book[key] != imported.get(key):
            top[key] = book[key]
    return top
