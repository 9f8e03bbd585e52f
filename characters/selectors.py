"""Character reads, always scoped to one owner: another user's character is not found."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from characters.lorebooks.selectors import (
    READ_STAMP,
    ChatLore,
    FiredLore,
    LoreStamp,
    TurnLore,
    chat_lore,
    lore_for_turn,
    lore_stamp_of_thread,
    lorebook_get,
)
from characters.lorebooks.vector_rows import LoreVectorRow, lore_entries_with_vectors
from characters.models import Character
from characters.personas.selectors import PersonaView, persona_view, persona_view_of

__all__ = [
    "READ_STAMP",
    "ChatLore",
    "LoreStamp",
    "FiredLore",
    "LoreVectorRow",
    "TurnLore",
    "PersonaView",
    "character_deletion_impact",
    "character_get",
    "character_list",
    "chat_lore",
    "lore_entries_with_vectors",
    "lore_for_turn",
    "lore_stamp_of_thread",
    "lorebook_get",
    "persona_choice",
    "persona_options",
    "persona_view",
    "persona_view_of",
]


def character_list(*, user) -> QuerySet[Character]:
    """The user's characters, most recently changed first, with their scene count."""
    return Character.objects.filter(owner=user).annotate(scene_count=Count("scenes", distinct=True))


def character_get(*, user, character_id: int | str) -> Character | None:
    try:
        character_id = int(character_id)
    except (TypeError, ValueError):
        return None
    return Character.objects.filter(owner=user, pk=character_id).first()


def character_deletion_impact(*, character: Character) -> dict[str, int]:
    """What deleting the character also deletes: its scenes, chats and memories."""
    from memories.selectors import memory_count

    return {
        "scenes": character.scenes.count(),
        "chats": character.threads.count(),
        "memories": memory_count(character_id=character.pk),
    }


def persona_options(*, user) -> tuple[PersonaView, ...]:
    """The user's personas, the default first, for choosing one in a chat."""
    from characters.personas.selectors import persona_list

    return tuple(
        PersonaView(id=persona.pk, name=persona.name, description=persona.description)
        for persona in persona_list(user=user)
    )


def persona_choice(*, user, persona_id: int | None = None) -> PersonaView | None:
    """The persona a new chat takes: the one named (None if it is not the user's), or the
    user's default when none is named."""
    from characters.personas.selectors import persona_default

    if persona_id is None:
        persona = persona_default(user=user)
        return persona_view(owner_id=user.pk, persona_id=persona.pk) if persona else None
    return persona_view(owner_id=user.pk, persona_id=persona_id)
