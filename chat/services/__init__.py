"""Writes of the chat app: threads, messages, replies and their receipts.

- ``threads``: create (greeting first), branch at a message, rename, delete.
- ``messages``: send (idempotent per ``client_id``; starts the reply), edit, delete, restore.
- ``replies``: regenerate, continue, choose a version, prepare the prompt and receipt, save progress,
  finish, sweep.
- ``guard``: the thread lock, ``seq`` allocation and the one-reply-per-thread rule.

Invariants are stated in each module; callers import from this package.
"""

from __future__ import annotations

from chat.naming import thread_user_name
from chat.services.errors import (
    BUSY_DETAIL,
    ChatError,
    MessageStreaming,
    NothingToContinue,
    NothingToRegenerate,
    NotLatestReply,
    ThreadBusy,
    ThreadGone,
)
from chat.services.guard import STALE_REPLY_ERROR
from chat.services.messages import (
    SendResult,
    check_message_content,
    message_delete,
    message_edit,
    message_restore,
    message_send,
)
from chat.services.replies import (
    PreparedReply,
    RegenerateResult,
    replies_interrupt_stale,
    reply_continue,
    reply_finish,
    reply_prepare,
    reply_regenerate,
    reply_save_progress,
    reply_version_activate,
    thread_open,
)
from chat.services.threads import (
    thread_branch,
    thread_create,
    thread_delete,
    thread_start,
    thread_update,
)

__all__ = [
    "BUSY_DETAIL",
    "STALE_REPLY_ERROR",
    "ChatError",
    "MessageStreaming",
    "NotLatestReply",
    "NothingToContinue",
    "NothingToRegenerate",
    "PreparedReply",
    "RegenerateResult",
    "SendResult",
    "ThreadBusy",
    "ThreadGone",
    "check_message_content",
    "message_delete",
    "message_edit",
    "message_restore",
    "message_send",
    "replies_interrupt_stale",
    "reply_continue",
    "reply_finish",
    "reply_prepare",
    "reply_regenerate",
    "reply_save_progress",
    "reply_version_activate",
    "thread_branch",
    "thread_create",
    "thread_delete",
    "thread_open",
    "thread_start",
    "thread_update",
    "thread_user_name",
]
