"""Character services: validation messages a person can act on, nothing silently changed."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from characters.services import character_create, character_delete, character_update
from tests.characters.helpers import png_bytes
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


def messages(error: ValidationError) -> dict:
    return error.value.message_dict


def test_create_keeps_text_exactly(user):
    character = character_create(owner=user, name="Mara", description="  Line one.\n\nLine two.  ")
    assert character.description == "  Line one.\n\nLine two.  "


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "Name is required."),
        ("name", "x" * 81, "Name is too long: 81 characters, the limit is 80."),
        (
            "description",
            "x" * 20_001,
            "Description is too long: 20,001 characters, the limit is 20,000.",
        ),
        ("greeting", "a\x00b", "Greeting contains a null character, which cannot be stored."),
        ("tags", ["x"] * 51, "Too many tags: 51, the limit is 50."),
        ("alternate_greetings", "hello", "Alternate greetings must be a list of text items."),
        ("character_book", ["x"], "The character book must be a JSON object."),
    ],
)
def test_invalid_values_are_refused_with_the_reason(user, field, value, message):
    values = {"name": "Mara", field: value}
    with pytest.raises(ValidationError) as error:
        character_create(owner=user, **values)
    assert messages(error)[field] == [message]


def test_update_changes_only_named_fields(user):
    character = CharacterFactory(owner=user, tagline="Old", personality="Calm")
    character_update(character=character, data={"tagline": "New"})
    character.refresh_from_db()
    assert (character.tagline, character.personality) == ("New", "Calm")


def test_update_refuses_unknown_fields(user):
    with pytest.raises(ValidationError) as error:
        character_update(character=CharacterFactory(owner=user), data={"owner": 3})
    assert messages(error) == {"owner": ["This field cannot be changed."]}


def test_avatar_is_stored_under_a_random_name_and_replaced(user, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    character = character_create(owner=user, name="Mara", avatar=png_bytes())
    first = character.avatar.name
    assert first.startswith("avatars/") and first.endswith(".png")

    character_update(character=character, data={}, avatar=png_bytes(color=(1, 2, 3)))
    assert character.avatar.name != first

    character_update(character=character, data={}, remove_avatar=True)
    assert not character.avatar


def test_oversized_avatar_states_the_limit(user):
    with pytest.raises(ValidationError) as error:
        character_create(owner=user, name="Mara", avatar=b"x" * (4 * 1024 * 1024 + 1))
    assert "the limit is 4 MB" in messages(error)["avatar"][0]


def test_delete_removes_the_character(user):
    character = CharacterFactory(owner=user)
    character_delete(character=character)
    assert not type(character).objects.filter(pk=character.pk).exists()
