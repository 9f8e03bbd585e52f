"""Reads of the chat app: threads and messages, always scoped to their owner.

Another user's thread is simply not found, so callers answer 404 (REST) or refuse the socket
exactly as for a thread that does not exist.

Vocabulary:
- *visible* messages are the transcript the user sees: not replaced by a regeneration
  (``active``) and not deleted by the user.
- *prompt* messages are the visible ones a model may read: finished (``complete``) or cut off
  (``interrupted``, their text kept); never ``streaming`` or ``failed``.
- *complete* messages are the visible ones that finished (``complete``): what the memory
  pipeline may make memories of.

Other apps read chat through the functions at the end of this module, which return frozen
dataclasses (:class:`ThreadRef`, :class:`TranscriptEntry`), never model instances.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Max, QuerySet

from chat.models import ContextReceipt, Message, Thread
from chat.titles import chat_title
from drawhisper.compiled_sql import CompiledQuery

PROMPT_STATUSES = (Message.Status.COMPLETE, Message.Status.INTERRUPTED)


def thread_list(
    *, user, character_id: int | None = None, scene_id: int | None = None
) -> QuerySet[Thread]:
    """The user's threads, most recently active first."""
    threads = Thread.objects.filter(owner=user).select_related("character", "scene")
    if character_id is not None:
        threads = threads.filter(character_id=character_id)
    if scene_id is not None:
        threads = threads.filter(scene_id=scene_id)
    return threads


def thread_get(*, user, thread_id: int) -> Thread | None:
    """The user's thread with this id, or None (also when it belongs to someone else)."""
    if user is None or not user.is_authenticated:
        return None
    return thread_list(user=user).filter(pk=thread_id).first()


def visible_messages(*, thread_id: int) -> QuerySet[Message]:
    return Message.objects.filter(thread_id=thread_id, active=True, deleted_at__isnull=True)


def message_list(
    *,
    thread: Thread,
    include_replaced: bool = False,
    before_seq: int | None = None,
    after_seq: int | None = None,
    limit: int = 100,
) -> tuple[list[Message], bool]:
    """Up to ``limit`` messages in ``seq`` order and whether earlier ones exist.

    Without ``after_seq`` the newest messages are returned (a chat opens at its end); with it,
    the ones right after ``after_seq`` (catching up after a reconnect). Replaced replies are
    left out unless ``include_replaced``; each reply lists them under ``previous_versions``."""
    messages = Message.objects.filter(thread=thread, deleted_at__isnull=True).select_related(
        "receipt"
    )
    if not include_replaced:
        messages = messages.filter(active=True)
    if before_seq is not None:
        messages = messages.filter(seq__lt=before_seq)
    if after_seq is not None:
        page = list(messages.filter(seq__gt=after_seq).order_by("seq")[:limit])
        has_earlier = messages.filter(seq__lte=after_seq).exists()
        return page, has_earlier
    newest_first = list(messages.order_by("-seq")[: limit + 1])
    has_earlier = len(newest_first) > limit
    return list(reversed(newest_first[:limit])), has_earlier


def message_get(*, thread: Thread, message_id: int) -> Message | None:
    """One message of the thread (a replaced version too), unless the user deleted it."""
    return (
        Message.objects.filter(thread=thread, pk=message_id, deleted_at__isnull=True)
        .select_related("receipt")
        .first()
    )


def deleted_message_get(*, thread: Thread, message_id: int) -> Message | None:
    return Message.objects.filter(thread=thread, pk=message_id, deleted_at__isnull=False).first()


def previous_versions(*, messages: Iterable[Message]) -> dict[int, list[Message]]:
    """For each given reply, the replies it replaced, oldest first, following the whole chain
    (regenerating twice gives the newest reply two previous versions)."""
    replies = [
        message
        for message in messages
        if message.role == Message.Role.ASSISTANT
        and not getattr(message, "replaces_nothing", False)
    ]
    if not replies:
        return {}
    thread_ids = {message.thread_id for message in replies}
    replaced = Message.objects.filter(
        thread_id__in=thread_ids, active=False, replaced_by__isnull=False, deleted_at__isnull=True
    ).order_by("seq")
    predecessors: dict[int, list[Message]] = defaultdict(list)
    for message in replaced:
        predecessors[message.replaced_by_id].append(message)

    def chain(message_id: int) -> list[Message]:
        found: list[Message] = []
        for previous in predecessors.get(message_id, []):
            found.extend(chain(previous.pk))
            found.append(previous)
        return found

    return {message.pk: sorted(chain(message.pk), key=lambda m: m.seq) for message in replies}


def version_shown(*, message: Message) -> Message | None:
    """The version of a reply that the chat shows: ``message`` itself when active, else the
    end of its ``replaced_by`` chain; None when that chain ends in a deleted or hidden reply."""
    seen: set[int] = set()
    current: Message | None = message
    while current is not None and current.pk not in seen:
        if current.active:
            return current if current.deleted_at is None else None
        seen.add(current.pk)
        if current.replaced_by_id is None:
            return None
        current = Message.objects.filter(pk=current.replaced_by_id).first()
    return None


PROMPT_HISTORY_LIMIT = 400


@dataclass(frozen=True, slots=True)
class PromptMessage:
    """A prompt message as context assembly reads it: no model instance is built for it (a
    long chat's prompt reads up to ``PROMPT_HISTORY_LIMIT`` of them every turn)."""

    id: int
    seq: int
    role: str
    content: str

    @property
    def pk(self) -> int:
        return self.id


def _prompt_history_queryset(*, thread_id: int, before_seq: int, limit: int = PROMPT_HISTORY_LIMIT):
    return (
        visible_messages(thread_id=thread_id)
        .filter(seq__lt=before_seq, status__in=PROMPT_STATUSES)
        .order_by("-seq")
        .values_list("id", "seq", "role", "content")[:limit]
    )


# Every chat turn reads it: compiled to SQL once per process.
_PROMPT_HISTORY = CompiledQuery(_prompt_history_queryset)


def prompt_history(
    *, thread_id: int, before_seq: int, limit: int = PROMPT_HISTORY_LIMIT
) -> list[PromptMessage]:
    """The newest ``limit`` prompt messages before ``before_seq``, newest first."""
    if limit != PROMPT_HISTORY_LIMIT:
        rows = list(
            _prompt_history_queryset(thread_id=thread_id, before_seq=before_seq, limit=limit)
        )
    else:
        sql, params = _PROMPT_HISTORY.sql(thread_id=thread_id, before_seq=before_seq)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    return [PromptMessage(*row) for row in rows]


def lore_of_replies(*, message_ids: Iterable[int]) -> dict[int, dict[int, str]]:
    """The lorebook entries in each reply's receipt (one query): message id -> {entry id:
    receipt type}, for the lore's timed effects."""
    rows = ContextReceipt.objects.filter(message_id__in=list(message_ids)).values_list(
        "message_id", "items"
    )
    return {
        message_id: {
            item["id"]: item.get("type", "")
            for item in items or ()
            if isinstance(item, dict) and item.get("kind") == "lore"
        }
        for message_id, items in rows
    }


def last_visible_message(*, thread_id: int) -> Message | None:
    return visible_messages(thread_id=thread_id).order_by("-seq").first()


def _streaming_reply_queryset(*, thread_id: int):
    return Message.objects.filter(thread_id=thread_id, status=Message.Status.STREAMING).order_by(
        "-seq"
    )[:1]


# Every socket's connect reads it: compiled to SQL once per process.
_STREAMING_REPLY = CompiledQuery(_streaming_reply_queryset)


def streaming_reply(*, thread_id: int) -> Message | None:
    found = _STREAMING_REPLY.rows(thread_id=thread_id)
    return found[0] if found else None


# --------------------------------------------------------------------------- for other apps


@dataclass(frozen=True)
class ThreadRef:
    """A thread as other apps see it, with the names its transcript lines use."""

    id: int
    owner_id: int
    character_id: int
    scene_id: int | None
    title: str
    scene_title: str
    owner_first_name: str
    owner_username: str
    character_name: str
    created_at: datetime
    updated_at: datetime
    persona_name: str = ""  # the chat's persona ("" for none): who the user is in it

    @property
    def pk(self) -> int:
        return self.id

    @property
    def display_title(self) -> str:
        """The chat's name as every page shows it (``chat.titles.chat_title``)."""
        return chat_title(title=self.title, character_name=self.character_name)


@dataclass(frozen=True)
class TranscriptEntry:
    """One message as other apps see it; ``visible`` is the rule stated at the top."""

    id: int
    thread_id: int
    seq: int
    role: str
    content: str
    token_count: int
    status: str
    visible: bool
    created_at: datetime

    @property
    def pk(self) -> int:
        return self.id

    @property
    def complete(self) -> bool:
        """Visible and finished: what memories may be made of."""
        return self.visible and self.status == Message.Status.COMPLETE


def _thread_ref(thread: Thread) -> ThreadRef:
    return ThreadRef(
        id=thread.pk,
        owner_id=thread.owner_id,
        character_id=thread.character_id,
        scene_id=thread.scene_id,
        title=thread.title,
        scene_title=thread.scene.title if thread.scene_id else "",
        owner_first_name=thread.owner.first_name,
        owner_username=thread.owner.get_username(),
        character_name=thread.character.name,
        created_at=thread.created_at,
        updated_at=thread.updated_at,
        persona_name=thread.persona.name if thread.persona_id else "",
    )


def _entry(message: Message) -> TranscriptEntry:
    return TranscriptEntry(
        id=message.pk,
        thread_id=message.thread_id,
        seq=message.seq,
        role=message.role,
        content=message.content,
        token_count=message.token_count,
        status=message.status,
        visible=message.active and message.deleted_at is None,
        created_at=message.created_at,
    )


def _thread_refs(threads: QuerySet[Thread]) -> list[ThreadRef]:
    return [
        _thread_ref(t) for t in threads.select_related("owner", "character", "scene", "persona")
    ]


def thread_ref(*, thread_id: int, owner_id: int | None = None) -> ThreadRef | None:
    """The thread (only if ``owner_id`` owns it, when given), or None."""
    threads = Thread.objects.filter(pk=thread_id)
    if owner_id is not None:
        threads = threads.filter(owner_id=owner_id)
    found = _thread_refs(threads)
    return found[0] if found else None


def thread_refs(
    *,
    owner_id: int,
    character_id: int | None = None,
    thread_ids: Iterable[int] | None = None,
    limit: int | None = None,
) -> list[ThreadRef]:
    """The owner's threads (optionally of one character, or these ids), newest first, at
    most ``limit`` of them when given."""
    threads = Thread.objects.filter(owner_id=owner_id)
    if character_id is not None:
        threads = threads.filter(character_id=character_id)
    if thread_ids is not None:
        threads = threads.filter(pk__in=list(thread_ids))
    threads = threads.order_by("-updated_at", "-id")
    return _thread_refs(threads[:limit] if limit is not None else threads)


def message_entry(*, message_id: int) -> TranscriptEntry | None:
    """One message in whatever state it is (replaced, deleted, streaming...), or None."""
    message = Message.objects.filter(pk=message_id).first()
    return _entry(message) if message is not None else None


def complete_messages(
    *,
    thread_id: int,
    first_seq: int | None = None,
    last_seq: int | None = None,
    before_seq: int | None = None,
    created_from: datetime | None = None,
    created_before: datetime | None = None,
) -> list[TranscriptEntry]:
    """The thread's complete messages in ``seq`` order, within the bounds given (inclusive
    ``first_seq``/``last_seq``, exclusive ``before_seq`` and ``created_before``)."""
    messages = visible_messages(thread_id=thread_id).filter(status=Message.Status.COMPLETE)
    if first_seq is not None:
        messages = messages.filter(seq__gte=first_seq)
    if last_seq is not None:
        messages = messages.filter(seq__lte=last_seq)
    if before_seq is not None:
        messages = messages.filter(seq__lt=before_seq)
    if created_from is not None:
        messages = messages.filter(created_at__gte=created_from)
    if created_before is not None:
        messages = messages.filter(created_at__lt=created_before)
    return [_entry(message) for message in messages.order_by("seq")]


def visible_transcripts(*, thread_ids: Iterable[int]) -> list[TranscriptEntry]:
    """Every visible message of these threads, by thread then ``seq``."""
    messages = Message.objects.filter(
        thread_id__in=list(thread_ids), active=True, deleted_at__isnull=True
    )
    return [_entry(message) for message in messages.order_by("thread_id", "seq")]


def newest_reply_seq(*, thread_id: int) -> int | None:
    """The ``seq`` of the newest visible assistant reply (in any status), or None."""
    return (
        visible_messages(thread_id=thread_id)
        .filter(role=Message.Role.ASSISTANT)
        .aggregate(seq=Max("seq"))
        .get("seq")
    )


def threads_with_complete_messages(
    *, created_from: datetime, created_before: datetime
) -> list[int]:
    """Ids of the threads with a complete message created in ``[created_from, created_before)``."""
    return list(
        Message.objects.filter(
            created_at__gte=created_from,
            created_at__lt=created_before,
            active=True,
            status=Message.Status.COMPLETE,
            deleted_at__isnull=True,
        )
        .values_list("thread_id", flat=True)
        .distinct()
        .order_by("thread_id")
    )
