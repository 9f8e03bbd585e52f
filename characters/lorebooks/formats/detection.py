"""Reading a lorebook file of either format, told apart by its ``entries``, or a whole
character card as its book."""

from __future__ import annotations

from typing import Any

from characters.lorebooks.formats.character_book import parse_character_book
from characters.lorebooks.formats.fields import LorebookFormatError
from characters.lorebooks.formats.world_info import parse_world_info


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
