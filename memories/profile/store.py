"""Reads and writes of profiles: the user's edits, the pipeline's updates, the prompt's read.

- ``profile_view`` is one query (the chat turn's only profile read).
- ``profile_update`` (the user): the fields given become the user's (``user_fields``), and
  the pipeline never changes them again; the whole profile must stay under ``MAX_TOKENS``.
- ``profile_refresh`` (the pipeline, inside the store step's transaction): rebuilds the
  pipeline's fields from the owner's memories of the character (``merge``); a rerun of the
  same job writes the same profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from memories.models import Memory, Profile
from memories.profile.merge import PROFILE_MEMORY_TYPES, MemoryFacts, learned_entries, merged
from memories.profile.shape import (
    FIELDS,
    MAX_TOKENS,
    check_size,
    normalised,
    profile_text,
    profile_tokens,
)


@dataclass(frozen=True)
class ProfileView:
    """A profile as the prompt and the API see it."""

    character_id: int
    data: Mapping[str, Any]
    user_fields: tuple[str, ...]
    updated_at: Any = None

    def text(self, *, user_name: str, character_name: str) -> str:
        return profile_text(
            self.data,
            user_fields=self.user_fields,
            user_name=user_name,
            character_name=character_name,
        )


def _view(profile: Profile | None, *, character_id: int) -> ProfileView:
    if profile is None:
        return ProfileView(character_id=character_id, data=normalised({}), user_fields=())
    return ProfileView(
        character_id=profile.character_id,
        data=normalised(profile.data),
        user_fields=tuple(field for field in FIELDS if field in (profile.user_fields or [])),
        updated_at=profile.updated_at,
    )


def profile_view(*, owner_id: int, character_id: int) -> ProfileView:
    """The owner's profile for the character (an empty one before anything is known)."""
    profile = Profile.objects.filter(owner_id=owner_id, character_id=character_id).first()
    return _view(profile, character_id=character_id)


def profile_payload(view: ProfileView, *, character_name: str = "") -> dict[str, Any]:
    return {
        "character": view.character_id,
        **{field: view.data[field] for field in FIELDS},
        "user_fields": list(view.user_fields),
        "tokens": profile_tokens(view.data, character_name=character_name),
        "max_tokens": MAX_TOKENS,
        "updated_at": view.updated_at.isoformat() if view.updated_at else None,
    }


def profile_update(
    *, owner_id: int, character_id: int, changes: Mapping[str, Any], character_name: str = ""
) -> ProfileView:
    """The user's edit: ``changes`` (checked fields) replace theirs and become the user's.
    Raises ``ProfileTooLarge`` when the result would not fit (nothing is saved then)."""
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(
            owner_id=owner_id, character_id=character_id
        )
        data = normalised({**normalised(profile.data), **changes})
        check_size(data, character_name=character_name)
        owned = set(profile.user_fields or []) | set(changes)
        profile.data = data
        profile.user_fields = [field for field in FIELDS if field in owned]
        profile.save(update_fields=["data", "user_fields", "updated_at"])
    return _view(profile, character_id=character_id)


def profile_refresh(
    *, owner_id: int, character_id: int, user_name: str, character_name: str = ""
) -> bool:
    """Rebuild the pipeline's part of the profile from the owner's active memories of the
    character; True when it changed. The pipeline calls it inside the transaction that
    stored them, so the profile commits with its memories."""
    with transaction.atomic():
        return _refresh(
            owner_id=owner_id,
            character_id=character_id,
            user_name=user_name,
            character_name=character_name,
        )


def _refresh(*, owner_id: int, character_id: int, user_name: str, character_name: str) -> bool:
    memories = (
        Memory.objects.filter(
            owner_id=owner_id,
            character_id=character_id,
            status=Memory.Status.ACTIVE,
            type__in=PROFILE_MEMORY_TYPES,
        )
        .order_by("created_at", "id")
        .values_list("id", "type", "content")
    )
    learned = learned_entries(
        (MemoryFacts(id=pk, type=kind, content=content) for pk, kind, content in memories),
        user_name=user_name,
    )
    profile = (
        Profile.objects.select_for_update().filter(owner_id=owner_id, character_id=character_id)
    ).first()
    current = normalised(profile.data if profile else {})
    user_fields = list(profile.user_fields or []) if profile else []
    data = merged(
        current,
        user_fields=user_fields,
        learned=learned,
        user_name=user_name,
        character_name=character_name,
    )
    if profile is None:
        if not any(data[field] for field in FIELDS if field != "name"):
            return False  # nothing learned yet: no profile row for a name alone
        Profile.objects.create(owner_id=owner_id, character_id=character_id, data=data)
        return True
    if data == current:
        return False
    profile.data = data
    profile.save(update_fields=["data", "updated_at"])
    return True
