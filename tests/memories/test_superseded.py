"""Replaced (superseded) memories: hidden from the list unless asked for, named in the payload
with what replaced them, kept out of context, and restorable by their owner only."""

from __future__ import annotations

import pytest

from memories import index as vector_services
from memories.context import shared_memories
from memories.index.stores import get_vector_store
from memories.models import Memory
from tests.factories import MemoryFactory

pytestmark = pytest.mark.django_db

URL = "/api/memories/"


@pytest.fixture
def replaced(character):
    """A shared "Diet" preference replaced by a newer one, both indexed."""
    newer = MemoryFactory(
        character=character,
        type="preference",
        title="Diet",
        content="Vegetarian now.",
        shared=True,
    )
    old = MemoryFactory(
        character=character,
        type="preference",
        title="Diet",
        content="Loves steak.",
        shared=True,
        status=Memory.Status.SUPERSEDED,
        superseded_by=newer,
    )
    vector_services.index_memories(memories=[newer, old])
    return old, newer


def ids(response):
    assert response.status_code == 200, response.json()
    return [item["id"] for item in response.json()["results"]]


def vector_status(memory):
    memory.refresh_from_db()
    return get_vector_store().get([memory.vector_id])[0].metadata["status"]


def test_the_list_hides_replaced_memories_unless_asked(api_client, character, replaced):
    old, newer = replaced
    assert ids(api_client.get(URL, {"character": character.pk})) == [newer.pk]
    assert ids(api_client.get(URL, {"status": "superseded"})) == [old.pk]
    assert set(ids(api_client.get(URL, {"status": "all"}))) == {old.pk, newer.pk}


def test_the_payload_names_what_replaced_a_memory(api_client, replaced):
    old, newer = replaced
    body = api_client.get(f"{URL}{old.pk}/").json()
    assert body["status"] == "superseded"
    assert (body["superseded_by"], body["superseded_by_title"]) == (newer.pk, "Diet")
    fresh = api_client.get(f"{URL}{newer.pk}/").json()
    assert (fresh["superseded_by"], fresh["superseded_by_title"]) == (None, None)


def test_restore_makes_it_active_again_everywhere(
    api_client, character, thread, replaced, django_capture_on_commit_callbacks
):
    old, newer = replaced
    assert old.pk not in [item.id for item in shared_memories(thread_id=thread.pk)]

    with django_capture_on_commit_callbacks() as callbacks:
        response = api_client.patch(f"{URL}{old.pk}/", {"status": "active"}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["status"], body["superseded_by"], body["superseded_by_title"]) == (
        "active",
        None,
        None,
    )
    assert len(callbacks) == 1  # memory.updated, after commit
    old.refresh_from_db()
    assert old.status == "active" and old.edited_by_user is False
    assert vector_status(old) == "active"
    assert old.pk in [item.id for item in shared_memories(thread_id=thread.pk)]
    assert Memory.objects.get(pk=newer.pk).status == "active"  # the newer one is left as is
    assert old.pk in ids(api_client.get(URL, {"character": character.pk}))

    again = api_client.patch(f"{URL}{old.pk}/", {"status": "active"}, format="json")
    assert again.status_code == 200 and again.json()["status"] == "active"


def test_restore_and_edit_in_one_request(api_client, replaced):
    old, _ = replaced
    response = api_client.patch(
        f"{URL}{old.pk}/", {"status": "active", "content": "Steak on Sundays."}, format="json"
    )
    assert response.status_code == 200, response.json()
    old.refresh_from_db()
    assert (old.status, old.content, old.edited_by_user) == ("active", "Steak on Sundays.", True)


def test_only_restoring_is_accepted_as_a_status(api_client, replaced):
    _, newer = replaced
    response = api_client.patch(f"{URL}{newer.pk}/", {"status": "superseded"}, format="json")
    assert response.status_code == 400
    assert Memory.objects.get(pk=newer.pk).status == "active"


def test_another_user_cannot_restore_or_see_it(other_api_client, replaced):
    old, _ = replaced
    response = other_api_client.patch(f"{URL}{old.pk}/", {"status": "active"}, format="json")
    assert response.status_code == 404
    assert other_api_client.get(f"{URL}{old.pk}/").status_code == 404
    assert ids(other_api_client.get(URL, {"status": "all"})) == []
    old.refresh_from_db()
    assert old.status == "superseded"
    assert vector_status(old) == "superseded"


def test_deleting_the_newer_memory_keeps_the_replaced_one(api_client, replaced):
    old, newer = replaced
    assert api_client.delete(f"{URL}{newer.pk}/").status_code == 204
    body = api_client.get(f"{URL}{old.pk}/").json()
    assert (body["status"], body["superseded_by"]) == ("superseded", None)
