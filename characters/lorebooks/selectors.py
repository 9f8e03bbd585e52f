"""Lorebook reads, scoped to one owner, and the entries that apply to one chat.

Other apps get :class:`~characters.lorebooks.matching.LoreEntry` dataclasses and
:class:`ChatLore`, never model instances."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from characters.lorebooks.matching import LoreEntry
from characters.models import Lorebook, LorebookEntry


def lorebook_list(*, user) -> QuerySet[Lorebook]:
    return (
        Lorebook.objects.filter(owner=user)
        .annotate(entry_count=Count("entries", distinct=True))
        .prefetch_related("characters", "scenes", "threads")
    )


def lorebook_get(*, user, lorebook_id: int | str) -> Lorebook | None:
    try:
        lorebook_id = int(lorebook_id)
    except (TypeError, ValueError):
        return None
    return lorebook_list(user=user).filter(pk=lorebook_id).first()


def entry_view(entry: LorebookEntry, *, book: Lorebook | None = None) -> LoreEntry:
    book = book or entry.lorebook
    return LoreEntry(
        id=entry.pk,
        uid=entry.uid,
        content=entry.content,
        keys=tuple(entry.keys or ()),
        secondary_keys=tuple(entry.secondary_keys or ()),
        comment=entry.comment,
        selective=entry.selective,
        selective_logic=entry.selective_logic,
        constant=entry.constant,
        enabled=entry.enabled,
        insertion_order=entry.insertion_order,
        priority=entry.priority,
        position=entry.position,
        depth=entry.depth,
        case_sensitive=entry.case_sensitive,
        match_whole_words=entry.match_whole_words,
        use_regex=entry.use_regex,
        probability=entry.probability,
        use_probability=entry.use_probability,
        exclude_recursion=entry.exclude_recursion,
        prevent_recursion=entry.prevent_recursion,
        scan_depth=entry.scan_depth if entry.scan_depth is not None else book.scan_depth,
        lorebook_id=book.pk,
    )


def lorebook_entries(*, lorebook: Lorebook) -> tuple[LoreEntry, ...]:
    return tuple(entry_view(entry, book=lorebook) for entry in lorebook.entries.all())


@dataclass(frozen=True)
class ChatLore:
    """The entries of every lorebook attached to a chat, its character or its scene."""

    entries: tuple[LoreEntry, ...] = ()
    lorebook_ids: tuple[int, ...] = ()
    recursive: bool = True
    token_budget: int | None = None  # the smallest budget a book asks for, if any


def chat_lore(
    *, owner_id: int, character_id: int, scene_id: int | None, thread_id: int | None
) -> ChatLore:
    attached = Q(characters=character_id)
    if scene_id is not None:
        attached |= Q(scenes=scene_id)
    if thread_id is not None:
        attached |= Q(threads=thread_id)
    books = list(Lorebook.objects.filter(attached, owner_id=owner_id).distinct().order_by("id"))
    if not books:
        return ChatLore()
    by_id = {book.pk: book for book in books}
    entries = tuple(
        entry_view(entry, book=by_id[entry.lorebook_id])
        for entry in LorebookEntry.objects.filter(lorebook_id__in=by_id, enabled=True)
    )
    budgets = [book.token_budget for book in books if book.token_budget]
    return ChatLore(
        entries=entries,
        lorebook_ids=tuple(by_id),
        recursive=not any(book.recursive_scanning is False for book in books),
        token_budget=min(budgets) if budgets else None,
    )
