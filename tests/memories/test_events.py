"""Every write tells the user's open tabs, and only after its transaction commits."""

from __future__ import annotations

import pytest

from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db

URL = "/api/memories/"


def test_create_is_announced_only_after_commit(
    api_client, user, character, listen, django_capture_on_commit_callbacks
):
    tab = listen(user.pk, character.pk)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = api_client.post(
            URL,
            {"character": character.pk, "type": "fact", "title": "Sister", "content": "Mira."},
            format="json",
        )
    assert response.status_code == 201
    assert tab.events(timeout=0.2) == []  # not committed yet: nobody hears about it
    for callback in callbacks:
        callback()
    [event] = tab.events()
    assert event["type"] == "memory.created"
    assert event["memory"] == response.json()


def test_every_write_sends_its_event(
    api_client, user, character, thread, listen, django_capture_on_commit_callbacks
):
    tab = listen(user.pk, character.pk)

    def call(method, path, body=None):
        with django_capture_on_commit_callbacks(execute=True):
            response = getattr(api_client, method)(path, body, format="json")
        assert response.status_code in (200, 201, 204), response.content
        return response

    memory_id = call(
        "post",
        URL,
        {"character": character.pk, "type": "fact", "title": "Sister", "content": "Mira."},
    ).json()["id"]
    call("patch", f"{URL}{memory_id}/", {"title": "Her sister"})
    call("post", f"{URL}{memory_id}/pin/", {"thread": thread.pk})
    call("delete", f"{URL}{memory_id}/pin/", {"thread": thread.pk})
    call("delete", f"{URL}{memory_id}/share/")
    call("post", f"{URL}{memory_id}/dismiss/", {"thread": thread.pk})
    call("delete", f"{URL}{memory_id}/")

    events = tab.events()
    assert [event["type"] for event in events] == [
        "memory.created",
        "memory.updated",
        "memory.updated",
        "memory.updated",
        "memory.updated",
        "memory.updated",
        "memory.deleted",
    ]
    assert events[1]["memory"]["title"] == "Her sister"
    assert events[2]["memory"]["pinned_threads"] == [thread.pk]
    assert events[3]["memory"]["pinned_threads"] == []
    assert events[4]["memory"]["shared"] is False
    assert events[5]["memory"]["dismissed_threads"] == [thread.pk]
    assert events[6]["memory"]["id"] == events[6]["id"] == memory_id


def test_a_write_that_changes_nothing_sends_nothing(
    api_client, user, character, thread, listen, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        memory_id = api_client.post(
            URL,
            {"character": character.pk, "type": "fact", "title": "Sister", "content": "Mira."},
            format="json",
        ).json()["id"]
    tab = listen(user.pk, character.pk)
    with django_capture_on_commit_callbacks(execute=True):
        api_client.post(f"{URL}{memory_id}/share/")  # already shared
        api_client.delete(
            f"{URL}{memory_id}/pin/", {"thread": thread.pk}, format="json"
        )  # not pinned
        api_client.patch(f"{URL}{memory_id}/", {"title": "Sister"}, format="json")  # same title
    assert tab.events(timeout=0.2) == []


def test_events_reach_only_the_owner_and_character(
    api_client, user, character, other_user, listen, django_capture_on_commit_callbacks
):
    same_user_other_character = listen(user.pk, CharacterFactory(owner=user).pk)
    other_users_tab = listen(other_user.pk, character.pk)
    with django_capture_on_commit_callbacks(execute=True):
        api_client.post(
            URL,
            {"character": character.pk, "type": "fact", "title": "Sister", "content": "Mira."},
            format="json",
        )
    assert same_user_other_character.events(timeout=0.2) == []
    assert other_users_tab.events(timeout=0.2) == []


def test_a_failed_write_sends_nothing(
    api_client, user, character, listen, django_capture_on_commit_callbacks
):
    tab = listen(user.pk, character.pk)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            URL,
            {"character": character.pk, "type": "gossip", "title": "x", "content": "y"},
            format="json",
        )
    assert response.status_code == 400
    assert tab.events(timeout=0.2) == []
