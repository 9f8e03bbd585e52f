"""The web process (daphne) killed with ``kill -9`` while a reply streams.

The text streamed so far stays saved; after the process is started again on the same port,
a reopened chat shows no reply still running, and the next message is taken at once (no
``busy``), although the cut reply saved its text a moment before the kill. The stale-reply
timeout is set to an hour, so only recognising the dead writer can free the chat.
"""

from __future__ import annotations

import pytest

from chat.models import Message
from chat.services import STALE_REPLY_ERROR
from tests.faults.conftest import a_chat, open_chat, web_stack
from tests.support import stack

pytestmark = [
    pytest.mark.faults,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(600),
]

LONG_REPLY = (
    "The tide turned while you slept, and the harbour filled with boats I had never seen: "
    "red sails, black hulls, a schooner with a figurehead shaped like a heron. Their crews "
    "came ashore with lanterns and asked for you by name, and I told them to wait by the "
    "fountain until morning, because nobody wakes a traveller for strangers. They are still "
    "there now, singing in a language I half remember from my grandmother's kitchen."
)
NEXT_REPLY = "You are back. The strangers left a letter for you."


def test_killing_the_web_process_mid_reply_keeps_the_text_and_the_next_send_is_taken(
    settings, tmp_path, llm_server, own_redis
):
    chat = a_chat("traveller", "Bryn")
    thread = chat.thread
    # Slow enough that the kill lands mid-reply on a loaded machine: ~100 pieces, 0.3 s apart.
    llm_server.push({"text": LONG_REPLY, "match": "stream", "chunk_size": 4, "delay": 0.3})
    llm_server.push({"text": NEXT_REPLY, "match": "stream"})

    with web_stack(
        tmp_path=tmp_path,
        redis_url=own_redis.url,
        llm_server=llm_server,
        name="web-kill",
        CHAT_STALE_REPLY_SECONDS="3600",
    ) as live:
        streamed = ""
        with open_chat(live, chat) as (socket, _state):
            stack.send_message(socket, "Did anything happen while I slept?")
            reply_id = stack.receive_until(socket, "reply.start", timeout=60)["message"]["id"]
            while len(streamed) < 40:
                streamed += stack.receive_until(socket, "reply.delta", timeout=60)["delta"]

            def saved_text() -> str:
                return Message.objects.get(pk=reply_id).content

            stack.wait_for(saved_text, timeout=60, message="the reply never saved its text")
            live.kill(live.web)

        cut = Message.objects.get(pk=reply_id)
        assert cut.status == "streaming" and cut.content  # nobody could finish it
        assert LONG_REPLY.startswith(cut.content)
        kept = cut.content

        live.start_web()
        seen: list[dict] = []
        with open_chat(live, chat) as (socket, state):
            assert state["reply"] is None  # the cut reply is not shown as still running
            # Not refused as busy: an error event would fail the turn.
            [end] = stack.send_turns(
                socket, ["Tell me about the strangers."], timeout=120, seen=seen
            )

    assert "reply.start" in [event["type"] for event in seen]
    assert end["content"] == NEXT_REPLY
    cut.refresh_from_db()
    assert (cut.status, cut.content, cut.error) == ("interrupted", kept, STALE_REPLY_ERROR)
    assert list(
        Message.objects.filter(thread=thread).order_by("seq").values_list("role", "status")
    ) == [
        ("user", "complete"),
        ("assistant", "interrupted"),
        ("user", "complete"),
        ("assistant", "complete"),
    ]
