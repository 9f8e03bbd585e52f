"""Character writes: create, update, delete, import a card, set the avatar.

Every function is keyword-only and atomic, validates with readable errors
(``characters.validation``) and raises Django ``ValidationError``; views turn that into a
form error or a 400. Files are removed only after the transaction that forgot them commits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from characters.avatars import avatar_content, delete_file_after_commit, read_upload
from characters.cards import ImportedCard
from characters.models import Character
from characters.validation import CHARACTER_TEXT_RULES, check_card_fields, check_text_fields
from drawhisper.accounts.connections import validate_generation

EDITABLE_FIELDS = (
    *CHARACTER_TEXT_RULES,
    "alternate_greetings",
    "tags",
    "character_book",
    "generation",
)


def _check(values: Mapping[str, Any]) -> None:
    errors: dict[str, list[str]] = {}
    for check in (
        lambda: check_text_fields(values, CHARACTER_TEXT_RULES),
        lambda: check_card_fields(values),
    ):
        try:
            check()
        except ValidationError as error:
            errors.update(error.message_dict)
    if errors:
        raise ValidationError(errors)


def _set_avatar(character: Character, avatar: UploadedFile | bytes) -> None:
    data = avatar if isinstance(avatar, bytes) else read_upload(avatar)
    content = avatar_content(data)  # raises before anything is written
    old_name = character.avatar.name
    character.avatar.save(content.name, content, save=False)
    delete_file_after_commit(old_name)


@transaction.atomic
def character_create(
    *,
    owner,
    name: str,
    tagline: str = "",
    description: str = "",
    personality: str = "",
    scenario: str = "",
    greeting: str = "",
    example_dialogue: str = "",
    system_prompt: str = "",
    post_history_instructions: str = "",
    creator_notes: str = "",
    alternate_greetings: list[str] | None = None,
    tags: list[str] | None = None,
    character_book: dict | None = None,
    card_extensions: dict | None = None,
    avatar: UploadedFile | bytes | None = None,
    generation: dict | None = None,
) -> Character:
    values = {
        "name": name,
        "tagline": tagline,
        "description": description,
        "personality": personality,
        "scenario": scenario,
        "greeting": greeting,
        "example_dialogue": example_dialogue,
        "system_prompt": system_prompt,
        "post_history_instructions": post_history_instructions,
        "creator_notes": creator_notes,
        "alternate_greetings": alternate_greetings or [],
        "tags": tags or [],
        "character_book": character_book,
        "card_extensions": card_extensions or {},
    }
    _check(values)
    values["generation"] = validate_generation(
        owner=owner, data={} if generation is None else generation
    )
    character = Character(owner=owner, **values)
    if avatar is not None:
        _set_avatar(character, avatar)
    character.save()
    if character_book is not None:
        _set_card_book(character, character_book)
    return character


def _set_card_book(character: Character, book: dict | None) -> tuple[str, ...]:
    """The card's ``character_book`` becomes the character's own lorebook (attached to it);
    the answer names each value of the book read as something else."""
    from characters.lorebooks.services import lorebook_set_card_book

    imported = lorebook_set_card_book(character=character, book=book)
    return imported.warnings if imported is not None else ()


@dataclass(frozen=True)
class CharacterUpdate:
    character: Character
    # Each value of a ``character_book`` sent read as something else (its lorebook's).
    warnings: tuple[str, ...] = ()


@transaction.atomic
def character_update(
    *,
    character: Character,
    data: Mapping[str, Any],
    avatar: UploadedFile | bytes | None = None,
    remove_avatar: bool = False,
) -> CharacterUpdate:
    """Change the fields named in ``data`` (others stay); set or remove the avatar. A
    ``character_book`` becomes the character's lorebook again, and the answer names each of
    its values read as something else (a probability of 140 as 100)."""
    unknown = set(data) - set(EDITABLE_FIELDS)
    if unknown:
        raise ValidationError(
            {field: ["This field cannot be changed."] for field in sorted(unknown)}
        )
    _check(data)
    if "generation" in data:
        data = {
            **data,
            "generation": validate_generation(
                owner=character.owner, data={} if data["generation"] is None else data["generation"]
            ),
        }
    for field, value in data.items():
        setattr(character, field, value)
    if avatar is not None:
        _set_avatar(character, avatar)
    elif remove_avatar and character.avatar:
        delete_file_after_commit(character.avatar.name)
        character.avatar = ""
    character.save()
    warnings: tuple[str, ...] = ()
    if "character_book" in data:
        book_warnings = _set_card_book(character, data["character_book"])
        warnings = tuple(f"character_book.{warning}" for warning in book_warnings)
    return CharacterUpdate(character=character, warnings=warnings)


@transaction.atomic
def character_delete(*, character: Character) -> None:
    """Delete the character with its scenes, chats and memories (database cascades)."""
    delete_file_after_commit(character.avatar.name)
    character.delete()


@dataclass(frozen=True)
class CardImport:
    character: Character
    warnings: tuple[str, ...] = ()


@transaction.atomic
def character_import_card(*, owner, card: ImportedCard, image: bytes | None = None) -> CardImport:
    """Create a character from a parsed card; a PNG card's image becomes the avatar.

    An image that cannot be an avatar (too large, say) does not block the import: the
    character is created without it and the returned warning says why. Nor does a value of
    the card's book read as something else (a probability of 140 as 100): a warning names it.
    """
    fields = dict(card.fields)
    book = fields.pop("character_book", None)
    if book is not None:
        _check({"character_book": book})
    avatar = None
    warnings: list[str] = []
    if image is not None:
        try:
            avatar_content(image)
        except ValidationError as error:
            reason = " ".join(error.message_dict.get("avatar", error.messages))
            warnings.append(f"The card was imported without its picture. {reason}")
        else:
            avatar = image
    character = character_create(
        owner=owner, card_extensions=card.card_extensions, avatar=avatar, **fields
    )
    if book is not None:
        character.character_book = book
        character.save(update_fields=["character_book"])
        warnings.extend(
            f"data.character_book.{warning}" for warning in _set_card_book(character, book)
        )
    return CardImport(character=character, warnings=tuple(warnings))
