"""Character Card V2 (``chara_card_v2``) and V3 import and export, V1 flat cards on import.

Parsing is a pure function over dicts and bytes; the service that stores an imported card
is ``characters.services.character_import_card``, which makes the card's
``character_book`` the character's own lorebook. Export reads that lorebook back
(``card_book``), so the book goes out as it came in, with any edits made since.
A V3 card is exported as V3.

Mapping (card -> Character): name, description, personality, scenario, first_mes ->
greeting, mes_example -> example_dialogue, creator_notes, system_prompt,
alternate_greetings, tags, character_book. ``extensions.drawhisper.tagline`` -> tagline.

Invariants:
- Nothing is lost. Card fields without a column (post_history_instructions, creator,
  character_version, extensions, and any field we do not know, at the top level or inside
  ``data``) are kept in ``Character.card_extensions`` as ``{"data": {...}, "card": {...}}``
  and written back on export, so import-then-export returns the same card.
- A top-level copy of the V1 fields (which many V2 writers add for old readers) is
  refreshed from the character on export, so it never contradicts ``data``.
- A malformed card raises :class:`CardError` with a message that says what is wrong.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, PngImagePlugin, UnidentifiedImageError

from characters.avatars import AVATAR_MAX_PIXELS, pixel_message
from drawhisper.api import JSONTooDeep, loads_limited

SPEC = "chara_card_v2"
SPEC_VERSION = "2.0"
V3_SPEC = "chara_card_v3"
PNG_CHUNK = "chara"
V3_PNG_CHUNK = "ccv3"
MAX_CARD_BYTES = 8 * 1024 * 1024

# Card text field -> Character column.
TEXT_FIELDS = {
    "name": "name",
    "description": "description",
    "personality": "personality",
    "scenario": "scenario",
    "first_mes": "greeting",
    "mes_example": "example_dialogue",
    "creator_notes": "creator_notes",
    "system_prompt": "system_prompt",
    "post_history_instructions": "post_history_instructions",
}
LIST_FIELDS = ("alternate_greetings", "tags")
# Fields of the V2 spec kept in card_extensions (no column), with their empty values.
KEPT_FIELDS: dict[str, Any] = {
    "creator": "",
    "character_version": "",
    "extensions": {},
}
# Order of ``data`` on export: the spec's order, then any unknown fields in import order.
EXPORT_ORDER = (
    "name",
    "description",
    "personality",
    "scenario",
    "first_mes",
    "mes_example",
    "creator_notes",
    "system_prompt",
    "post_history_instructions",
    "alternate_greetings",
    "character_book",
    "tags",
    "creator",
    "character_version",
    "extensions",
)
V1_FIELDS = ("name", "description", "personality", "scenario", "first_mes", "mes_example")
OWN_EXTENSION = "drawhisper"


class CardError(ValueError):
    """A card we cannot read; the message is shown to the user as is."""


@dataclass(frozen=True)
class ImportedCard:
    """Keyword arguments for ``character_create`` taken from a card."""

    fields: dict[str, Any]
    card_extensions: dict[str, Any] = field(default_factory=dict)
    spec: str = SPEC


# --------------------------------------------------------------------------- import


def _expect_text(container: dict, key: str, where: str) -> str:
    value = container.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise CardError(f"The card's {where}{key} must be text, not {type(value).__name__}.")
    return value


def _expect_list_of_text(container: dict, key: str, where: str) -> list[str]:
    value = container.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise CardError(f"The card's {where}{key} must be a list of text items.")
    return list(value)


def parse_card(card: Any) -> ImportedCard:
    """Read a decoded card (V2, V1, or a V3 read as V2) into Character fields."""
    if not isinstance(card, dict):
        raise CardError(
            'A character card must be a JSON object, like {"spec": "chara_card_v2", "data": {...}}.'
        )
    spec = card.get("spec")
    if spec is None:
        return _parse_v1(card)
    if spec not in (SPEC, V3_SPEC):
        raise CardError(
            f"Unsupported card spec {spec!r}: expected {SPEC!r} (or a V1 card without a spec)."
        )
    data = card.get("data")
    if not isinstance(data, dict):
        raise CardError(f'A {spec} card needs a "data" object holding the character.')
    where = "data."
    fields: dict[str, Any] = {
        column: _expect_text(data, key, where) for key, column in TEXT_FIELDS.items()
    }
    if not fields["name"].strip():
        raise CardError("The card has no name (data.name is empty).")
    for key in LIST_FIELDS:
        fields[key] = _expect_list_of_text(data, key, where)
    book = data.get("character_book")
    if book is not None and not isinstance(book, dict):
        raise CardError("The card's data.character_book must be an object.")
    fields["character_book"] = book

    kept_data = {
        key: value
        for key, value in data.items()
        if key not in TEXT_FIELDS and key not in LIST_FIELDS and key != "character_book"
    }
    for key in ("creator", "character_version"):
        if key in kept_data and kept_data[key] is not None and not isinstance(kept_data[key], str):
            raise CardError(f"The card's data.{key} must be text.")
    extensions = kept_data.get("extensions", {})
    if not isinstance(extensions, dict):
        raise CardError("The card's data.extensions must be an object.")
    own = extensions.get(OWN_EXTENSION)
    if isinstance(own, dict) and (
        isinstance(own.get("tagline"), str) or DOCUMENTS_EXTENSION_KEY in own
    ):
        if isinstance(own.get("tagline"), str):
            fields["tagline"] = own["tagline"]
        # The documents list describes the exporting site's files; it is made afresh on
        # every export, never kept.
        rest = {
            key: value
            for key, value in own.items()
            if key not in ("tagline", DOCUMENTS_EXTENSION_KEY)
        }
        extensions = {key: value for key, value in extensions.items() if key != OWN_EXTENSION}
        if rest:
            extensions[OWN_EXTENSION] = rest
        kept_data["extensions"] = extensions
    if "character_book" in data and book is None:
        kept_data["character_book"] = None  # present but empty: written back as null
    kept_card = {
        key: value for key, value in card.items() if key not in ("spec", "spec_version", "data")
    }
    if spec == SPEC and card.get("spec_version") not in (None, SPEC_VERSION):
        kept_card["spec_version"] = card["spec_version"]
    if spec == V3_SPEC:  # exported back as V3, with every V3 field kept
        kept_card["spec"] = V3_SPEC
        kept_card["spec_version"] = card.get("spec_version", "3.0")
    return ImportedCard(
        fields=fields, card_extensions={"data": kept_data, "card": kept_card}, spec=spec
    )


def _parse_v1(card: dict) -> ImportedCard:
    if "name" not in card and "char_name" not in card:
        raise CardError(
            'This JSON is not a character card: it has no "spec" (Character Card V2) and no "name" (V1).'
        )
    where = ""
    fields: dict[str, Any] = {}
    for key, column in TEXT_FIELDS.items():
        fields[column] = _expect_text(card, key, where) if key in V1_FIELDS else ""
    if not fields["name"] and isinstance(card.get("char_name"), str):
        fields["name"] = card["char_name"]
    if not fields["name"].strip():
        raise CardError("The card has no name.")
    fields.update(alternate_greetings=[], tags=[], character_book=None)
    kept_card = {key: value for key, value in card.items() if key not in V1_FIELDS}
    return ImportedCard(fields=fields, card_extensions={"data": {}, "card": kept_card}, spec="v1")


def decode_card_json(raw: bytes | str) -> Any:
    if isinstance(raw, bytes):
        if len(raw) > MAX_CARD_BYTES:
            raise CardError(
                f"The card is too large: the limit is {MAX_CARD_BYTES // 1_048_576} MB."
            )
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise CardError("The card is not UTF-8 text.") from None
    try:
        return loads_limited(raw)
    except JSONTooDeep as error:
        raise CardError(f"The card's {error}") from None
    except json.JSONDecodeError as error:
        raise CardError(
            f"The card is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})."
        ) from None
    except ValueError as error:  # NaN, Infinity or a number too large
        raise CardError(f"The card is not valid JSON: {error}") from None


def card_from_png(data: bytes) -> Any:
    """The decoded card stored in a PNG's ``chara`` (or, failing that, ``ccv3``) text chunk."""
    if len(data) > MAX_CARD_BYTES:
        raise CardError(f"The image is too large: the limit is {MAX_CARD_BYTES // 1_048_576} MB.")
    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format != "PNG":
                raise CardError(
                    "Character cards are embedded in PNG images; this image is not a PNG."
                )
            width, height = image.size
            if width * height > AVATAR_MAX_PIXELS:  # checked before any pixel is decoded
                raise CardError(pixel_message(width, height))
            image.load()
            chunks = dict(getattr(image, "text", {}) or {})
    except Image.DecompressionBombError:
        raise CardError(pixel_message()) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        if isinstance(error, CardError):
            raise
        raise CardError("The file is not an image we can read.") from None
    encoded = chunks.get(PNG_CHUNK) or chunks.get(V3_PNG_CHUNK)
    if not encoded:
        raise CardError('This PNG has no character card in it (no "chara" text chunk).')
    try:
        decoded = base64.b64decode(encoded, validate=False)
    except (binascii.Error, ValueError):
        raise CardError('The PNG\'s "chara" chunk is not valid base64.') from None
    return decode_card_json(decoded)


def read_card_file(data: bytes, *, filename: str = "") -> tuple[ImportedCard, bytes | None]:
    """A card from an uploaded file (JSON or PNG). Returns the card and, for a PNG, the image."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return parse_card(card_from_png(data)), data
    if filename.lower().endswith((".png", ".webp", ".jpg", ".jpeg")):
        raise CardError("Character cards are embedded in PNG images; this file is not a PNG.")
    return parse_card(decode_card_json(data)), None


# --------------------------------------------------------------------------- export


def card_to_dict(character) -> dict[str, Any]:
    """The character as a Character Card V2, with every kept field written back."""
    kept = character.card_extensions or {}
    kept_data = dict(kept.get("data") or {})
    kept_card = dict(kept.get("card") or {})
    null_book_present = "character_book" in kept_data and kept_data.pop("character_book") is None
    kept_data.pop("post_history_instructions", None)  # a column now; older imports kept it here

    values: dict[str, Any] = {
        key: getattr(character, column) for key, column in TEXT_FIELDS.items()
    }
    values["alternate_greetings"] = list(character.alternate_greetings or [])
    values["tags"] = list(character.tags or [])
    book = card_book(character)
    if book is not None or null_book_present:
        values["character_book"] = book
    for key, empty in KEPT_FIELDS.items():
        values[key] = kept_data.pop(key, empty)
    extensions = dict(values["extensions"] or {})
    if character.tagline:
        own = dict(extensions.get(OWN_EXTENSION) or {})
        own["tagline"] = character.tagline
        extensions[OWN_EXTENSION] = own
    documents = card_documents(character)
    if documents:
        own = dict(extensions.get(OWN_EXTENSION) or {})
        own[DOCUMENTS_EXTENSION_KEY] = documents
        extensions[OWN_EXTENSION] = own
    values["extensions"] = extensions

    data = {key: values[key] for key in EXPORT_ORDER if key in values}
    data.update(kept_data)  # unknown fields, in the order they came
    card: dict[str, Any] = {
        "spec": kept_card.pop("spec", SPEC),
        "spec_version": kept_card.pop("spec_version", SPEC_VERSION),
        "data": data,
    }
    for key, value in kept_card.items():
        card[key] = data[key] if key in V1_FIELDS else value
    return card


DOCUMENTS_EXTENSION_KEY = "documents"


def card_documents(character) -> list[dict[str, Any]]:
    """The lore documents attached to the character, listed (name, type, size, SHA-256)
    under ``extensions.drawhisper.documents``; their bytes are not in the card. As in
    SillyTavern, whose Data Bank files stay on the server and out of exported cards, a card
    is a character's text, not its library: the list tells the recipient which files to
    upload again (and lets them check they have the same ones)."""
    from memories.context import documents_for_chat

    return [
        {
            "name": document.name,
            "content_type": document.content_type,
            "size": document.size,
            "sha256": document.checksum,
        }
        for document in documents_for_chat(
            owner_id=character.owner_id, character_id=character.pk, scene_id=None
        )
    ]


def card_book(character) -> dict | None:
    """The character's book as a card ``character_book``: its own lorebook when it has one
    (edits made in the lorebook editor go out with the card), else the stored field."""
    from characters.lorebooks.services import lorebook_export
    from characters.models import Lorebook

    lorebook = Lorebook.objects.filter(card_character_id=character.pk).first()
    if lorebook is None:
        return character.character_book
    return lorebook_export(lorebook=lorebook, format="character_book")


def card_to_json(character) -> bytes:
    return json.dumps(card_to_dict(character), ensure_ascii=False, indent=2).encode("utf-8")


def card_to_png(character, image_bytes: bytes) -> bytes:
    """``image_bytes`` (any format Pillow reads) as a PNG carrying the card in ``chara``."""
    encoded = base64.b64encode(
        json.dumps(card_to_dict(character), ensure_ascii=False).encode("utf-8")
    )
    info = PngImagePlugin.PngInfo()
    info.add_text(PNG_CHUNK, encoded.decode("ascii"))
    with Image.open(io.BytesIO(image_bytes)) as image:
        image.load()
        if image.mode not in ("RGB", "RGBA", "L", "LA", "P"):
            image = image.convert("RGBA")
        output = io.BytesIO()
        image.save(output, format="PNG", pnginfo=info)
    return output.getvalue()
