"""A message's socket payload is its REST payload, whatever messages were sent before it."""

from __future__ import annotations

import pytest

from chat import services
from chat.payloads import message_payload, messages_payload

pytestmark = pytest.mark.django_db


def finished_reply(thread, content: str):
    sent = services.message_send(thread=thread, content=content)
    prepared = services.reply_prepare(reply_id=sent.reply.pk, store_receipt=False)
    services.reply_finish(
        reply_id=sent.reply.pk, content="*nods*", status="complete", receipt=prepared.receipt
    )
    return sent


def test_each_message_payload_is_its_rest_payload(thread):
    first = finished_reply(thread, "Hello there.")
    regenerated = services.reply_regenerate(thread=thread).reply
    services.reply_finish(reply_id=regenerated.pk, content="*waves*", status="complete")
    second = finished_reply(thread, "And the harbour?")
    messages = [first.message, regenerated, second.message, second.reply, first.reply]
    # The reply with an earlier version, then ones without: nothing carries over.
    for message in [*messages, regenerated]:
        message.refresh_from_db()
        assert message_payload(message) == messages_payload([message])[0]
    shown = message_payload(regenerated)
    assert [version["id"] for version in shown["previous_versions"]] == [first.reply.pk]
    assert message_payload(second.reply)["previous_versions"] == []
    assert message_payload(second.reply)["receipt"]["total_tokens"] > 0
    assert message_payload(first.message)["content"] == "Hello there."
