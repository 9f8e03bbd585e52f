"""Scene writes. A scene always has its character's owner; it cannot move to another
character. Validation errors are Django ``ValidationError`` with readable messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction

from characters.validation import SCENE_TEXT_RULES, check_text_fields
from scenes.models import Scene

if TYPE_CHECKING:
    from characters.models import Character

EDITABLE_FIELDS = tuple(SCENE_TEXT_RULES)


@transaction.atomic
def scene_create(
    *,
    character: Character,
    title: str,
    stage_directions: str = "",
    scenario: str = "",
    greeting: str = "",
) -> Scene:
    values = {
        "title": title,
        "stage_directions": stage_directions,
        "scenario": scenario,
        "greeting": greeting,
    }
    check_text_fields(values, SCENE_TEXT_RULES)
    scene = Scene(character=character, owner_id=character.owner_id, **values)
    scene.save()
    return scene


@transaction.atomic
def scene_update(*, scene: Scene, data: Mapping[str, Any]) -> Scene:
    """Change the fields named in ``data``; the others stay as they are."""
    unknown = set(data) - set(EDITABLE_FIELDS)
    if unknown:
        raise ValidationError(
            {field: ["This field cannot be changed."] for field in sorted(unknown)}
        )
    check_text_fields(data, SCENE_TEXT_RULES)
    for field, value in data.items():
        setattr(scene, field, value)
    scene.save()
    return scene


@transaction.atomic
def scene_delete(*, scene: Scene) -> None:
    """Delete the scene with the chats held in it and their memories (database cascades)."""
    scene.delete()
