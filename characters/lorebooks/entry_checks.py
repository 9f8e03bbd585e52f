"""Checking one lorebook entry's fields before it is written: unknown fields refused, each
ill-typed or out-of-range value named by its place (``entries[3].sticky``), defaults filled in.

A sticky, cooldown or delay of 0 messages is stored as none (null), as SillyTavern reads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from characters.lorebooks import formats
from characters.models import LorebookEntry

MAX_CONTENT = 50_000
MAX_KEYS = 200
ENTRY_FIELDS = tuple(formats.ENTRY_DEFAULTS) + ("uid", "display_index")


def check_entry(values: Mapping[str, Any], where: str) -> dict[str, Any]:
    """Entry fields with defaults filled in; unknown or ill-typed fields are refused."""
    unknown = sorted(set(values) - set(ENTRY_FIELDS) - {"id"})
    if unknown:
        raise ValidationError({f"{where}.{name}": ["Unknown field."] for name in unknown})
    fields = {**formats.ENTRY_DEFAULTS, **{k: v for k, v in values.items() if k != "id"}}
    errors: dict[str, list[str]] = {}

    def fail(name: str, message: str) -> None:
        errors.setdefault(f"{where}.{name}", []).append(message)

    entry_id = values.get("id")
    if entry_id is not None and (
        isinstance(entry_id, bool) or not isinstance(entry_id, int) or not 1 <= entry_id < 2**63
    ):
        fail("id", "Must be the id of an entry, or null for a new one.")

    for name in ("comment", "content"):
        if not isinstance(fields[name], str):
            fail(name, "Must be text.")
    if isinstance(fields["content"], str) and len(fields["content"]) > MAX_CONTENT:
        fail(
            "content",
            f"Too long: {len(fields['content']):,} characters, the limit is {MAX_CONTENT:,}.",
        )
    if isinstance(fields["comment"], str) and len(fields["comment"]) > 500:
        fail("comment", "Too long: the limit is 500 characters.")
    for name in ("keys", "secondary_keys"):
        value = fields[name]
        if not isinstance(value, list) or not all(isinstance(key, str) for key in value):
            fail(name, "Must be a list of text keys.")
        elif len(value) > MAX_KEYS:
            fail(name, f"Too many keys: the limit is {MAX_KEYS}.")
        elif any("\x00" in key for key in value):
            fail(name, "A key contains a null character, which cannot be stored.")
    for name in (
        "selective",
        "constant",
        "enabled",
        "use_regex",
        "use_probability",
        "exclude_recursion",
        "prevent_recursion",
    ):
        if not isinstance(fields[name], bool):
            fail(name, "Must be true or false.")
    if not isinstance(fields["group_override"], bool):
        fail("group_override", "Must be true or false.")
    if isinstance(fields["group"], str) and len(fields["group"]) > 500:
        fail("group", "Too long: the limit is 500 characters.")
    elif not isinstance(fields["group"], str) or "\x00" in fields["group"]:
        fail("group", "Must be text (group names, comma-separated).")
    for name in ("case_sensitive", "match_whole_words", "vectorized", "use_group_scoring"):
        if fields[name] is not None and not isinstance(fields[name], bool):
            fail(name, "Must be true, false or null.")
    for name, low, nullable in (
        ("insertion_order", -1_000_000, False),
        ("priority", -1_000_000, True),
        ("depth", 0, False),
        ("probability", 0, False),
        ("scan_depth", 0, True),
        ("uid", 0, True),
        ("display_index", -1_000_000, True),
        ("group_weight", 0, False),
        ("sticky", 0, True),
        ("cooldown", 0, True),
        ("delay", 0, True),
    ):
        value = fields.get(name)
        if value is None and nullable:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            fail(name, "Must be a whole number.")
        elif value < low or value > 1_000_000:
            fail(name, f"Must be between {low} and 1000000.")
    if isinstance(fields["probability"], int) and fields["probability"] > 100:
        fail("probability", "Must be between 0 and 100.")
    if fields["selective_logic"] not in LorebookEntry.Logic.values:
        fail("selective_logic", f"Must be one of {', '.join(LorebookEntry.Logic.values)}.")
    if fields["position"] not in LorebookEntry.Position.values:
        fail("position", f"Must be one of {', '.join(LorebookEntry.Position.values)}.")
    for name in ("comment", "content"):
        if isinstance(fields[name], str) and "\x00" in fields[name]:
            fail(name, "Contains a null character, which cannot be stored.")
    for name in ("sticky", "cooldown", "delay"):
        if fields[name] == 0:
            fields[name] = None  # 0 messages is none, as SillyTavern reads it
    if errors:
        raise ValidationError(errors)
    return fields
