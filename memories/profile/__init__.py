"""The profile (L1): what a character knows about the user, always in that character's
prompts, right after the character and the persona.

One per owner and character (``memories.models.Profile``): name, pronouns, key facts,
likes, dislikes, relationships, as JSON under 500 tokens (``shape``). The memory pipeline
keeps it up from the user's fact, preference and relationship memories after each job stores
them (``merge``, deterministic); the user edits it in the memory panel or over REST, and a
field they edited is theirs: the pipeline never changes it again (``store``).

Public names: ``ProfileView``, ``ProfileTooLarge``, ``FIELDS``, ``TEXT_FIELDS``,
``LIST_FIELDS``, ``MAX_ENTRIES``, ``MAX_ENTRY_CHARACTERS``, ``MAX_TOKENS``, ``profile_view``,
``profile_payload``, ``profile_update``, ``profile_refresh``, ``profile_text``.
"""

from __future__ import annotations

from memories.profile.shape import (
    FIELDS,
    LIST_FIELDS,
    MAX_ENTRIES,
    MAX_ENTRY_CHARACTERS,
    MAX_TOKENS,
    TEXT_FIELDS,
    ProfileTooLarge,
    profile_text,
)
from memories.profile.store import (
    ProfileView,
    profile_payload,
    profile_refresh,
    profile_update,
    profile_view,
)

__all__ = [
    "FIELDS",
    "LIST_FIELDS",
    "MAX_ENTRIES",
    "MAX_ENTRY_CHARACTERS",
    "MAX_TOKENS",
    "TEXT_FIELDS",
    "ProfileTooLarge",
    "ProfileView",
    "profile_payload",
    "profile_refresh",
    "profile_text",
    "profile_update",
    "profile_view",
]
