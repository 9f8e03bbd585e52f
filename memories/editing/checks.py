"""Validation and ownership checks shared by the editing services (``check_*`` raise, never write)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied, ValidationError

from memories.models import Memory, MemoryType

if TYPE_CHECKING:
    from chat.selectors import ThreadRef

MAX_TITLE_LENGTH = 200
MAX_CONTENT_LENGTH = 4000
MAX_PINS_PER_THREAD = 20


def check_owner(obj: Any, actor) -> None:
    if obj.owner_id != actor.pk:
        raise PermissionDenied("Not yours.")


def check_thread_fits(*, memory: Memory, thread: ThreadRef) -> None:
    """A pin or dismissal joins a memory only to a chat of the same owner and character."""
    if thread.owner_id != memory.owner_id:
        raise PermissionDenied("Not yours.")
    if thread.character_id != memory.character_id:
        raise ValidationError({"thread": ["That chat is with another character than this memory."]})


def check_memory_text(
    *, type: str | None, title: str | None, content: str | None
) -> dict[str, str]:
    """The given fields, stripped and validated; ``None`` fields are left out."""
    errors: dict[str, list[str]] = {}
    cleaned: dict[str, str] = {}
    if type is not None:
        if type not in MemoryType.values:
            errors["type"] = [f"Choose one of: {', '.join(MemoryType.values)}."]
        cleaned["type"] = type
    for field, value, limit, missing in (
        ("title", title, MAX_TITLE_LENGTH, "A memory needs a title."),
        ("content", content, MAX_CONTENT_LENGTH, "A memory needs some content."),
    ):
        if value is None:
            continue
        value = value.strip()
        if not value:
            errors[field] = [missing]
        elif len(value) > limit:
            errors[field] = [f"Keep the {field} under {limit} characters."]
        cleaned[field] = value
    if errors:
        raise ValidationError(errors)
    return cleaned
