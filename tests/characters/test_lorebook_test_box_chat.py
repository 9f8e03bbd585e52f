"""The lorebook test box run against one of the user's chats: the text read as that chat's next
message, so an entry in by its sticky, one on cooldown and one delayed show as in its next
turn, and keys said in the chat's last messages fire as they would there."""

from __future__ import annotations

import pytest

from chat.models import ContextReceipt
from tests.factories import CharacterFactory, MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db

ENTRIES = [
    {"keys": ["moonwell"], "comment": "Moonwell", "content": "It heals.", "sticky": 5},
    {"keys": ["tower"], "comment": "Tower", "content": "It is sealed.", "cooldown": 4},
    {"keys": ["dragon"], "comment": "Dragon", "content": "It sleeps.", "delay": 6},
    {"keys": ["harbour"], "comment": "Harbour", "content": "Boats."},
]


def _book(api_client, entries=ENTRIES):
    response = api_client.post(
        "/api/lorebooks/", {"name": "Eldoria", "entries": entries}, format="json"
    )
    assert response.status_code == 201, response.json()
    book = response.json()
    return book, {entry["comment"]: entry["id"] for entry in book["entries"]}


def _chat(user, ids, lore_of_last_reply: dict[str, str]):
    """A chat of four messages whose last reply (the third message; the next one is the
    fifth) had this lore in its receipt: {entry title: type}."""
    thread = ThreadFactory(owner=user, character=CharacterFactory(owner=user))
    texts = ["Hello.", "Tell me of the moonwell and the tower.", "*She nods.*", "Go on."]
    messages = [
        MessageFactory(thread=thread, seq=seq, role=("user", "assistant")[seq % 2], content=text)
        for seq, text in enumerate(texts, start=1)
    ]
    ContextReceipt.objects.create(
        message=messages[2],
        items=[
            {"kind": "lore", "id": ids[title], "type": kind, "layer": "lore_before"}
            for title, kind in lore_of_last_reply.items()
        ],
    )
    return thread


def _test(api_client, book, **body):
    response = api_client.post(f"/api/lorebooks/{book['id']}/test/", body, format="json")
    assert response.status_code == 200, response.json()
    return {item["comment"]: item for item in response.json()}


def test_the_test_box_reads_the_text_as_the_next_message_of_a_chosen_chat(api_client, user):
    book, ids = _book(api_client)
    thread = _chat(user, ids, {"Moonwell": "key", "Tower": "key"})
    said = "The moonwell, the tower, the dragon!"

    alone = _test(api_client, book, text=said)
    assert {name for name, item in alone.items() if item["held_back"] is None} == {
        "Moonwell",
        "Tower",
    }
    assert "a chat of one message" in alone["Dragon"]["detail"]

    items = _test(api_client, book, text="The harbour at last.", thread=thread.pk)
    # Fired in the reply before the last message, with a sticky of 5: in without its key.
    assert (items["Moonwell"]["held_back"], items["Moonwell"]["reason"]) == (None, "sticky")
    assert items["Harbour"]["reason"] == "key"
    assert "Tower" not in items  # its key is not in the chat's last two messages

    items = _test(api_client, book, text=said, thread=thread.pk)
    assert items["Tower"]["held_back"] == "cooldown"
    assert "fewer than 4 messages ago" in items["Tower"]["detail"]
    assert items["Dragon"]["held_back"] == "delay"
    assert "with this text the chat has 5" in items["Dragon"]["detail"]

    # The chat's previous message is scanned too, as in its turn (LORE_SCAN_DEPTH 2).
    thread.messages.filter(seq=4).update(content="The harbour!")
    items = _test(api_client, book, text="Onwards.", thread=thread.pk)
    assert items["Harbour"]["reason"] == "key"


def test_a_chat_long_enough_lets_a_delayed_entry_in(api_client, user):
    book, ids = _book(api_client, [ENTRIES[2]])
    thread = _chat(user, ids, {})
    MessageFactory(thread=thread, seq=5, role="assistant", content="*She waits.*")
    items = _test(api_client, book, text="A dragon!", thread=thread.pk)
    assert (items["Dragon"]["held_back"], items["Dragon"]["reason"]) == (None, "key")
    # A null thread is the text alone.
    items = _test(api_client, book, text="A dragon!", thread=None)
    assert items["Dragon"]["held_back"] == "delay"


def test_another_users_chat_is_a_404_naming_thread(api_client, other_user):
    book, _ = _book(api_client)
    theirs = ThreadFactory(owner=other_user, character=CharacterFactory(owner=other_user))
    for thread_id in (theirs.pk, theirs.pk + 1000):
        response = api_client.post(
            f"/api/lorebooks/{book['id']}/test/",
            {"text": "the tower", "thread": thread_id},
            format="json",
        )
        assert response.status_code == 404
        assert response.json()["detail"] == f"thread: No such chat: {thread_id}."


@pytest.mark.parametrize("value", ["seven", True, 0, -1, 1.5, [1]])
def test_a_bad_thread_is_a_400_naming_it(api_client, value):
    book, _ = _book(api_client)
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "x", "thread": value}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("thread")
