"""Lorebook file formats: SillyTavern World Info JSON and the Character Card ``character_book``.

Pure functions between those JSON shapes and plain field dicts named like
``LorebookEntry``'s columns.

Invariant: import then export gives back the same JSON. Each imported entry keeps its
original object (``source``); on export the entry is decoded from that object again, and
only the fields whose value differs from the stored one are written into it. An unedited
entry is therefore returned exactly as it came, including fields we do not model
(SillyTavern's automation ids, outlets, ...); an edited one changes only where
it was edited. The same holds for the book's top level.

An entry's ``vectorized`` (World Info) or ``extensions.vectorized`` (card book) marks it for
matching by meaning as well as by key; ``false`` there reads as "as the book says" (null).
Inclusion groups (``group``, ``groupOverride``, ``groupWeight``, ``useGroupScoring``) and timed
effects (``sticky``, ``cooldown``, ``delay``; 0 or absent for none) are read from the entry, or
from a card book entry's ``extensions`` (``group_override``, ``group_weight``,
``use_group_scoring``, ...), as SillyTavern writes them.

SillyTavern positions we do not place separately (author's note top/bottom, example
messages, outlets) are read as the nearest one we do and written back as they were unless
the position was changed.

The package's modules, this one its public face: ``fields`` (the field dicts, format names,
error, SillyTavern's codes and value readers), ``merging`` (changes written back into an
imported object), ``world_info`` (SillyTavern World Info), ``character_book`` (the card's
book) and ``detection`` (either format, or a whole card).
"""

from characters.lorebooks.formats.character_book import (
    character_book_entry,
    export_character_book,
    parse_character_book,
)
from characters.lorebooks.formats.detection import parse_any
from characters.lorebooks.formats.fields import (
    CHARACTER_BOOK,
    ENTRY_DEFAULTS,
    WORLD_INFO,
    LorebookFormatError,
)
from characters.lorebooks.formats.merging import BOOK_FIELDS
from characters.lorebooks.formats.world_info import (
    export_world_info,
    parse_world_info,
    world_info_entry,
)

__all__ = [
    "WORLD_INFO",
    "CHARACTER_BOOK",
    "LorebookFormatError",
    "ENTRY_DEFAULTS",
    "BOOK_FIELDS",
    "parse_world_info",
    "world_info_entry",
    "export_world_info",
    "parse_character_book",
    "character_book_entry",
    "export_character_book",
    "parse_any",
]
