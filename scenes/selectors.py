"""Reads for scenes, and the effective configuration of a chat.

``effective_config`` is the one place that decides what a character looks like inside a
scene: the character's fields, plus the scene's stage directions, its scenario appended to
the character's, and its greeting replacing the character's when set. Other apps get a
frozen :class:`EffectiveConfig`, never model instances.

Querysets returned here are always scoped to an owner: another user's scene is simply not
found, so callers answer 404 without a separate permission check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, QuerySet

from scenes.models import Scene

if TYPE_CHECKING:
    from characters.models import Character


@dataclass(frozen=True)
class EffectiveConfig:
    """Everything the model is told about the character in one chat (a scene or none)."""

    character_id: int
    scene_id: int | None
    name: str
    tagline: str
    description: str
    personality: str
    scenario: str  # the character's scenario, then the scene's, separated by a blank line
    stage_directions: str
    greeting: str  # the scene's greeting when it has one, otherwise the character's
    example_dialogue: str
    system_prompt: str
    creator_notes: str  # for people reading the card; not sent to the model
    scene_title: str = ""
    # The card's other opening messages (none when the scene has a greeting of its own).
    alternate_greetings: tuple[str, ...] = ()
    post_history_instructions: str = ""  # sent after the recent messages


def _join(*parts: str) -> str:
    return "\n\n".join(part.strip() for part in parts if part and part.strip())


def effective_config(*, character: Character, scene: Scene | None = None) -> EffectiveConfig:
    """The character's configuration with the scene's additions.

    ``scene`` may be unsaved (the scene editor's preview builds one from form fields); its
    ``scene_id`` is then ``None``. A scene must belong to ``character``.
    """
    if scene is not None and scene.character_id not in (None, character.pk):
        raise ValueError(
            f"Scene {scene.pk} belongs to character {scene.character_id}, not {character.pk}."
        )
    return EffectiveConfig(
        character_id=character.pk,
        scene_id=scene.pk if scene is not None else None,
        name=character.name,
        tagline=character.tagline,
        description=character.description,
        personality=character.personality,
        scenario=_join(character.scenario, scene.scenario if scene is not None else ""),
        stage_directions=(scene.stage_directions.strip() if scene is not None else ""),
        greeting=(
            scene.greeting if scene is not None and scene.greeting.strip() else character.greeting
        ),
        example_dialogue=character.example_dialogue,
        system_prompt=character.system_prompt,
        creator_notes=character.creator_notes,
        scene_title=scene.title if scene is not None else "",
        alternate_greetings=()
        if scene is not None and scene.greeting.strip()
        else tuple(
            greeting
            for greeting in (character.alternate_greetings or [])
            if isinstance(greeting, str) and greeting.strip()
        ),
        post_history_instructions=character.post_history_instructions,
    )


def scene_list(*, user, character: Character | None = None) -> QuerySet[Scene]:
    """The user's scenes (optionally of one character), newest first."""
    scenes = Scene.objects.filter(owner=user, character__owner=user).select_related("character")
    if character is not None:
        scenes = scenes.filter(character=character)
    return scenes


def scene_get(*, user, scene_id: int) -> Scene | None:
    """The user's scene with this id, or None (also when it belongs to someone else)."""
    return scene_list(user=user).filter(pk=scene_id).first()


def scene_deletion_impact(*, scene: Scene) -> dict[str, int]:
    """What deleting the scene also deletes: its chats and the memories made in them."""
    from memories.selectors import memory_count

    threads = scene.threads.aggregate(count=Count("id"))["count"]
    memories = memory_count(scene_id=scene.pk)
    return {"chats": threads, "memories": memories}
