"""Reads of the chat app: threads and messages, always scoped to their owner.

Another user's thread is simply not found, so callers answer 404 (REST) or refuse the socket
exactly as for a thread that does not exist.

Vocabulary:
- *visible* messages are the transcript the user sees: not replaced by a regeneration
  (``active``) and not deleted by the user.
- *prompt* messages are the visible ones a model may read: finished (``complete``) or cut off
  (``interrupted``, their text kept); never ``streaming`` or ``failed``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import QuerySet

from chat.models import Message, Thread

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


def prompt_history(*, thread_id: int, before_seq: int, limit: int = 400) -> list[Message]:
    """The newest ``limit`` prompt messages before ``before_seq``, newest first."""
    return list(
        visible_messages(thread_id=thread_id)
        .filter(seq__lt=before_seq, status__in=PROMPT_STATUSES)
        .order_by("-seq")[:limit]
    )


def last_visible_message(*, thread_id: int) -> Message | None:
    return visible_messages(thread_id=thread_id).order_by("-seq").first()


def streaming_reply(*, thread_id: int) -> Message | None:
    return (
        Message.objects.filter(thread_id=thread_id, status=Message.Status.STREAMING)
        .order_by("-seq")
        .first()
    )
