"""Card files as the pages and the API exchange them: an upload read within the size limit,
a download named after the character."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
from django.http import HttpResponse

from characters import cards
from characters.models import Character


def read_card_upload(upload: UploadedFile) -> tuple[cards.ImportedCard, bytes | None]:
    """The card in an uploaded JSON or PNG file and, for a PNG, the image; or ``CardError``."""
    if upload.size > cards.MAX_CARD_BYTES:
        raise cards.CardError(
            f"The file is too large: the limit is {cards.MAX_CARD_BYTES // 1_048_576} MB."
        )
    return cards.read_card_file(upload.read(), filename=upload.name or "")


def card_filename(character: Character, extension: str) -> str:
    stem = (
        "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in character.name).strip("_")
        or "character"
    )
    return f"{stem[:60]}.{extension}"


def _attachment(
    character: Character, content: bytes | str, *, extension: str, content_type: str
) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = (
        f'attachment; filename="{card_filename(character, extension)}"'
    )
    return response


def card_json_download(character: Character) -> HttpResponse:
    return _attachment(
        character,
        cards.card_to_json(character),
        extension="json",
        content_type="application/json; charset=utf-8",
    )


def card_png_download(character: Character) -> HttpResponse:
    """The avatar with the card in its ``chara`` chunk; callers answer 404 without an avatar."""
    with character.avatar.open("rb") as handle:
        png = cards.card_to_png(character, handle.read())
    return _attachment(character, png, extension="png", content_type="image/png")
