"""The database cost of one chat turn, pinned so that a regression fails loudly.

One turn is what the socket does for a message: find the thread, ``message_send``, prepare the
reply (context assembly with retrieval, lore and the receipt) and ``reply_finish``. Progress
saves while streaming are left out: their number depends on how long the model takes.

The test commits for real (``transaction=True``), as the socket does, so the queries run after
each commit are counted too and no test savepoint inflates the count."""

from __future__ import annotations

import pytest
from celery import current_app

from chat import selectors, services
from chat.payloads import message_payload
from memories.models import MemoryPin
from tests.factories import MemoryFactory

# Counted as the database sees them, BEGIN, COMMIT and savepoints included. Measured: 68
# before the receipt became one upsert, the idle check one read and a reply just begun stopped
# asking for its receipt and versions; 62 after. Of the 44 statements left, 12 are the chat's
# own, 22 context assembly with retrieval (8 of them the four vector searches and their
# settings, each in a transaction of its own) and 10 the memory app deciding, after each of
# the two commits, whether a memory job is due. Per-chat connections (model and sampling
# chosen per user, character and chat) added one: the user's default connection, 63. The
# profile layer (what the character knows about the user) added one: its single read, 64.
TURN_QUERY_BUDGET = 64


def one_turn(*, user, thread_id: int, content: str) -> services.PreparedReply:
    thread = selectors.thread_get(user=user, thread_id=thread_id)
    result = services.message_send(thread=thread, content=content)
    message_payload(result.message)
    message_payload(result.reply)
    prepared = services.reply_prepare(reply_id=result.reply.pk)
    services.reply_finish(
        reply_id=result.reply.pk,
        content="*unrolls the chart* The northern route.",
        status="complete",
    )
    return prepared


@pytest.fixture
def lived_in_thread(thread, user):
    """A chat with a few turns behind it, a pinned, a shared and an indexed memory, as the
    memory pipeline leaves them (their vectors stored, so retrieval searches them)."""
    pinned = MemoryFactory(
        owner=user, character=thread.character, title="Sister", content="Mira sails north."
    )
    MemoryPin.objects.create(memory=pinned, thread=thread)
    shared = MemoryFactory(
        owner=user, character=thread.character, title="Tea", content="Black.", shared=True
    )
    harbour = MemoryFactory(
        owner=user,
        character=thread.character,
        origin_thread=thread,
        title="Harbour",
        content="The user grew up by the old harbour.",
    )
    current_app.tasks["memories.vector_tasks.index_rows"](
        memory_ids=[pinned.pk, shared.pk, harbour.pk]
    )
    for number in range(3):
        one_turn(
            user=user, thread_id=thread.pk, content=f"Tell me about the harbour, part {number}."
        )
    return thread


@pytest.mark.django_db(transaction=True)
def test_a_chat_turn_stays_within_its_query_budget(
    lived_in_thread, user, django_assert_max_num_queries
):
    with django_assert_max_num_queries(TURN_QUERY_BUDGET):
        prepared = one_turn(
            user=user, thread_id=lived_in_thread.pk, content="Do you remember my sister?"
        )
    # The turn still did its work: the pinned memory reached the prompt and the receipt.
    assert "Mira sails north." in prepared.messages[0].content
    assert any(item["layer"] == "pinned" for item in prepared.receipt["items"])
