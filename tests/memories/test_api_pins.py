"""REST /api/memories/{id}/pin/, share/ and dismiss/: a memory pinned to a chat, shared across a
character's chats or dismissed from one, and the limits and isolation rules of each."""

from __future__ import annotations

import pytest

from memories.editing import MAX_PINS_PER_THREAD
from memories.models import MemoryDismissal, MemoryPin
from tests.factories import CharacterFactory, MemoryFactory, ThreadFactory
from tests.memories.rest import URL, create, vector_of

pytestmark = pytest.mark.django_db


def test_pin_and_unpin(api_client, character, thread):
    body = create(api_client, character)
    pin_url = f"{URL}{body['id']}/pin/"
    assert api_client.post(pin_url, {"thread": thread.pk}, format="json").json()[
        "pinned_threads"
    ] == [thread.pk]
    assert (
        api_client.post(pin_url, {"thread": thread.pk}, format="json").status_code == 200
    )  # idempotent
    assert MemoryPin.objects.filter(memory_id=body["id"]).count() == 1
    assert (
        api_client.delete(pin_url, {"thread": thread.pk}, format="json").json()["pinned_threads"]
        == []
    )
    api_client.post(pin_url, {"thread": thread.pk}, format="json")
    assert api_client.delete(f"{pin_url}?thread={thread.pk}").json()["pinned_threads"] == []


def test_pin_refuses_foreign_and_other_character_threads(api_client, user, character, other_user):
    body = create(api_client, character)
    pin_url = f"{URL}{body['id']}/pin/"
    foreign_thread = ThreadFactory(character=CharacterFactory(owner=other_user))
    assert api_client.post(pin_url, {"thread": foreign_thread.pk}, format="json").status_code == 404
    other_character_thread = ThreadFactory(character=CharacterFactory(owner=user))
    assert (
        api_client.post(pin_url, {"thread": other_character_thread.pk}, format="json").status_code
        == 400
    )
    assert api_client.post(pin_url, {}, format="json").status_code == 400
    assert not MemoryPin.objects.exists()


def test_pin_of_another_users_memory_is_404(other_api_client, api_client, character, thread):
    body = create(api_client, character)
    response = other_api_client.post(
        f"{URL}{body['id']}/pin/", {"thread": thread.pk}, format="json"
    )
    assert response.status_code == 404


def test_a_chat_holds_a_bounded_number_of_pins(api_client, character, thread):
    for memory in MemoryFactory.create_batch(MAX_PINS_PER_THREAD, character=character):
        MemoryPin.objects.create(memory=memory, thread=thread)
    body = create(api_client, character)
    response = api_client.post(f"{URL}{body['id']}/pin/", {"thread": thread.pk}, format="json")
    assert response.status_code == 400 and "unpin one" in response.json()["detail"]


def test_share_and_unshare_update_row_and_vector_metadata(
    api_client, other_api_client, character, thread
):
    body = create(api_client, character, thread=thread.pk)
    share_url = f"{URL}{body['id']}/share/"
    assert api_client.post(share_url).json()["shared"] is True
    assert vector_of(body["id"]).metadata["shared"] is True
    assert api_client.delete(share_url).json()["shared"] is False
    assert vector_of(body["id"]).metadata["shared"] is False
    assert other_api_client.post(share_url).status_code == 404


def test_dismiss_unpins_here_and_pin_lifts_it(api_client, character, thread, second_thread):
    body = create(api_client, character, thread=thread.pk, pin=True)
    api_client.post(f"{URL}{body['id']}/pin/", {"thread": second_thread.pk}, format="json")
    dismissed = api_client.post(
        f"{URL}{body['id']}/dismiss/", {"thread": thread.pk}, format="json"
    ).json()
    assert dismissed["pinned_threads"] == [second_thread.pk]
    assert dismissed["dismissed_threads"] == [thread.pk]
    pinned = api_client.post(f"{URL}{body['id']}/pin/", {"thread": thread.pk}, format="json").json()
    assert pinned["dismissed_threads"] == [] and thread.pk in pinned["pinned_threads"]
    api_client.post(f"{URL}{body['id']}/dismiss/", {"thread": thread.pk}, format="json")
    assert (
        api_client.delete(f"{URL}{body['id']}/dismiss/?thread={thread.pk}").json()[
            "dismissed_threads"
        ]
        == []
    )
    assert not MemoryDismissal.objects.exists()
