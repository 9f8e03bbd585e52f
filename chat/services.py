"""Writes of the chat app: threads, messages, replies and their receipts.

Invariants:
- Every write that allocates a ``seq`` or starts a reply first locks the thread row
  (``SELECT ... FOR UPDATE``), so two tabs or two server processes never take the same
  number and never both start a reply.
- One reply at a time per thread: a ``streaming`` message makes the thread busy. One whose
  ``progress_at`` is older than ``CHAT_STALE_REPLY_SECONDS`` belonged to a process that died;
  it is marked ``interrupted`` (text kept) the next time the thread is used, or by the sweep.
- A user message is committed before any model is called; a reply exists from its start with
  status ``streaming`` and its text is saved as it grows (``reply_save_progress``).
- Nothing is removed: a regenerated reply stays (``active=False``, ``replaced_by``), a deleted
  message is hidden (``deleted_at``) and can be restored.
- The memory app hears about changes only after they commit (``transaction.on_commit``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone

from chat import selectors
from chat.context import AssembledContext, assemble_context
from chat.models import ContextReceipt, Message, Thread
from drawhisper.providers.base import ChatMessage
from drawhisper.tokens import count_tokens
from memories import triggers

STALE_REPLY_ERROR = "The reply was cut off before it finished."


class ChatError(Exception):
    """A request the chat cannot carry out; ``code`` goes into the ``error`` event."""

    code = "invalid"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class ThreadBusy(ChatError):
    code = "busy"


class NothingToRegenerate(ChatError):
    code = "nothing_to_regenerate"


class MessageStreaming(ChatError):
    code = "streaming"


BUSY_DETAIL = "A reply is still being written in this chat. Wait for it to finish or stop it first."


@dataclass(frozen=True)
class SendResult:
    message: Message
    created: bool
    reply: Message | None  # the streaming reply to generate, when one was started


@dataclass(frozen=True)
class RegenerateResult:
    reply: Message
    replaced: Message | None


@dataclass(frozen=True)
class PreparedReply:
    messages: tuple[ChatMessage, ...]
    receipt: dict


# --------------------------------------------------------------------------- validation


def check_message_content(content: object) -> str:
    """The text of a message a user sends or edits, or a ValidationError saying what is wrong."""
    if not isinstance(content, str):
        raise ValidationError(
            {"content": ValidationError("The message must be text.", code="invalid_message")}
        )
    content = content.strip()
    if not content:
        raise ValidationError(
            {"content": ValidationError("The message is empty.", code="empty_message")}
        )
    limit = settings.CHAT_MAX_MESSAGE_CHARS
    if len(content) > limit:
        raise ValidationError(
            {
                "content": ValidationError(
                    f"The message is too long: at most {limit} characters.", code="message_too_long"
                )
            }
        )
    return content


# --------------------------------------------------------------------------- threads


def _default_title(*, character, scene) -> str:
    return f"{character.name} · {scene.title}" if scene is not None else character.name


def thread_create(*, owner, character, scene=None, title: str = "") -> Thread:
    """A new chat with ``character`` (in ``scene``), opened by the greeting as message 1."""
    from scenes.prompting import render_greeting
    from scenes.selectors import effective_config

    if character.owner_id != owner.pk:
        raise ValidationError({"character": "No such character."})
    if scene is not None and (scene.owner_id != owner.pk or scene.character_id != character.pk):
        raise ValidationError({"scene": "No such scene for this character."})
    greeting = render_greeting(
        effective_config(character=character, scene=scene), user_name=owner.get_username()
    )
    with transaction.atomic():
        thread = Thread.objects.create(
            owner=owner,
            character=character,
            scene=scene,
            title=(title.strip() or _default_title(character=character, scene=scene))[:200],
        )
        if greeting:
            Message.objects.create(
                thread=thread,
                seq=1,
                role=Message.Role.ASSISTANT,
                content=greeting,
                token_count=count_tokens(greeting),
            )
            _after_commit_messages(thread.pk)
    return thread


def thread_start(
    *, user, character_id: int | str, scene_id: int | str | None = None, title: str = ""
) -> Thread:
    """Create a thread from ids the user sent, found among the user's own character and
    scenes (another user's ids are "no such" ones)."""
    from characters.selectors import character_get
    from scenes.selectors import scene_get

    character = character_get(user=user, character_id=character_id)
    if character is None:
        raise ValidationError({"character": "No such character."})
    scene = None
    if scene_id:
        scene = scene_get(user=user, scene_id=int(scene_id))
        if scene is None or scene.character_id != character.pk:
            raise ValidationError({"scene": "No such scene for this character."})
    return thread_create(owner=user, character=character, scene=scene, title=title)


def thread_update(*, thread: Thread, title: str) -> Thread:
    title = title.strip()
    if not title:
        raise ValidationError({"title": "The title is empty."})
    thread.title = title[:200]
    thread.save(update_fields=["title", "updated_at"])
    return thread


def thread_delete(*, thread: Thread) -> None:
    """Delete the chat with its messages (and, by cascade, the memories made in it)."""
    thread.delete()


# --------------------------------------------------------------------------- internals


def _lock_thread(thread_id: int) -> Thread:
    return Thread.objects.select_for_update().get(pk=thread_id)


def _next_seq(thread_id: int) -> int:
    return (Message.objects.filter(thread_id=thread_id).aggregate(top=Max("seq"))["top"] or 0) + 1


def _after_commit_messages(thread_id: int) -> None:
    transaction.on_commit(lambda: triggers.on_messages_committed(thread_id=thread_id))


def _after_commit_changed(message_id: int) -> None:
    transaction.on_commit(lambda: triggers.on_message_changed(message_id=message_id))


def _stale_before():
    return timezone.now() - timedelta(seconds=settings.CHAT_STALE_REPLY_SECONDS)


def _interrupt_stale(*, thread_id: int | None = None) -> list[Message]:
    """Mark streaming replies nobody saved for a while ``interrupted``, keeping their text."""
    stale = Message.objects.select_for_update(skip_locked=True).filter(
        Q(progress_at__lt=_stale_before())
        | Q(progress_at__isnull=True, created_at__lt=_stale_before()),
        status=Message.Status.STREAMING,
    )
    if thread_id is not None:
        stale = stale.filter(thread_id=thread_id)
    changed = []
    for message in stale:
        message.status = Message.Status.INTERRUPTED
        message.error = STALE_REPLY_ERROR
        message.token_count = count_tokens(message.content)
        message.save(update_fields=["status", "error", "token_count"])
        _after_commit_messages(message.thread_id)
        changed.append(message)
    return changed


def _ensure_idle(thread_id: int) -> None:
    _interrupt_stale(thread_id=thread_id)
    if selectors.streaming_reply(thread_id=thread_id) is not None:
        raise ThreadBusy(BUSY_DETAIL)


def _start_reply(thread_id: int, *, seq: int | None = None) -> Message:
    return Message.objects.create(
        thread_id=thread_id,
        seq=seq or _next_seq(thread_id),
        role=Message.Role.ASSISTANT,
        status=Message.Status.STREAMING,
        progress_at=timezone.now(),
    )


def _touch(thread_id: int) -> None:
    Thread.objects.filter(pk=thread_id).update(updated_at=timezone.now())


# --------------------------------------------------------------------------- messages


def message_send(
    *, thread: Thread, content: str, client_id: uuid.UUID | str | None = None
) -> SendResult:
    """Store the user's message and start the reply to it, atomically.

    The same ``client_id`` twice gives back the first message (``created=False``) and starts
    no second reply, unless that message was left without one (a reply never began)."""
    content = check_message_content(content)
    if client_id is not None and not isinstance(client_id, uuid.UUID):
        try:
            client_id = uuid.UUID(str(client_id))
        except ValueError as error:
            raise ValidationError(
                {
                    "client_id": ValidationError(
                        "client_id must be a UUID.", code="invalid_client_id"
                    )
                }
            ) from error
    with transaction.atomic():
        _lock_thread(thread.pk)
        existing = (
            Message.objects.filter(thread_id=thread.pk, client_id=client_id).first()
            if client_id
            else None
        )
        if existing is not None:
            reply = None
            last = selectors.last_visible_message(thread_id=thread.pk)
            if last is not None and last.pk == existing.pk:
                _interrupt_stale(thread_id=thread.pk)
                if selectors.streaming_reply(thread_id=thread.pk) is None:
                    reply = _start_reply(thread.pk)
            return SendResult(message=existing, created=False, reply=reply)
        _ensure_idle(thread.pk)
        seq = _next_seq(thread.pk)
        try:
            with transaction.atomic():
                message = Message.objects.create(
                    thread_id=thread.pk,
                    seq=seq,
                    role=Message.Role.USER,
                    content=content,
                    token_count=count_tokens(content),
                    client_id=client_id,
                )
        except IntegrityError:  # pragma: no cover - the thread lock makes this unreachable
            raise ThreadBusy(BUSY_DETAIL) from None
        reply = _start_reply(thread.pk, seq=seq + 1)
        _touch(thread.pk)
        _after_commit_messages(thread.pk)
    return SendResult(message=message, created=True, reply=reply)


def reply_regenerate(*, thread: Thread) -> RegenerateResult:
    """Start a new reply to the last user message; the reply it replaces stays retrievable
    (``active=False``, ``replaced_by`` the new one). With the user's message last, simply
    start the reply it never got."""
    with transaction.atomic():
        _lock_thread(thread.pk)
        _ensure_idle(thread.pk)
        last = selectors.last_visible_message(thread_id=thread.pk)
        if last is None:
            raise NothingToRegenerate("There is nothing to reply to yet: send a message first.")
        if last.role == Message.Role.USER:
            reply = _start_reply(thread.pk)
            _touch(thread.pk)
            return RegenerateResult(reply=reply, replaced=None)
        answered = (
            selectors.visible_messages(thread_id=thread.pk)
            .filter(seq__lt=last.seq, role=Message.Role.USER)
            .exists()
        )
        if not answered:
            raise NothingToRegenerate("The greeting is not a reply; send a message first.")
        reply = _start_reply(thread.pk)
        last.active = False
        last.replaced_by = reply
        last.save(update_fields=["active", "replaced_by"])
        _touch(thread.pk)
        _after_commit_changed(last.pk)
    return RegenerateResult(reply=reply, replaced=last)


def message_edit(*, message: Message, content: str) -> Message:
    """Change the text of a message (the user's own, or a reply they want to correct)."""
    content = check_message_content(content)
    with transaction.atomic():
        locked = Message.objects.select_for_update().get(pk=message.pk)
        if locked.status == Message.Status.STREAMING:
            raise MessageStreaming("This reply is still being written; stop it before editing.")
        locked.content = content
        locked.token_count = count_tokens(content)
        locked.edited_at = timezone.now()
        locked.save(update_fields=["content", "token_count", "edited_at"])
        _after_commit_changed(locked.pk)
    return locked


def message_delete(*, message: Message) -> Message:
    """Hide a message from the chat and from every later prompt; ``message_restore`` undoes it."""
    with transaction.atomic():
        locked = Message.objects.select_for_update().get(pk=message.pk)
        if locked.status == Message.Status.STREAMING:
            raise MessageStreaming("This reply is still being written; stop it before deleting.")
        locked.deleted_at = timezone.now()
        locked.save(update_fields=["deleted_at"])
        _after_commit_changed(locked.pk)
    return locked


def message_restore(*, message: Message) -> Message:
    with transaction.atomic():
        locked = Message.objects.select_for_update().get(pk=message.pk)
        locked.deleted_at = None
        locked.save(update_fields=["deleted_at"])
        _after_commit_changed(locked.pk)
    return locked


# --------------------------------------------------------------------------- replies


def reply_prepare(*, reply_id: int) -> PreparedReply:
    """Assemble the prompt of a streaming reply and store its receipt."""
    reply = Message.objects.select_related(
        "thread__character", "thread__scene", "thread__owner"
    ).get(pk=reply_id)
    thread = reply.thread
    assembled: AssembledContext = assemble_context(
        thread=thread, reply_seq=reply.seq, user_name=thread.owner.get_username()
    )
    receipt = assembled.receipt
    ContextReceipt.objects.update_or_create(
        message=reply,
        defaults={
            "layers": receipt.layers_json(),
            "items": receipt.items_json(),
            "total_tokens": receipt.total_tokens,
            "budget_tokens": receipt.budget_tokens,
        },
    )
    return PreparedReply(messages=assembled.messages, receipt=receipt.as_json())


def reply_save_progress(*, reply_id: int, content: str) -> bool:
    """Save the text so far; False when the reply is no longer streaming."""
    return bool(
        Message.objects.filter(pk=reply_id, status=Message.Status.STREAMING).update(
            content=content, progress_at=timezone.now()
        )
    )


def reply_finish(*, reply_id: int, content: str, status: str, error: str = "") -> Message | None:
    """Store the final text and status of a reply (``complete``, ``interrupted`` or ``failed``).

    A reply the sweep took for dead while it was in fact alive is finished all the same."""
    with transaction.atomic():
        updated = Message.objects.filter(
            pk=reply_id, status__in=[Message.Status.STREAMING, Message.Status.INTERRUPTED]
        ).update(
            content=content,
            token_count=count_tokens(content),
            status=status,
            error=error,
            progress_at=timezone.now(),
        )
        if not updated:
            return None
        reply = Message.objects.get(pk=reply_id)
        if status != Message.Status.FAILED:
            _after_commit_messages(reply.thread_id)
    return reply


def replies_interrupt_stale(*, thread_id: int | None = None) -> int:
    """Mark dead streaming replies interrupted (all threads, or one); returns how many."""
    with transaction.atomic():
        return len(_interrupt_stale(thread_id=thread_id))
