"""The web process (daphne) killed with ``kill -9`` while a reply streams.

The text streamed so far stays saved; after the process is started again on the same port,
a reopened chat shows no reply still running, and the next message is taken at once (no
``busy``), although the cut reply saved its text a moment before the kill. The stale-reply
timeout is set to an hour, so only recognising the dead writer can free the chat.
"""

from __future__ import annotations

import json
import uuid

import pytest

from chat.models import Message
from chat.services import STALE_REPLY_ERROR
from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.faults.conftest import TIMEOUTS, socket_url
from tests.support import stack
from tests.support.integration import openai_env

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


def _send(socket, content: str) -> None:
    socket.send(
        json.dumps({"type": "message.send", "content": content, "client_id": str(uuid.uuid4())})
    )


def test_killing_the_web_process_mid_reply_keeps_the_text_and_the_next_send_is_taken(
    settings, tmp_path, llm_server, own_redis
):
    from websockets.sync.client import connect

    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="traveller")
    character = CharacterFactory(owner=owner, name="Bryn", greeting="")
    thread = ThreadFactory(owner=owner, character=character)
    token = token_for_user(user=owner)
    # Slow enough that the kill lands mid-reply on a loaded machine: ~100 pieces, 0.3 s apart.
    llm_server.push({"text": LONG_REPLY, "match": "stream", "chunk_size": 4, "delay": 0.3})
    llm_server.push({"text": NEXT_REPLY, "match": "stream"})
    env = openai_env(llm_server, MEMORY_TRIGGER_TOKENS="1000000", CHAT_STALE_REPLY_SECONDS="3600")

    with stack.running_stack(
        env=stack.stack_env(redis_url=own_redis.url, **env),
        log_dir=tmp_path,
        name="web-kill",
        workers=0,
        **TIMEOUTS,
    ) as live:
        streamed = ""
        with connect(
            socket_url(live, thread.pk, token), origin=live.url, proxy=None, open_timeout=60
        ) as socket:
            stack.receive_until(socket, "thread.state", timeout=60)
            _send(socket, "Did anything happen while I slept?")
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
        with connect(
            socket_url(live, thread.pk, token), origin=live.url, proxy=None, open_timeout=60
        ) as socket:
            state = stack.receive_until(socket, "thread.state", timeout=60)
            assert state["reply"] is None  # the cut reply is not shown as still running
            _send(socket, "Tell me about the strangers.")
            stack.receive_until(socket, "reply.start", timeout=60)  # not refused as busy
            end = stack.receive_until(socket, "reply.end", timeout=120)

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
