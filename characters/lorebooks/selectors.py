"""Lorebook reads, scoped to one owner, and the entries that apply to one chat.

Other apps get :class:`~characters.lorebooks.matching.LoreEntry` dataclasses and
:class:`ChatLore`, never model instances.

A chat's lore is kept per process between its turns (``chat_lore`` with a ``stamp``), keyed
by the owner, the chat and the **lore stamp** (``LoreStamp``, read with the caller's own
row): a hash of the id and row version (PostgreSQL's ``xmin`` and ``ctid``, which every
insert, update and delete changes, whatever wrote it: a service, ``QuerySet.update()``, the
admin, a card import, the worker) of every attached book and of every entry of those books.
Any change to a book, an entry or an attachment gives a new stamp, so a stale entry never
reaches a prompt; no book attached gives no stamp and no read at all."""

from __future__ import annotations

import logging
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Count, F, Func, Q, QuerySet, TextField

from characters.lorebooks.matching import LoreEntry, ScanSettings, scan
from characters.lorebooks.timing import PastTurns, lookback, timed_state
from characters.lorebooks.vectors import has_current_vector, wants_vector
from characters.models import Lorebook, LorebookEntry

logger = logging.getLogger(__name__)


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
        vectorized=wants_vector(entry, book),
        group=entry.group,
        group_override=entry.group_override,
        group_weight=entry.group_weight,
        use_group_scoring=entry.use_group_scoring
        if entry.use_group_scoring is not None
        else book.use_group_scoring,
        sticky=entry.sticky,
        cooldown=entry.cooldown,
        delay=entry.delay,
    )


def lorebook_entries(*, lorebook: Lorebook) -> tuple[LoreEntry, ...]:
    return tuple(entry_view(entry, book=lorebook) for entry in lorebook.entries.all())


def lorebook_vector_ready_ids(*, lorebook: Lorebook) -> tuple[int, ...]:
    """The book's entries matched by meaning whose vector is that of their content."""
    return tuple(
        entry.pk
        for entry in lorebook.entries.all()
        if wants_vector(entry, lorebook) and has_current_vector(entry)
    )


def vector_matches(*, owner_id: int, entry_ids: Sequence[int], query: str) -> Mapping[int, float]:
    """The entries (of ``entry_ids``, each with a current vector) close enough in meaning to
    ``query``: at least ``LORE_VECTOR_THRESHOLD`` similar, the ``LORE_VECTOR_MAX_ENTRIES``
    closest. A vector store or embedder failure matches nothing (keys still work)."""
    from django.conf import settings

    if not entry_ids or not query.strip() or settings.LORE_VECTOR_MAX_ENTRIES <= 0:
        return {}
    from memories.lore_vectors import lore_vector_scores

    try:
        scores = lore_vector_scores(owner_id=owner_id, entry_ids=entry_ids, query=query)
    except Exception:  # noqa: BLE001 - a reply must not fail on an optional match
        logger.warning("lore.vector_match_failed", exc_info=True)
        return {}
    close = sorted(
        (
            (score, entry_id)
            for entry_id, score in scores.items()
            if score >= settings.LORE_VECTOR_THRESHOLD
        ),
        reverse=True,
    )[: settings.LORE_VECTOR_MAX_ENTRIES]
    return {entry_id: score for score, entry_id in close}


@dataclass(frozen=True)
class ChatLore:
    """The entries of every lorebook attached to a chat, its character or its scene."""

    entries: tuple[LoreEntry, ...] = ()
    lorebook_ids: tuple[int, ...] = ()
    recursive: bool = True
    token_budget: int | None = None  # the smallest budget a book asks for, if any
    vector_entry_ids: tuple[int, ...] = ()  # matched by meaning, with a current vector


class LoreStamp(Func):
    """The lore stamp of a chat, as a column of a query over chat's threads: ``LoreStamp(owner,
    character, scene, thread)``, four expressions naming the chat's columns (for a query of
    messages, ``F("thread__owner_id")`` and so on). NULL when no lorebook is attached."""

    output_field = TextField()

    def __init__(self, owner, character, scene, thread) -> None:
        super().__init__(owner, character, scene, thread)

    def as_sql(self, compiler, connection, **extra_context):
        columns = []
        for expression in self.get_source_expressions():
            sql, params = compiler.compile(expression)
            if params:  # pragma: no cover - column references carry no params
                raise ValueError("LoreStamp takes column references")
            columns.append(sql)
        owner, character, scene, thread = columns
        books, entries = Lorebook._meta.db_table, LorebookEntry._meta.db_table
        through = {
            name: Lorebook._meta.get_field(name).remote_field.through._meta.db_table
            for name in ("characters", "scenes", "threads")
        }
        attached = (
            f"SELECT lb.id FROM {books} lb WHERE lb.owner_id = {owner} AND lb.id IN ("
            f"SELECT a.lorebook_id FROM {through['characters']} a WHERE a.character_id = {character}"
            f" UNION ALL SELECT a.lorebook_id FROM {through['scenes']} a WHERE a.scene_id = {scene}"
            f" UNION ALL SELECT a.lorebook_id FROM {through['threads']} a WHERE a.thread_id = {thread})"
        )
        return (
            "(SELECT md5(string_agg(stamp.part, ',' ORDER BY stamp.part)) FROM ("
            f"SELECT 'b' || lb.id || ':' || lb.xmin::text || ':' || lb.ctid::text AS part"
            f" FROM {books} lb WHERE lb.id IN ({attached})"
            f" UNION ALL SELECT 'e' || le.id || ':' || le.xmin::text || ':' || le.ctid::text"
            f" FROM {entries} le WHERE le.lorebook_id IN ({attached})) stamp)"
        ), []


def lore_stamp_of_thread(prefix: str = "") -> LoreStamp:
    """``LoreStamp`` of the chat reached through ``prefix`` (``"thread__"`` from a message)."""
    return LoreStamp(
        F(f"{prefix}owner_id"),
        F(f"{prefix}character_id"),
        F(f"{prefix}scene_id"),
        F(f"{prefix}id") if prefix else F("id"),
    )


#: ``chat_lore(stamp=...)`` not given: read the books (no cache).
READ_STAMP: object = object()
#: Chats whose lore is kept per process, least recently used dropped first.
CHAT_LORE_CACHE_SIZE = 256
_chat_lore_cache: OrderedDict[tuple, ChatLore] = OrderedDict()
_chat_lore_lock = threading.Lock()


def chat_lore(
    *,
    owner_id: int,
    character_id: int,
    scene_id: int | None,
    thread_id: int | None,
    stamp: str | None | object = READ_STAMP,
) -> ChatLore:
    """The chat's lore. With the ``stamp`` read just before (``LoreStamp``), the lore of the
    same stamp is taken from the process's cache, and a NULL stamp (no book attached) needs
    no read."""
    if stamp is READ_STAMP:
        return _read_chat_lore(
            owner_id=owner_id, character_id=character_id, scene_id=scene_id, thread_id=thread_id
        )
    if stamp is None:
        return ChatLore()
    key = (owner_id, character_id, scene_id, thread_id, stamp)
    with _chat_lore_lock:
        cached = _chat_lore_cache.get(key)
        if cached is not None:
            _chat_lore_cache.move_to_end(key)
            return cached
    # Read after the stamp: what is read is at least as new as the stamp names, and a write
    # in between changes the stamp the next turn reads, so this entry is never used for it.
    lore = _read_chat_lore(
        owner_id=owner_id, character_id=character_id, scene_id=scene_id, thread_id=thread_id
    )
    with _chat_lore_lock:
        _chat_lore_cache[key] = lore
        _chat_lore_cache.move_to_end(key)
        while len(_chat_lore_cache) > CHAT_LORE_CACHE_SIZE:
            _chat_lore_cache.popitem(last=False)
    return lore


def _read_chat_lore(
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
    rows = list(LorebookEntry.objects.filter(lorebook_id__in=by_id, enabled=True))
    entries = tuple(entry_view(entry, book=by_id[entry.lorebook_id]) for entry in rows)
    budgets = [book.token_budget for book in books if book.token_budget]
    return ChatLore(
        entries=entries,
        lorebook_ids=tuple(by_id),
        recursive=not any(book.recursive_scanning is False for book in books),
        token_budget=min(budgets) if budgets else None,
        vector_entry_ids=tuple(
            entry.pk
            for entry in rows
            if wants_vector(entry, by_id[entry.lorebook_id]) and has_current_vector(entry)
        ),
    )


@dataclass(frozen=True)
class FiredLore:
    """An entry that fired for one chat turn, and why."""

    entry_id: int
    lorebook_id: int
    label: str
    content: str
    position: str  # before_char | after_char | at_depth
    depth: int
    insertion_order: int
    matched_key: str  # "" for a constant entry
    secondary_key: str
    reason: str  # key | constant | recursion | vector | sticky
    tokens: int
    score: float | None = None  # similarity to the new message, when it fired by meaning


@dataclass(frozen=True)
class TurnLore:
    fired: tuple[FiredLore, ...] = ()  # in prompt order
    dropped: int = 0  # fired but over the token budget


def lore_for_turn(
    *,
    owner_id: int,
    character_id: int,
    scene_id: int | None,
    thread_id: int | None,
    messages: Sequence[str],
    token_budget: int,
    scan_depth: int | None = None,
    max_recursion: int | None = None,
    rng: random.Random | None = None,
    stamp: str | None | object = READ_STAMP,
    chat_length: int | None = None,
    past_lore: Callable[[int], PastTurns] | None = None,
    group_seed: str = "",
) -> TurnLore:
    """The entries of the chat's lorebooks that fire for ``messages`` (newest first: the new
    message, then the ones before it), within ``token_budget`` (and the books' own). Entries
    matched by meaning are compared with the new message (``vector_matches``). ``stamp``: the
    chat's ``LoreStamp``, when the caller read it (``chat_lore``).

    Timed effects: ``chat_length`` is the chat's messages, the new one included (default: as
    many as ``messages``); ``past_lore(n)`` gives the lore of the replies of the last ``n``
    messages (``characters.lorebooks.timing``), asked only when an entry has a sticky or a
    cooldown. ``group_seed`` seeds the inclusion groups' draws (the chat and the turn)."""
    from django.conf import settings

    lore = chat_lore(
        owner_id=owner_id,
        character_id=character_id,
        scene_id=scene_id,
        thread_id=thread_id,
        stamp=stamp,
    )
    if not lore.entries:
        return TurnLore()
    budget = token_budget if lore.token_budget is None else min(token_budget, lore.token_budget)
    scores = vector_matches(
        owner_id=owner_id,
        entry_ids=lore.vector_entry_ids,
        query=messages[0] if messages else "",
    )
    back = lookback(lore.entries)
    timed = timed_state(
        lore.entries,
        past_lore(back) if back and past_lore is not None else (),
        chat_length=max(len(messages), 1) if chat_length is None else chat_length,
    )
    result = scan(
        lore.entries,
        messages,
        ScanSettings(
            scan_depth=settings.LORE_SCAN_DEPTH if scan_depth is None else scan_depth,
            recursive=lore.recursive,
            max_recursion=settings.LORE_MAX_RECURSION if max_recursion is None else max_recursion,
            token_budget=max(budget, 0),
            use_group_scoring=settings.LORE_GROUP_SCORING,
        ),
        rng=rng,
        vector_scores=scores,
        timed=timed,
        group_seed=group_seed,
    )
    return TurnLore(
        fired=tuple(
            FiredLore(
                entry_id=activation.entry.id,
                lorebook_id=activation.entry.lorebook_id,
                label=activation.entry.label,
                content=activation.entry.content,
                position=activation.entry.position,
                depth=activation.entry.depth,
                insertion_order=activation.entry.insertion_order,
                matched_key=activation.matched_key,
                secondary_key=activation.secondary_key,
                reason=activation.reason,
                tokens=activation.tokens,
                score=activation.score,
            )
            for activation in result.activated
        ),
        dropped=len(result.dropped),
    )
