"""Persona writes. Keyword-only and atomic; errors are Django ``ValidationError`` naming the
field. Making a persona the default clears the flag on the user's other personas in the
same transaction (a partial unique constraint backs this up)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from characters.models import Persona

FIELDS = ("name", "description", "default")
NAME_LIMIT = 80
DESCRIPTION_LIMIT = 10_000


def _check(values: Mapping[str, Any], *, creating: bool) -> None:
    errors: dict[str, list[str]] = {}
    unknown = sorted(set(values) - set(FIELDS))
    for name in unknown:
        errors[name] = ["Unknown field."]
    if creating and "name" not in values:
        errors["name"] = ["Name is required."]
    if "name" in values:
        name = values["name"]
        if not isinstance(name, str) or not name.strip():
            errors["name"] = ["Name is required."]
        elif len(name) > NAME_LIMIT:
            errors["name"] = [
                f"Name is too long: {len(name)} characters, the limit is {NAME_LIMIT}."
            ]
    if "description" in values:
        description = values["description"]
        if not isinstance(description, str):
            errors["description"] = ["Description must be text."]
        elif len(description) > DESCRIPTION_LIMIT:
            errors["description"] = [
                f"Description is too long: {len(description):,} characters, the limit is "
                f"{DESCRIPTION_LIMIT:,}."
            ]
    if "default" in values and not isinstance(values["default"], bool):
        errors["default"] = ["Must be true or false."]
    for name in ("name", "description"):
        if isinstance(values.get(name), str) and "\x00" in values[name]:
            errors[name] = ["Contains a null character, which cannot be stored."]
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def persona_create(*, owner, data: Mapping[str, Any]) -> Persona:
    """A new persona; the user's first persona becomes the default."""
    _check(data, creating=True)
    has_any = Persona.objects.filter(owner=owner).exists()
    default = data.get("default", not has_any)
    if default:
        Persona.objects.filter(owner=owner, default=True).update(default=False)
    return Persona.objects.create(
        owner=owner,
        name=data["name"].strip(),
        description=data.get("description", ""),
        default=default,
    )


@transaction.atomic
def persona_update(*, persona: Persona, data: Mapping[str, Any]) -> Persona:
    _check(data, creating=False)
    if data.get("default") is True:
        Persona.objects.filter(owner_id=persona.owner_id, default=True).exclude(
            pk=persona.pk
        ).update(default=False)
    for name in FIELDS:
        if name in data:
            value = data[name]
            setattr(persona, name, value.strip() if name == "name" else value)
    persona.save()
    return persona


@transaction.atomic
def persona_delete(*, persona: Persona) -> None:
    """Delete the persona; chats that used it fall back to the account name."""
    persona.delete()
