"""The chat socket's database calls: each runs on the chat database pool (``chat.db``), never
on the event loop, and is self-contained (its own transaction and thread row lock), so it is
safe on any of the pool's threads. The consumer looks them up here at call time."""

from __future__ import annotations

from typing import Any

from chat import selectors, services
from chat.payloads import message_payload


def open_thread(*, user, thread_id: int):
    """The user's thread, after marking replies that died with their process as
    interrupted; None when not found."""
    return services.thread_open(user=user, thread_id=thread_id)


def send(*, thread, content, client_id) -> tuple[services.SendResult, dict, dict | None]:
    """``thread``: the one read (and its owner checked) on connect; a thread deleted since
    raises ``ThreadGone`` (a ``LookupError``) from the send itself."""
    result = services.message_send(thread=thread, content=content, client_id=client_id)
    reply = message_payload(result.reply) if result.reply is not None else None
    return result, message_payload(result.message), reply


def regenerate(
    *, user, thread_id: int, continuing: bool = False
) -> tuple[services.RegenerateResult, dict]:
    thread = selectors.thread_get(user=user, thread_id=thread_id)
    if thread is None:
        raise LookupError
    start = services.reply_continue if continuing else services.reply_regenerate
    result = start(thread=thread)
    return result, message_payload(result.reply)


def live_state(*, thread_id: int) -> dict[str, Any]:
    """What a page needs on (re)connect to trust nothing it was rendered with: the reply being
    written now, with its text as last saved, or None."""
    reply = selectors.streaming_reply(thread_id=thread_id)
    if reply is None:
        return {"type": "thread.state", "reply": None}
    return {
        "type": "thread.state",
        "reply": {"message_id": reply.pk, "content": reply.content, "seq": reply.seq},
    }
