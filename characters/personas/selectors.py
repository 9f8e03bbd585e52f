"""Persona reads, scoped to one owner. Other apps get :class:`PersonaView`."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from characters.models import Persona


@dataclass(frozen=True)
class PersonaView:
    id: int
    name: str
    description: str


def persona_list(*, user) -> QuerySet[Persona]:
    return Persona.objects.filter(owner=user)


def persona_get(*, user, persona_id: int | str) -> Persona | None:
    try:
        persona_id = int(persona_id)
    except (TypeError, ValueError):
        return None
    return persona_list(user=user).filter(pk=persona_id).first()


def persona_default(*, user) -> Persona | None:
    return persona_list(user=user).filter(default=True).first()


def persona_view_of(persona: Persona | None, *, owner_id: int) -> PersonaView | None:
    """The view of a persona row the caller already read (with its chat), when it is the
    owner's."""
    if persona is None or persona.owner_id != owner_id:
        return None
    return PersonaView(id=persona.pk, name=persona.name, description=persona.description)


def persona_view(*, owner_id: int, persona_id: int | None) -> PersonaView | None:
    if persona_id is None:
        return None
    persona = Persona.objects.filter(owner_id=owner_id, pk=persona_id).first()
    if persona is None:
        return None
    return PersonaView(id=persona.pk, name=persona.name, description=persona.description)
