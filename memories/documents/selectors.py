"""Lore-document reads, scoped to one owner: another user's document is not found."""

from __future__ import annotations

from django.db.models import QuerySet

from memories.models import LoreDocument


def document_list(
    *,
    user,
    character_id: int | None = None,
    scene_id: int | None = None,
    lorebook_id: int | None = None,
) -> QuerySet[LoreDocument]:
    documents = LoreDocument.objects.filter(owner=user)
    if character_id is not None:
        documents = documents.filter(character_id=character_id)
    if scene_id is not None:
        documents = documents.filter(scene_id=scene_id)
    if lorebook_id is not None:
        documents = documents.filter(lorebook_id=lorebook_id)
    return documents


def document_get(*, user, document_id: int) -> LoreDocument | None:
    return LoreDocument.objects.filter(owner=user, pk=document_id).first()
