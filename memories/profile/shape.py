"""The shape of a profile: its fields, their limits, how it reads in a prompt, its size.

A profile is what a character knows about the user, as JSON::

    {"name": "Ada", "pronouns": "she/her", "facts": ["Ada works as a ferry pilot."],
     "likes": [...], "dislikes": [...], "relationships": [...]}

Invariants:
- Exactly the fields of ``FIELDS``: two short texts and four lists of short texts, each
  entry one line, no blank entries, at most ``MAX_ENTRIES`` per list.
- As the prompt reads it (``profile_text``, with its heading) a profile stays under
  ``MAX_TOKENS`` tokens: a user edit over it is refused, the pipeline drops its own oldest
  entries until it fits.
- The name in the prompt is the user's own when they wrote one, else the name the chat
  calls the user by (the persona's, else the account's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawhisper.tokens import count_tokens

TEXT_FIELDS: dict[str, int] = {"name": 80, "pronouns": 40}  # field -> most characters
LIST_FIELDS: tuple[str, ...] = ("facts", "likes", "dislikes", "relationships")
FIELDS: tuple[str, ...] = (*TEXT_FIELDS, *LIST_FIELDS)
MAX_ENTRIES = 20
MAX_ENTRY_CHARACTERS = 200
MAX_TOKENS = 500  # the profile's prompt text stays under this

LABELS = {
    "name": "Name",
    "pronouns": "Pronouns",
    "facts": "Key facts",
    "likes": "Likes",
    "dislikes": "Dislikes",
    "relationships": "Relationships",
}


class ProfileTooLarge(ValueError):
    """The profile would be ``tokens`` tokens in the prompt, not under ``MAX_TOKENS``."""

    def __init__(self, tokens: int):
        super().__init__(
            f"The profile would take {tokens} tokens in the prompt; it must stay under "
            f"{MAX_TOKENS}. Shorten or remove some entries."
        )
        self.tokens = tokens


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def empty_profile() -> dict[str, Any]:
    return {name: "" for name in TEXT_FIELDS} | {name: [] for name in LIST_FIELDS}


def normalised(data: Mapping[str, Any] | None) -> dict[str, Any]:
    """``data`` with every field present, texts on one line, blank entries left out (a row
    written by an older version, or by hand, still reads as a profile)."""
    data = data or {}
    profile = empty_profile()
    for name in TEXT_FIELDS:
        value = data.get(name)
        profile[name] = one_line(value) if isinstance(value, str) else ""
    for name in LIST_FIELDS:
        value = data.get(name)
        entries = value if isinstance(value, list) else []
        profile[name] = [one_line(entry) for entry in entries if isinstance(entry, str)]
        profile[name] = [entry for entry in profile[name] if entry]
    return profile


def is_empty(data: Mapping[str, Any]) -> bool:
    return not any(data.get(name) for name in FIELDS)


def shown_name(data: Mapping[str, Any], *, user_fields, user_name: str) -> str:
    """The name the prompt uses: the user's own, else the chat's name for the user."""
    if "name" in user_fields and data.get("name"):
        return data["name"]
    return user_name or data.get("name") or "the user"


def profile_text(
    data: Mapping[str, Any], *, user_fields=(), user_name: str = "", character_name: str = ""
) -> str:
    """The profile as a section of the system message ("" for an empty profile)."""
    profile = normalised(data)
    if is_empty({name: profile[name] for name in FIELDS if name != "name"}):
        return ""
    name = shown_name(profile, user_fields=user_fields, user_name=user_name)
    knower = character_name or "The character"
    lines = [f"\n\n### What {knower} knows about {name} (the user)", f"Name: {name}"]
    if profile["pronouns"]:
        lines.append(f"Pronouns: {profile['pronouns']}")
    for field in LIST_FIELDS:
        if profile[field]:
            lines.append(f"{LABELS[field]}:")
            lines += [f"- {entry}" for entry in profile[field]]
    return "\n".join(lines)


def profile_tokens(data: Mapping[str, Any], *, character_name: str = "") -> int:
    """Tokens of the profile's prompt text under its stored name (a chat's persona name may
    differ by a few; the layer budget covers that)."""
    return count_tokens(
        profile_text(
            data,
            user_fields=("name",),
            user_name=data.get("name") or "User",
            character_name=character_name,
        )
    )


def check_size(data: Mapping[str, Any], *, character_name: str = "") -> int:
    """The profile's tokens; raises ``ProfileTooLarge`` at ``MAX_TOKENS`` or more."""
    tokens = profile_tokens(data, character_name=character_name)
    if tokens >= MAX_TOKENS:
        raise ProfileTooLarge(tokens)
    return tokens
