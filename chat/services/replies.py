"""Replies: start a regeneration, prepare the prompt, save progress, finish, sweep the dead.

Invariants:
- A reply exists from its start with status ``streaming``; its text is saved as it grows
  (``reply_save_progress``) and it ends exactly once as ``complete``, ``interrupted`` or
  ``failed`` (``reply_finish``).
- A regenerated reply stays retrievable: ``active=False`` and ``replaced_by`` the new one.
- Every prepared reply stores a ContextReceipt of what its prompt held: when it is prepared,
  or (the socket's replies) together with its final text, off the path to the first token.
- The versions of a reply form one tree whose root is the version shown (``active``); every
  other version reaches it through ``replaced_by``. Choosing an earlier version
  (``reply_version_activate``) re-roots the tree, so no version is ever lost and the chain
  never loops. Only the last reply of a chat can change version, and never while a reply is
  being written: a conversation never continues from a version it did not show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import OuterRef
from django.utils import timezone

from characters.selectors import lore_stamp_of_thread, persona_view_of
from chat import selectors
from chat.context import AssembledContext, assemble_context
from chat.models import ContextReceipt, Message, Thread
from chat.naming import user_name_of
from chat.services import guard
from chat.services.errors import NothingToContinue, NothingToRegenerate, NotLatestReply
from drawhisper.accounts.connections import chat_llm_config, default_connection_id_of
from drawhisper.compiled_sql import CompiledQuery
from drawhisper.providers.base import ChatMessage
from drawhisper.tokens import count_tokens
from memories.context import board_stamp_of_thread


@dataclass(frozen=True)
class RegenerateResult:
    reply: Message
    replaced: Message | None


@dataclass(frozen=True)
class PreparedReply:
    messages: tuple[ChatMessage, ...]
    receipt: dict
    prefix: str = ""  # the text a continuation starts from (the model writes what follows)
    #: The backend block of the chat's connection, model and sampling (``get_llm(config=)``);
    #: ``None``: the environment's ``chat`` backend. Holds a decrypted key: never shown.
    llm: dict | None = field(default=None, repr=False)


def reply_regenerate(*, thread: Thread) -> RegenerateResult:
    """Start a new reply to the last user message; the reply it replaces stays retrievable
    (``active=False``, ``replaced_by`` the new one). With the user's message last, simply
    start the reply it never got."""
    with transaction.atomic():
        guard.lock_thread(thread.pk)
        guard.ensure_idle(thread.pk)
        last = selectors.last_visible_message(thread_id=thread.pk)
        if last is None:
            raise NothingToRegenerate("There is nothing to reply to yet: send a message first.")
        if last.role == Message.Role.USER:
            reply = guard.start_reply(thread.pk)
            guard.touch(thread.pk)
            return RegenerateResult(reply=reply, replaced=None)
        answered = (
            selectors.visible_messages(thread_id=thread.pk)
            .filter(seq__lt=last.seq, role=Message.Role.USER)
            .exists()
        )
        if not answered:
            raise NothingToRegenerate("The greeting is not a reply; send a message first.")
        reply = guard.start_reply(thread.pk)
        _put_in_place_of(last, reply=reply, thread=thread)
    return RegenerateResult(reply=reply, replaced=last)


def reply_continue(*, thread: Thread) -> RegenerateResult:
    """Start a reply that goes on from the text of the chat's last reply.

    The new reply begins with that text (the model is asked to carry on from it) and the
    reply it extends becomes its previous version, so choosing that version again undoes the
    continuation. Only an assistant reply that is last and not being written can continue."""
    with transaction.atomic():
        guard.lock_thread(thread.pk)
        guard.ensure_idle(thread.pk)
        last = selectors.last_visible_message(thread_id=thread.pk)
        if last is None or last.role != Message.Role.ASSISTANT:
            raise NothingToContinue("Only the character's last reply can be continued.")
        if not last.content.strip():
            raise NothingToContinue("The last reply has no text to continue; regenerate it.")
        reply = guard.start_reply(thread.pk)
        reply.content = last.content
        reply.save(update_fields=["content"])
        _put_in_place_of(last, reply=reply, thread=thread)
    return RegenerateResult(reply=reply, replaced=last)


def _put_in_place_of(last: Message, *, reply: Message, thread: Thread) -> None:
    """``reply`` (just started) is shown instead of ``last``, which stays retrievable as its
    earlier version (``active=False``, ``replaced_by`` the reply); the memory app is told of
    the change after the commit. Inside the caller's transaction, with the thread locked."""
    last.active = False
    last.replaced_by = reply
    last.save(update_fields=["active", "replaced_by"])
    guard.touch(thread.pk)
    guard.after_commit_changed(last.pk)


def reply_version_activate(*, thread: Thread, version: Message) -> Message:
    """Show ``version`` (an earlier take of the chat's last reply) instead of the current one.

    The current reply becomes a previous version (``active=False``, ``replaced_by`` the chosen
    one) and the chosen one the reply the chat continues from. Its ``seq`` stays what it was:
    every message after it is inactive, and new messages still take the next free ``seq``.
    The memory app hears about both messages after commit. Choosing the version already shown
    changes nothing."""
    with transaction.atomic():
        guard.lock_thread(thread.pk)
        chosen = Message.objects.select_for_update().get(pk=version.pk, thread_id=thread.pk)
        if chosen.role != Message.Role.ASSISTANT or chosen.deleted_at is not None:
            raise NotLatestReply("Only a version of the last reply can be chosen.")
        current = selectors.version_shown(message=chosen)
        if current is not None and current.pk == chosen.pk:
            return chosen
        guard.ensure_idle(thread.pk)
        last = selectors.last_visible_message(thread_id=thread.pk)
        if current is None or last is None or last.pk != current.pk:
            raise NotLatestReply(
                "Only the versions of the last reply can be chosen; this chat has moved on."
            )
        current.active = False
        current.replaced_by = chosen
        current.save(update_fields=["active", "replaced_by"])
        chosen.active = True
        chosen.replaced_by = None
        chosen.save(update_fields=["active", "replaced_by"])
        guard.touch(thread.pk)
        guard.after_commit_changed(current.pk)
        guard.after_commit_messages(thread.pk)
    return chosen


def _reply_with_chat_queryset(*, reply_id: int):
    # One read for the reply, its chat, character, scene, persona, owner, the owner's
    # default model connection (its id; the connection row only when there is one) and the
    # chat's lore stamp (the lorebooks are read only when it changed, none when it is NULL)
    # and its board stamp (the pinned and shared memories likewise).
    # The persona read here serves the user's name and the persona block alike. Only the
    # columns a turn reads come along (no password, card JSON or avatars to load every turn,
    # no ordering for a read of one row), which also keeps the statement under the 4,096
    # characters psycopg caches the parsing of; a deferred column read by mistake costs a
    # query, which the turn's pinned query count would show.
    return (
        Message.objects.select_related(
            "thread__character", "thread__scene", "thread__owner", "thread__persona"
        )
        .defer(*_NOT_READ_BY_A_TURN)
        .annotate(
            default_connection_id=default_connection_id_of(OuterRef("thread__owner_id")),
            lore_stamp=lore_stamp_of_thread("thread__"),
            board_stamp=board_stamp_of_thread("thread__"),
        )
        .filter(pk=reply_id)
        .order_by()
    )


_NOT_READ_BY_A_TURN = (
    *"token_count client_id replaced_by error created_at edited_at deleted_at progress_at writer".split(),
    *(
        f"thread__owner__{name}"
        for name in "password last_login is_superuser last_name email is_staff is_active date_joined".split()
    ),
    *(
        f"thread__character__{name}"
        for name in "tags character_book card_extensions avatar created_at updated_at".split()
    ),
    *(f"thread__scene__{name}" for name in "created_at updated_at".split()),
    *(f"thread__persona__{name}" for name in "avatar default created_at updated_at".split()),
)


# Every chat turn reads it: compiled to SQL once per process (its five joins and two
# subqueries cost more to compile than to run).
_REPLY_WITH_CHAT = CompiledQuery(_reply_with_chat_queryset)


def _reply_with_its_chat(reply_id: int) -> Message:
    found = _REPLY_WITH_CHAT.rows(reply_id=reply_id)
    if not found:
        raise Message.DoesNotExist(f"No reply {reply_id}.")
    return found[0]


CONTINUE_INSTRUCTION = (
    "[Continue your last reply from exactly where it stops. Do not repeat any of it, do not "
    "start over, and do not write for {user}.]"
)


def reply_prepare(*, reply_id: int, store_receipt: bool = True) -> PreparedReply:
    """Assemble the prompt of a streaming reply and store its receipt.

    With ``store_receipt=False`` the caller hands the receipt to ``reply_finish``, which writes
    it with the final text in the same statement (the socket does: the receipt need not be
    written before the first token).
    A reply that starts with text (a continuation) gets that text as the model's own last
    turn, followed by the instruction to go on from it."""
    reply = _reply_with_its_chat(reply_id)
    thread = reply.thread
    persona = persona_view_of(thread.persona, owner_id=thread.owner_id)
    user_name = user_name_of(owner=thread.owner, persona=persona)
    assembled: AssembledContext = assemble_context(
        thread=thread,
        reply_seq=reply.seq,
        user_name=user_name,
        persona=persona,
        lore_stamp=reply.lore_stamp,
        board_stamp=reply.board_stamp,
    )
    receipt = assembled.receipt
    if store_receipt:
        _store_receipt(reply, receipt)
    messages = tuple(assembled.messages)
    if reply.content:
        messages = (
            *messages,
            ChatMessage(role="assistant", content=reply.content),
            ChatMessage(
                role="system",
                content=CONTINUE_INSTRUCTION.format(user=assembled.user_name or user_name),
            ),
        )
    return PreparedReply(
        messages=messages,
        receipt=receipt.as_json(),
        prefix=reply.content,
        llm=chat_llm_config(
            owner=thread.owner,
            layers=[thread.character.generation, thread.generation],
            default_connection_id=reply.default_connection_id,
        ),
    )


def _store_receipt(reply: Message, receipt) -> None:
    # One upsert, not a locked read and then a write: a retried prepare replaces the receipt.
    ContextReceipt.objects.bulk_create(
        [
            ContextReceipt(
                message=reply,
                layers=receipt.layers_json(),
                items=receipt.items_json(),
                total_tokens=receipt.total_tokens,
                budget_tokens=receipt.budget_tokens,
            )
        ],
        update_conflicts=True,
        unique_fields=["message"],
        update_fields=["layers", "items", "total_tokens", "budget_tokens"],
    )


def reply_save_progress(*, reply_id: int, content: str) -> bool:
    """Save the text so far; False when the reply is no longer streaming."""
    return bool(
        Message.objects.filter(pk=reply_id, status=Message.Status.STREAMING).update(
            content=content, progress_at=timezone.now()
        )
    )


def reply_finish(
    *, reply_id: int, content: str, status: str, error: str = "", receipt: dict | None = None
) -> bool:
    """Store the final text and status of a reply (``complete``, ``interrupted`` or ``failed``),
    and its receipt when given (``PreparedReply.receipt`` of a ``reply_prepare`` that did not
    store it); False when it was already finished.

    A reply the sweep took for dead while it was in fact alive is finished all the same.
    Unless it failed, the memory app then hears about the thread's new messages (the user's
    message too: a send leaves that to the end of its reply, so that whether a memory job is
    due does not hold up the first token)."""
    # One statement (the receipt and the memory backlog ride along), so no transaction of its
    # own is needed; inside a caller's transaction it joins it and the memory app hears after
    # that commits.
    finished = guard.finish_reply(
        reply_id=reply_id,
        content=content,
        token_count=count_tokens(content),
        status=status,
        error=error,
        receipt=receipt,
    )
    if finished is None:
        return False
    if status != Message.Status.FAILED:
        # The backlog read with the finish holds at commit unless a caller's transaction
        # writes more after it: then the memory app reads it again.
        in_transaction = connection.in_atomic_block
        guard.after_commit_messages(
            finished.thread_id, backlog=None if in_transaction else finished.backlog
        )
    return True


def thread_open(*, user, thread_id: int) -> Thread | None:
    """The user's thread as a socket opens it, after marking replies that died with their
    process interrupted; None when not found. One read when no reply streams (or only live
    ones): whether one may be dead comes with the thread."""
    if user is None or not user.is_authenticated:
        return None
    found = _THREAD_WITH_DEAD_REPLY_HINTS.rows(owner_id=user.pk, thread_id=thread_id)
    thread = found[0] if found else None
    if thread is not None and guard.may_have_dead_replies(thread):
        replies_interrupt_stale(thread_id=thread.pk)
    return thread


def _thread_with_dead_reply_hints_queryset(*, owner_id: int, thread_id: int):
    return (
        guard.with_dead_reply_hints(
            Thread.objects.filter(owner_id=owner_id).select_related("character", "scene")
        )
        .filter(pk=thread_id)
        .order_by()[:1]
    )


# Every socket's connect reads it: compiled to SQL once per process.
_THREAD_WITH_DEAD_REPLY_HINTS = CompiledQuery(_thread_with_dead_reply_hints_queryset)


def replies_interrupt_stale(*, thread_id: int | None = None) -> int:
    """Mark dead streaming replies interrupted (all threads, or one); returns how many."""
    with transaction.atomic():
        return len(guard.interrupt_stale(thread_id=thread_id))
