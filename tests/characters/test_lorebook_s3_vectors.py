"""Lorebook entries matched by meaning on S3 Vectors, the production vector store: entries
indexed after a save, scored for the test box, a chat turn's message and only for their
owner, and deleted with the entry and the book, through the real boto3 client (a moto
server on loopback with the test-only QueryVectors, as the memory vectors' tests use)."""

from __future__ import annotations

import pytest

from characters.lorebooks.vectors import lorebook_vectors_sync
from characters.models import Lorebook
from chat.context import assemble_context
from chat.models import Thread
from memories.lore_vectors import lore_vector_scores
from tests.characters.test_lorebook_vectors import (  # noqa: F401 - fixtures
    ASKED,
    UNRELATED,
    YS,
    committed,
    create_book,
    threshold,
    vector_ids,
)
from tests.documents.test_s3_vectors import s3_store  # noqa: F401 - fixture
from tests.factories import CharacterFactory, MessageFactory
from tests.vectorstores.conftest import aws_environment, moto_endpoint  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db


@pytest.fixture
def store(s3_store):  # noqa: F811 - the fixture imported above
    from memories.index.stores.s3vectors import S3VectorStore

    assert isinstance(s3_store, S3VectorStore)
    return s3_store


def test_a_vectorized_entry_is_indexed_on_s3_vectors_with_its_owner(api_client, store, committed):  # noqa: F811
    book = create_book(api_client, committed)
    ys, harbour = book["entries"]
    assert vector_ids(ys["id"], harbour["id"]) == {f"lore:{ys['id']}"}
    [record] = store.get([f"lore:{ys['id']}"])
    owner = Lorebook.objects.get(pk=book["id"]).owner_id
    assert (record.metadata["owner"], record.metadata["kind"], record.metadata["lorebook"]) == (
        owner,
        "lore",
        book["id"],
    )
    assert len(record.vector) > 0
    # Unchanged: nothing is embedded again.
    assert lorebook_vectors_sync(lorebook_id=book["id"]) == {"embedded": 0, "removed": 0}


def test_the_test_box_and_a_chat_turn_find_the_entry_by_meaning(
    api_client,
    user,
    store,
    committed,  # noqa: F811
):
    character = CharacterFactory(owner=user, name="Vela")
    book = create_book(api_client, committed, characters=[character.pk])
    fired = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": ASKED}, format="json"
    ).json()
    assert [(item["comment"], item["reason"], item["matched_key"]) for item in fired] == [
        ("Ys", "vector", "")
    ]
    assert fired[0]["score"] >= 0.3
    unrelated = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": UNRELATED}, format="json"
    ).json()
    assert unrelated == []

    thread = Thread.objects.create(owner=user, character=character)
    MessageFactory(thread=thread, seq=1, role="assistant", content="Hello.")
    MessageFactory(thread=thread, seq=2, role="user", content=ASKED)
    assembled = assemble_context(thread=thread, reply_seq=3, user_name="Ash")
    assert YS in "\n".join(message.content for message in assembled.messages)
    [item] = [i for i in assembled.receipt.items if i.kind == "lore"]
    assert (item.title, item.type) == ("Ys", "vector")


def test_another_users_entry_vectors_never_score_on_s3_vectors(
    api_client,
    other_user,
    store,
    committed,  # noqa: F811
):
    book = create_book(api_client, committed)
    ys = book["entries"][0]["id"]
    owner = Lorebook.objects.get(pk=book["id"]).owner_id
    assert lore_vector_scores(owner_id=owner, entry_ids=[ys], query=ASKED)[ys] >= 0.3
    assert lore_vector_scores(owner_id=other_user.pk, entry_ids=[ys], query=ASKED) == {}


def test_an_entry_and_a_book_deleted_take_their_vectors_off_s3_vectors(
    api_client,
    store,
    committed,  # noqa: F811
):
    book = create_book(api_client, committed)
    ys, harbour = book["entries"]
    committed(
        api_client.patch, f"/api/lorebooks/{book['id']}/", {"entries": [harbour]}, format="json"
    )
    assert store.get([f"lore:{ys['id']}"]) == []

    again = create_book(api_client, committed, name="Again")
    kept = again["entries"][0]["id"]
    assert vector_ids(kept) == {f"lore:{kept}"}
    committed(api_client.delete, f"/api/lorebooks/{again['id']}/")
    assert store.get([f"lore:{kept}"]) == []
