"""Character reads, always scoped to one owner: another user's character is not found."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from characters.models import Character


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
    from memories.models import Memory

    return {
        "scenes": character.scenes.count(),
        "chats": character.threads.count(),
        "memories": Memory.objects.filter(character=character).count(),
    }
