"""Lorebook writes: create, update, delete, import and the card's own book.

Keyword-only and atomic; problems raise Django ``ValidationError`` naming the field, which
the API turns into a 400. Attachments are given as ids (whole numbers from 1 to the largest
bigint, else a 400) and must be the owner's own characters, scenes and chats: another user's
(or a missing one) raises ``drawhisper.api.not_yours`` naming the field and the ids, which the
API answers 404 as it does an id in the path, and nothing is written."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from characters.lorebooks import formats
from characters.lorebooks.entry_checks import (  # the limits, for the API's schema
    ENTRY_FIELDS,
    MAX_CONTENT,
    MAX_KEYS,
    check_entry,
)
from characters.lorebooks.vectors import enqueue_sync
from characters.models import Character, Lorebook, LorebookEntry
from drawhisper.api import ID_MAX, not_yours

MAX_ENTRIES = 2_000
__all__ = ["ENTRY_FIELDS", "MAX_CONTENT", "MAX_ENTRIES", "MAX_KEYS"]
BOOK_FIELDS = (*formats.BOOK_FIELDS, "vectorized", "use_group_scoring")
ATTACHMENTS = ("characters", "scenes", "threads")


def _check_book(values: Mapping[str, Any]) -> None:
    errors: dict[str, list[str]] = {}
    if "name" in values:
        name = values["name"]
        if not isinstance(name, str):
            errors["name"] = ["Must be text."]
        elif not name.strip():
            errors["name"] = ["Name is required."]
        elif len(name) > 200:
            errors["name"] = [f"Name is too long: {len(name)} characters, the limit is 200."]
    if "description" in values and not isinstance(values["description"], str):
        errors["description"] = ["Must be text."]
    elif "\x00" in values.get("description", ""):
        errors["description"] = ["Contains a null character, which cannot be stored."]
    if isinstance(values.get("name"), str) and "\x00" in values["name"]:
        errors["name"] = ["Contains a null character, which cannot be stored."]
    for name in ("scan_depth", "token_budget"):
        value = values.get(name)
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1_000_000
        ):
            errors[name] = ["Must be a whole number from 0 to 1000000, or null."]
    for name in ("recursive_scanning", "use_group_scoring"):
        value = values.get(name)
        if value is not None and not isinstance(value, bool):
            errors[name] = ["Must be true, false or null."]
    if "vectorized" in values and not isinstance(values["vectorized"], bool):
        errors["vectorized"] = ["Must be true or false."]
    if errors:
        raise ValidationError(errors)


def _owned_ids(*, owner, kind: str, ids: Sequence[Any]) -> list[int]:
    if not isinstance(ids, list | tuple) or not all(
        isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= ID_MAX
        for value in ids
    ):
        raise ValidationError({kind: ["Must be a list of ids."]})
    wanted = set(ids)
    if kind == "characters":
        from characters.selectors import character_list

        found = set(character_list(user=owner).filter(pk__in=wanted).values_list("pk", flat=True))
    elif kind == "scenes":
        from scenes.selectors import scene_list

        found = set(scene_list(user=owner).filter(pk__in=wanted).values_list("pk", flat=True))
    else:
        from chat.selectors import thread_list

        found = set(thread_list(user=owner).filter(pk__in=wanted).values_list("pk", flat=True))
    missing = sorted(wanted - found)
    if missing:
        label = {"characters": "character", "scenes": "scene", "threads": "chat"}[kind]
        # Another user's row answers as a missing one does: 404, naming the field.
        raise not_yours(kind, f"No such {label}: {', '.join(map(str, missing))}.")
    return sorted(wanted)


def _write_entries(lorebook: Lorebook, entries: Sequence[Mapping[str, Any]]) -> None:
    """Make the book's entries these. An entry sent with the ``id`` of an existing one is
    that entry, changed in place: it keeps its id, its imported original (so an export still
    writes back untouched fields) and its vector while its content stays the same. Entries
    not sent are deleted."""
    if not isinstance(entries, list | tuple):
        raise ValidationError({"entries": ["Must be a list of entries."]})
    if len(entries) > MAX_ENTRIES:
        raise ValidationError({"entries": [f"Too many entries: the limit is {MAX_ENTRIES:,}."]})
    existing = {entry.pk: entry for entry in lorebook.entries.all()}
    checked = []
    claimed: set[int] = set()
    for index, values in enumerate(entries):
        if not isinstance(values, Mapping):
            raise ValidationError({f"entries[{index}]": ["Must be an object."]})
        fields = check_entry(values, f"entries[{index}]")
        previous = existing.get(values.get("id")) if isinstance(values.get("id"), int) else None
        if previous is not None and previous.pk in claimed:
            previous = None  # the same id sent twice: the second is a new entry
        if previous is not None:
            claimed.add(previous.pk)
        checked.append((fields, previous))
    used: set[int] = set()
    next_uid = max([f["uid"] for f, _ in checked if f.get("uid") is not None] + [-1]) + 1
    kept, new = [], []
    for index, (fields, previous) in enumerate(checked):
        uid = fields.get("uid")
        if uid is None and previous is not None:
            uid = previous.uid
        if uid is None or uid in used:
            uid = next_uid
            next_uid += 1
        used.add(uid)
        fields["uid"] = uid
        if fields.get("display_index") is None:
            fields["display_index"] = index
        if previous is None:
            new.append(
                LorebookEntry(lorebook=lorebook, **{name: fields[name] for name in ENTRY_FIELDS})
            )
            continue
        for name in ENTRY_FIELDS:
            setattr(previous, name, fields[name])
        kept.append(previous)
    lorebook.entries.exclude(pk__in=claimed).delete()
    if kept:  # uids may swap between entries: the unique constraint is checked at commit
        LorebookEntry.objects.bulk_update(kept, list(ENTRY_FIELDS), batch_size=500)
    LorebookEntry.objects.bulk_create(new)


def _set_attachments(lorebook: Lorebook, owner, values: Mapping[str, Any]) -> None:
    for kind in ATTACHMENTS:
        if kind in values:
            getattr(lorebook, kind).set(_owned_ids(owner=owner, kind=kind, ids=values[kind]))


@transaction.atomic
def lorebook_create(*, owner, data: Mapping[str, Any]) -> Lorebook:
    values = dict(data)
    unknown = sorted(set(values) - set(BOOK_FIELDS) - set(ATTACHMENTS) - {"entries"})
    if unknown:
        raise ValidationError({name: ["Unknown field."] for name in unknown})
    if "name" not in values:
        raise ValidationError({"name": ["Name is required."]})
    _check_book(values)
    lorebook = Lorebook.objects.create(
        owner=owner, **{name: values[name] for name in BOOK_FIELDS if name in values}
    )
    _write_entries(lorebook, values.get("entries", []))
    _set_attachments(lorebook, owner, values)
    enqueue_sync(lorebook.pk)
    return lorebook


@transaction.atomic
def lorebook_update(*, lorebook: Lorebook, data: Mapping[str, Any]) -> Lorebook:
    """Change the fields named in ``data``; ``entries``, when given, replaces them all."""
    unknown = sorted(set(data) - set(BOOK_FIELDS) - set(ATTACHMENTS) - {"entries"})
    if unknown:
        raise ValidationError({name: ["Unknown field."] for name in unknown})
    _check_book(data)
    for name in BOOK_FIELDS:
        if name in data:
            setattr(lorebook, name, data[name])
    lorebook.save()
    if "entries" in data:
        _write_entries(lorebook, data["entries"])
    _set_attachments(lorebook, lorebook.owner, data)
    enqueue_sync(lorebook.pk)
    return lorebook


@transaction.atomic
def lorebook_delete(*, lorebook: Lorebook) -> None:
    lorebook.delete()


def _check_storable(data: Any, field: str) -> None:
    """PostgreSQL cannot store a null character in text or JSON: refuse the file readably."""
    if "\\u0000" in json.dumps(data):
        raise ValidationError(
            {field: ["The file contains a null character, which cannot be stored."]}
        )


MAX_WARNINGS = 100  # an import's warnings listed one by one; the rest are counted


@dataclass(frozen=True)
class LorebookImport:
    """An imported lorebook and, for each value of the file read as something else (a
    probability of 140 as 100, a name cut to 200 characters), a sentence naming it."""

    lorebook: Lorebook
    warnings: tuple[str, ...] = ()


def _listed(warnings: list[str]) -> tuple[str, ...]:
    if len(warnings) <= MAX_WARNINGS:
        return tuple(warnings)
    more = len(warnings) - MAX_WARNINGS
    return (*warnings[:MAX_WARNINGS], f"... and {more:,} more values read the same way.")


def _create_from_parsed(
    *, owner, parsed: dict, name: str = "", card_character=None
) -> LorebookImport:
    book = dict(parsed["book"])
    warnings = list(parsed["warnings"])
    for key in ("scan_depth", "token_budget"):
        if book.get(key) is not None and not 0 <= book[key] <= 1_000_000:
            # Out of any sensible range: the default applies.
            warnings.append(f"{key} {book[key]} was read as not set (0 to 1,000,000).")
            book[key] = None
    _check_book({"name": book.get("name") or "x", "description": book.get("description", "")})
    given_name = (book.get("name") or "").strip()
    if len(given_name) > 200:
        warnings.append(f"name was cut to 200 characters (from {len(given_name):,}).")
    book["name"] = given_name[:200] or name or "Imported lorebook"
    source = dict(book.pop("source"))
    source["imported"] = {key: book[key] for key in formats.BOOK_FIELDS}
    lorebook = Lorebook.objects.create(
        owner=owner, source=source, card_character=card_character, **book
    )
    rows = []
    for index, entry in enumerate(parsed["entries"]):
        fields = {name: entry[name] for name in ENTRY_FIELDS}
        if len(fields["comment"]) > 500:
            where = (
                f"entries.{entry['source_key']}"
                if book["source_format"] == formats.WORLD_INFO
                else f"entries[{index}]"
            )
            length = len(fields["comment"])
            warnings.append(f"{where}.comment was cut to 500 characters (from {length:,}).")
            fields["comment"] = fields["comment"][:500]
        try:
            check_entry(fields, f"entries[{index}]")
        except ValidationError as error:
            raise ValidationError(error.message_dict) from None
        rows.append(
            LorebookEntry(
                lorebook=lorebook, source_key=entry["source_key"], source=entry["source"], **fields
            )
        )
    if len(rows) > MAX_ENTRIES:
        raise ValidationError({"entries": [f"Too many entries: the limit is {MAX_ENTRIES:,}."]})
    LorebookEntry.objects.bulk_create(rows)
    enqueue_sync(lorebook.pk)
    return LorebookImport(lorebook=lorebook, warnings=_listed(warnings))


@transaction.atomic
def lorebook_import(*, owner, data: Any, name: str = "") -> LorebookImport:
    """A lorebook from SillyTavern World Info JSON or a card's ``character_book``, with the
    values it read as something else (``LorebookImport.warnings``)."""
    _check_storable(data, "non_field_errors")
    try:
        parsed = formats.parse_any(data)
    except formats.LorebookFormatError as error:
        raise ValidationError({"non_field_errors": [str(error)]}) from None
    return _create_from_parsed(owner=owner, parsed=parsed, name=name)


@transaction.atomic
def lorebook_set_card_book(*, character: Character, book: dict | None) -> LorebookImport | None:
    """Make ``book`` (a card's ``character_book``) the character's own lorebook, replacing
    the one it had, with the values it read as something else; ``None`` removes it."""
    Lorebook.objects.filter(card_character=character).delete()
    if book is None:
        return None
    _check_storable(book, "character_book")
    try:
        parsed = formats.parse_character_book(book)
    except formats.LorebookFormatError as error:
        raise ValidationError({"character_book": [str(error)]}) from None
    imported = _create_from_parsed(
        owner=character.owner, parsed=parsed, name=character.name, card_character=character
    )
    imported.lorebook.characters.add(character)
    return imported


def lorebook_export(*, lorebook: Lorebook, format: str = formats.WORLD_INFO) -> dict[str, Any]:
    """The book in SillyTavern's shape. SillyTavern has no per-book vector or group-scoring
    default, so each entry that follows the book is written with the book's: ``vectorized``
    true when ours is on, ``use_group_scoring`` when the book sets it."""
    book = {name: getattr(lorebook, name) for name in formats.BOOK_FIELDS}
    book.update(source_format=lorebook.source_format, source=lorebook.source)
    book_vectorized = True if lorebook.vectorized else None
    entries = [
        {
            **{name: getattr(entry, name) for name in ENTRY_FIELDS},
            "vectorized": entry.vectorized if entry.vectorized is not None else book_vectorized,
            "use_group_scoring": entry.use_group_scoring
            if entry.use_group_scoring is not None
            else lorebook.use_group_scoring,
            "source": entry.source,
            "source_key": entry.source_key,
            "source_format": lorebook.source_format,
        }
        for entry in lorebook.entries.order_by("id")  # the order they were imported or sent
    ]
    if format == formats.CHARACTER_BOOK:
        return formats.export_character_book(book, entries)
    return formats.export_world_info(book, entries)
