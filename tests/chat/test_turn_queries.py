"""The database cost of one chat turn, pinned so that a regression fails loudly.

One turn is what the socket does for a message: ``message_send``, prepare the reply (context
assembly with retrieval and lore) and ``reply_finish`` (with the receipt). Progress saves
while streaming are left out: their number depends on how long the model takes. The thread is
read once, as the socket reads it on connect.

The test commits for real (``transaction=True``), as the socket does, so the queries run after
each commit are counted too and no test savepoint inflates the count."""

from __future__ import annotations

import pytest
from celery import current_app

from characters.lorebooks.services import lorebook_create
from characters.models import Persona
from chat import selectors, services
from chat.models import Message
from chat.payloads import message_payload
from memories.models import MemoryPin
from tests.factories import MemoryFactory

# Counted as the database sees them, BEGIN, COMMIT and savepoints included. Measured: 68
# before the receipt became one upsert, the idle check one read and a reply just begun stopped
# asking for its receipt and versions; 62 after; 63 with per-chat connections (the user's
# default connection); 64 with the profile layer (its single read). Then 21: the thread is the one the socket read on connect; the send
# is a lock-and-touch, one read (idle, next seq, client_id) and one insert of both messages;
# pinned and shared memories are one read, the rolling summary one; the scope, the dismissals
# and the query's lexemes one; the four vector searches one statement in one transaction; the
# receipt is written with the final text; and the memory app decides in one read that no job
# is due. Of the 21, 17 are statements (BEGIN and COMMIT of the send and of the vector search
# are the other 4): 3 the send, 12 context assembly with retrieval, the profile and the chat's
# connection, 1 the finish, 1 the memory trigger. Then 17: the vector search sets its search
# settings inside its one statement (no transaction, no statement of its own), and the reply's
# read brings the id of the owner's default connection along (no connection, no read). Of the
# 17, 15 are statements: 3 the send, 10 context assembly with retrieval and the profile, 1 the
# finish, 1 the memory trigger. Then 16, with the user playing a persona (as the fixture now
# does; before, its two reads made 19): the persona comes with the reply's read and serves
# both the user's name and the persona block, and the profile and the rolling summary are one
# read. Of the 16, 14 are statements: 3 the send, 9 context assembly with retrieval and the
# profile, 1 the finish, 1 the memory trigger. Then 12, with a lorebook on the character (as
# the fixture now has): the send's idle check, next seq and insert are one statement; the
# memory app's backlog is read by the finish statement; the chat's lore stamp comes with the
# reply's read, so the books and entries are read only when a book, an entry or an
# attachment changed since the last turn of this process (none at all without a book); and
# retrieval's scope is read with the profile and summary, from the names the turn already
# has. Of the 12, 10 are statements: 2 the send, 7 context assembly with retrieval and the
# profile, 1 the finish (with the receipt and the memory backlog). Then 11: the thread's board
# stamp comes with the reply's read too, so its pinned and shared memories are read only when
# a memory, pin or dismissal they come from changed since the last turn of this process. Of
# the 11, 9 are statements: 2 the send, 6 context assembly with retrieval and the profile, 1
# the finish.
TURN_QUERY_BUDGET = 11


def one_turn(*, thread, content: str) -> services.PreparedReply:
    """What the socket does for one message, with the thread it read on connect."""
    result = services.message_send(thread=thread, content=content)
    message_payload(result.message)
    message_payload(result.reply)
    prepared = services.reply_prepare(reply_id=result.reply.pk, store_receipt=False)
    services.reply_finish(
        reply_id=result.reply.pk,
        content="*unrolls the chart* The northern route.",
        status="complete",
        receipt=prepared.receipt,
    )
    return prepared


@pytest.fixture
def lived_in_thread(thread, user):
    """A chat with a few turns behind it, a pinned, a shared and an indexed memory, as the
    memory pipeline leaves them (their vectors stored, so retrieval searches them), the user
    playing a persona and a lorebook on the character."""
    thread.persona = Persona.objects.create(
        owner=user, name="Ilse", description="Ilse is a cartographer with ink on her sleeves."
    )
    thread.save(update_fields=["persona"])
    lorebook_create(
        owner=user,
        data={
            "name": "Coast",
            "characters": [thread.character_id],
            "entries": [{"keys": ["sister"], "content": "Mira keeps a lighthouse at Vell."}],
        },
    )
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
        one_turn(thread=thread, content=f"Tell me about the harbour, part {number}.")
    return thread


@pytest.mark.django_db(transaction=True)
def test_a_chat_turn_stays_within_its_query_budget(
    lived_in_thread, user, django_assert_max_num_queries
):
    thread = selectors.thread_get(user=user, thread_id=lived_in_thread.pk)  # on connect
    with django_assert_max_num_queries(TURN_QUERY_BUDGET):
        prepared = one_turn(thread=thread, content="Do you remember my sister?")
    # The turn still did its work: the pinned and the shared memory reached the prompt, the
    # receipt was stored with the reply.
    system = prepared.messages[0].content
    assert "Mira sails north." in system and "Black." in system
    assert "Ilse is a cartographer" in system  # the persona block, from the one persona read
    assert "Mira keeps a lighthouse at Vell." in system  # the lore that fired, kept since
    reply = Message.objects.filter(thread=thread, role="assistant").latest("seq")
    assert reply.status == "complete" and reply.receipt.items == prepared.receipt["items"]
    assert any(item["layer"] == "pinned" for item in reply.receipt.items)


@pytest.mark.django_db(transaction=True)
def test_the_turns_hot_reads_are_kept_compiled(lived_in_thread):
    # A read that fell back to compiling every turn would still be right, only dearer: its
    # SQL and column layout must be kept after the turns the fixture ran.
    from chat import selectors as chat_selectors
    from chat.services import replies
    from memories import selectors as memory_selectors

    for compiled in (replies._REPLY_WITH_CHAT, memory_selectors._PINNED_OR_SHARED):
        kept = list(compiled._compiled.values())
        assert kept and all(value is not None and value.layout is not None for value in kept)
    # The prompt history is read as plain rows (no model instances): its SQL is kept.
    kept = list(chat_selectors._PROMPT_HISTORY._compiled.values())
    assert kept and all(value is not None for value in kept)


@pytest.mark.django_db(transaction=True)
def test_a_sockets_connect_reads_are_kept_compiled(lived_in_thread, user):
    # What a socket reads on connect (the thread with its dead-reply hints, the reply being
    # written) is compiled once per process, like the turn's hot reads.
    from chat import selectors as chat_selectors
    from chat.services import replies

    assert services.thread_open(user=user, thread_id=lived_in_thread.pk).pk == lived_in_thread.pk
    assert chat_selectors.streaming_reply(thread_id=lived_in_thread.pk) is None
    for compiled in (replies._THREAD_WITH_DEAD_REPLY_HINTS, chat_selectors._STREAMING_REPLY):
        kept = list(compiled._compiled.values())
        assert kept and all(value is not None and value.layout is not None for value in kept)
