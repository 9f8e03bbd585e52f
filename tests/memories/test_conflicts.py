"""The conflict inbox over REST: a memory the extractor could not reconcile with a kept one
waits (status ``conflict``), listed with that one, out of every context, until its owner
keeps both, the new or the old one. Another user gets 404; bad answers get a 400 naming the
field."""

from __future__ import annotations

import pytest

from memories import index as vector_services
from memories.context import shared_memories
from memories.index.stores import get_vector_store
from memories.models import Memory
from tests.factories import CharacterFactory, MemoryFactory

pytestmark = pytest.mark.django_db

INBOX = "/api/memories/conflicts/"


@pytest.fixture
def contested(character):
    """A shared "Diet" memory, and a newer one that contradicts it, both indexed."""
    old = MemoryFactory(
        character=character, type="preference", title="Diet", content="Loves steak.", shared=True
    )
    new = MemoryFactory(
        character=character,
        type="preference",
        title="Diet",
        content="Vegetarian now.",
        status=Memory.Status.CONFLICT,
        conflicts_with=old,
    )
    vector_services.index_memories(memories=[old, new])
    return old, new


def resolve(client, memory, keep):
    return client.post(f"/api/memories/{memory.pk}/resolve/", {"keep": keep}, format="json")


def vector_status(memory):
    memory.refresh_from_db()
    return get_vector_store().get([memory.vector_id])[0].metadata["status"]


def test_the_inbox_lists_each_conflict_with_the_memory_it_contradicts(
    api_client, character, contested
):
    old, new = contested
    other = CharacterFactory(owner=character.owner)
    response = api_client.get(INBOX, {"character": character.pk})
    assert response.status_code == 200
    [item] = response.json()["results"]
    assert (item["memory"]["id"], item["memory"]["status"]) == (new.pk, "conflict")
    assert (item["memory"]["conflicts_with"], item["memory"]["conflicts_with_title"]) == (
        old.pk,
        "Diet",
    )
    assert (item["existing"]["id"], item["existing"]["content"]) == (old.pk, "Loves steak.")
    assert api_client.get(INBOX, {"character": other.pk}).json()["results"] == []
    # The memory list keeps them apart: active by default, contested on request.
    listed = api_client.get("/api/memories/", {"character": character.pk}).json()["results"]
    assert [memory["id"] for memory in listed] == [old.pk]
    asked = api_client.get("/api/memories/", {"status": "conflict"}).json()["results"]
    assert [memory["id"] for memory in asked] == [new.pk]


def test_a_contested_memory_reaches_no_context(thread, contested):
    old, new = contested
    assert [item.id for item in shared_memories(thread_id=thread.pk)] == [old.pk]
    assert vector_status(new) == "conflict"


def test_keep_new_replaces_the_old_memory_and_hands_it_its_reach(api_client, thread, contested):
    old, new = contested
    response = resolve(api_client, new, "new")
    assert response.status_code == 200
    body = response.json()
    assert (body["memory"]["status"], body["memory"]["shared"]) == ("active", True)
    assert (body["existing"]["status"], body["existing"]["superseded_by"]) == (
        "superseded",
        new.pk,
    )
    assert (vector_status(new), vector_status(old)) == ("active", "superseded")
    assert [item.id for item in shared_memories(thread_id=thread.pk)] == [new.pk]
    assert api_client.get(INBOX).json()["results"] == []


def test_keep_old_sets_the_new_one_aside_restorably(api_client, contested):
    old, new = contested
    body = resolve(api_client, new, "old").json()
    assert (body["memory"]["status"], body["memory"]["superseded_by"]) == ("superseded", old.pk)
    assert body["existing"]["status"] == "active"
    restored = api_client.patch(f"/api/memories/{new.pk}/", {"status": "active"}, format="json")
    assert restored.json()["status"] == "active"


def test_keep_both_makes_both_active(api_client, contested):
    old, new = contested
    body = resolve(api_client, new, "both").json()
    assert (body["memory"]["status"], body["existing"]["status"]) == ("active", "active")
    assert body["memory"]["conflicts_with"] is None
    assert vector_status(new) == "active"


def test_another_users_conflict_is_404_and_stays_waiting(other_api_client, contested):
    old, new = contested
    assert other_api_client.get(INBOX).json()["results"] == []
    assert resolve(other_api_client, new, "new").status_code == 404
    new.refresh_from_db()
    assert new.status == "conflict"


@pytest.mark.parametrize(
    ("body", "field"),
    [({"keep": "maybe"}, "keep"), ({}, "keep"), ({"keep": "new", "why": "x"}, "why")],
)
def test_bad_answers_are_400_naming_the_field(api_client, contested, body, field):
    old, new = contested
    response = api_client.post(f"/api/memories/{new.pk}/resolve/", body, format="json")
    assert response.status_code == 400
    assert field in str(response.json())


def test_a_memory_not_in_conflict_cannot_be_resolved(api_client, contested):
    old, new = contested
    response = resolve(api_client, old, "new")
    assert response.status_code == 400
    assert "not waiting for a decision" in str(response.json())


def test_when_the_old_memory_was_deleted_only_keeping_the_new_one_is_possible(
    api_client, contested
):
    old, new = contested
    assert api_client.delete(f"/api/memories/{old.pk}/").status_code == 204
    assert api_client.get(INBOX).json()["results"][0]["existing"] is None
    refused = resolve(api_client, new, "old")
    assert refused.status_code == 400 and "keep" in refused.json()["errors"]
    assert resolve(api_client, new, "new").json()["memory"]["status"] == "active"
