"""The user's messages: send (idempotent per ``client_id``), edit, delete and restore.

Invariants:
- A user message is committed, together with the ``streaming`` reply that answers it, before
  any model is called. The memory app hears of it when that reply ends.
- Nothing is removed: a deleted message is hidden (``deleted_at``), keeps its ``seq`` and can
  be restored; memories made from an edited or deleted message are told (``on_message_changed``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from chat import selectors
from chat.models import Message, Thread
from chat.services import guard
from chat.services.errors import BUSY_DETAIL, MessageStreaming, ThreadBusy, ThreadGone
from drawhisper.tokens import count_tokens


@dataclass(frozen=True)
class SendResult:
    message: Message
    created: bool
    reply: Message | None  # the streaming reply to generate, when one was started


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
        # Lock and touch in one statement, then one insert that also checks the thread is
        # idle: a send is the hot path.
        if not guard.lock_and_touch(thread.pk):
            raise ThreadGone("This chat no longer exists.")
        message = Message(
            thread_id=thread.pk,
            seq=0,
            role=Message.Role.USER,
            content=content,
            token_count=count_tokens(content),
            client_id=client_id,
        )
        reply = guard.new_reply(thread.pk, seq=0)
        # The usual send (no reply streaming, no earlier send with this client_id): the idle
        # check, the next seq and both rows in one statement.
        if not guard.insert_if_idle(thread.pk, [message, reply], client_id=client_id):
            state = guard.idle_state(thread.pk, client_id=client_id)
            if state.existing_id is not None:
                existing = Message.objects.get(pk=state.existing_id)
                reply = None
                last = selectors.last_visible_message(thread_id=thread.pk)
                if last is not None and last.pk == existing.pk:
                    guard.interrupt_stale(thread_id=thread.pk)
                    if selectors.streaming_reply(thread_id=thread.pk) is None:
                        reply = guard.start_reply(thread.pk)
                return SendResult(message=existing, created=False, reply=reply)
            message.seq, reply.seq = state.next_seq, state.next_seq + 1
            try:  # both rows in one insert
                Message.objects.bulk_create([message, reply])
            except IntegrityError:  # pragma: no cover - the thread lock makes this unreachable
                raise ThreadBusy(BUSY_DETAIL) from None
        guard.reply_begun(reply)
        reply.replaces_nothing = True  # no earlier version can point at a reply this new
        # The memory app is told when the reply ends (``reply_finish``): whether a memory job
        # is due need not hold up the reply's first token.
    return SendResult(message=message, created=True, reply=reply)


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
        guard.after_commit_changed(locked.pk)
    return locked


def message_delete(*, message: Message) -> Message:
    """Hide a message from the chat and from every later prompt; ``message_restore`` undoes it."""
    with transaction.atomic():
        locked = Message.objects.select_for_update().get(pk=message.pk)
        if locked.status == Message.Status.STREAMING:
            raise MessageStreaming("This reply is still being written; stop it before deleting.")
        locked.deleted_at = timezone.now()
        locked.save(update_fields=["deleted_at"])
        guard.after_commit_changed(locked.pk)
    return locked


def message_restore(*, message: Message) -> Message:
    with transaction.atomic():
        locked = Message.objects.select_for_update().get(pk=message.pk)
        locked.deleted_at = None
        locked.save(update_fields=["deleted_at"])
        guard.after_commit_changed(locked.pk)
    return locked
