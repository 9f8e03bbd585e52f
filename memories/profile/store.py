"""Reads and writes of profiles: the user's edits, the pipeline's updates, the prompt's read.

- ``profile_view`` is one query (the chat turn's only profile read).
- ``profile_update`` (the user): the fields given become the user's (``user_fields``), and
  the pipeline never changes them again; the whole profile must stay under ``MAX_TOKENS``.
- ``profile_refresh`` (the pipeline, inside the store step's transaction; and every hand
  change to a memory, inside its transaction: verifying, resolving a conflict, editing,
  deleting, creating): rebuilds the pipeline's fields from the owner's active memories of the
  character (``merge``), so a retired, rejected or deleted memory leaves the profile in the
  same commit; a rerun writes the same profile. The user goes by the names of every chat of
  theirs with the character (persona, else account name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q

from chat import selectors as chat_selectors
from memories.models import Memory, Profile
from memories.profile.merge import (
    PROFILE_MEMORY_TYPES,
    MemoryFacts,
    learned_entries,
    learned_name,
    learned_pronouns,
    merged,
)
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


def profile_view_of(profile: Profile | None, *, character_id: int) -> ProfileView:
    """The view of a profile row already read (None: nothing known yet)."""
    return _view(profile, character_id=character_id)


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
    *, owner_id: int, character_id: int, user_name: str | None = None, character_name: str = ""
) -> bool:
    """Rebuild the pipeline's part of the profile from the owner's active memories of the
    character; True when it changed. ``user_name`` is the name of the chat the pipeline just
    read (None after a hand change: the profile keeps the name it has). Call it inside the
    transaction that changed the memories, so the profile commits with them."""
    with transaction.atomic():
        return _refresh(
            owner_id=owner_id,
            character_id=character_id,
            user_name=user_name,
            character_name=character_name,
        )


def _chat_names(*, owner_id: int, character_id: int) -> list[str]:
    """The names the user goes by in their chats with the character, as transcripts read."""
    names = []
    for thread in chat_selectors.thread_refs(owner_id=owner_id, character_id=character_id):
        name = thread.persona_name or thread.owner_first_name or thread.owner_username
        name = " ".join(name.replace(":", "").split())
        if name:
            names.append(name)
    return list(dict.fromkeys(names))


_PRONOUN_HINT = (
    Q(content__icontains="pronoun")
    | Q(content__iregex=r"\m(woman|girl|lady|man|guy|boy)\M")
    | Q(content__iregex=r"\m[a-z]+/[a-z]+\M")
)
_NAME_HINT = Q(content__iregex=r"\m(goes by|go by|name is|to be called)\M")


def _refresh(
    *, owner_id: int, character_id: int, user_name: str | None, character_name: str
) -> bool:
    active = Memory.objects.filter(
        owner_id=owner_id, character_id=character_id, status=Memory.Status.ACTIVE
    ).order_by("created_at", "id")
    memories = active.filter(type__in=PROFILE_MEMORY_TYPES).values_list("id", "type", "content")
    profile = (
        Profile.objects.select_for_update().filter(owner_id=owner_id, character_id=character_id)
    ).first()
    current = normalised(profile.data if profile else {})
    user_fields = list(profile.user_fields or []) if profile else []
    other_names = _chat_names(owner_id=owner_id, character_id=character_id)
    if user_name is None:  # a hand change: the name stays what the last chat read made it
        pipeline_name = current["name"] if "name" not in user_fields else ""
        if pipeline_name not in other_names:
            pipeline_name = ""  # a name learned from a memory: learned again below, or not
        user_name = pipeline_name or (other_names[0] if other_names else "")
    learned = learned_entries(
        (MemoryFacts(id=pk, type=kind, content=content) for pk, kind, content in memories),
        user_name=user_name,
        other_names=other_names,
    )
    pronouns = learned_pronouns(
        (
            MemoryFacts(id=pk, type=kind, content=content)
            for pk, kind, content in active.filter(_PRONOUN_HINT).values_list(
                "id", "type", "content"
            )
        ),
        user_name=user_name,
        other_names=other_names,
    )
    name = learned_name(
        (
            MemoryFacts(id=pk, type=kind, content=content)
            for pk, kind, content in active.filter(_NAME_HINT).values_list("id", "type", "content")
        ),
        user_name=user_name,
        other_names=other_names,
    )
    data = merged(
        current,
        user_fields=user_fields,
        learned=learned,
        user_name=user_name,
        character_name=character_name,
        pronouns=pronouns,
        name=name,
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
