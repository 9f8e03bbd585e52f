"""REST: /api/threads/ and /api/threads/{id}/messages/, including isolation between users."""

from __future__ import annotations

import jsonschema_rs
import pytest
from rest_framework.test import APIClient

from chat.models import ContextReceipt, Message, Thread
from tests.factories import CharacterFactory, MessageFactory, SceneFactory

pytestmark = pytest.mark.django_db


def test_create_thread_starts_with_the_characters_greeting(api_client, character):
    response = api_client.post("/api/threads/", {"character": character.pk}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["character"] == {"id": character.pk, "name": character.name}
    assert body["scene"] is None and body["title"] == character.name
    assert (
        body["url"] == f"/chat/{body['id']}/"
        and body["websocket_path"] == f"/ws/threads/{body['id']}/"
    )

    messages = api_client.get(f"/api/threads/{body['id']}/messages/").json()["results"]
    assert [(m["seq"], m["role"], m["content"], m["status"]) for m in messages] == [
        (1, "assistant", "*looks up from the map* Ah, a visitor.", "complete")
    ]


def test_create_thread_in_a_scene_uses_the_scene_greeting(api_client, user, character):
    scene = SceneFactory(
        character=character, owner=user, title="Storm", greeting="The lamp {{char}} lit flickers."
    )
    body = api_client.post(
        "/api/threads/",
        {"character": character.pk, "scene": scene.pk, "title": "Night watch"},
        format="json",
    ).json()
    assert body["scene"] == {"id": scene.pk, "title": "Storm"} and body["title"] == "Night watch"
    first = Message.objects.get(thread_id=body["id"], seq=1)
    assert first.content == f"The lamp {character.name} lit flickers."


def test_someone_elses_character_or_scene_is_not_found_like_a_missing_one(
    api_client, user, character, other_user
):
    foreign = CharacterFactory(owner=other_user)
    missing = foreign.pk + 1000
    for character_id in (foreign.pk, missing):
        response = api_client.post("/api/threads/", {"character": character_id}, format="json")
        assert response.status_code == 404
        assert response.json() == {"detail": "character: No such character."}

    foreign_scene = SceneFactory(character=foreign)
    other_characters_scene = SceneFactory(character=CharacterFactory(owner=user), owner=user)
    for scene in (foreign_scene, other_characters_scene):
        response = api_client.post(
            "/api/threads/", {"character": character.pk, "scene": scene.pk}, format="json"
        )
        assert response.status_code == 404
        assert response.json() == {"detail": "scene: No such scene for this character."}
    assert not Thread.objects.exists()


def test_list_shows_only_my_threads_and_filters_by_character(
    api_client, user, thread, other_thread
):
    second = CharacterFactory(owner=user)
    api_client.post("/api/threads/", {"character": second.pk}, format="json")
    listed = api_client.get("/api/threads/").json()["results"]
    assert other_thread.pk not in {t["id"] for t in listed} and len(listed) == 2
    only = api_client.get(f"/api/threads/?character={thread.character_id}").json()["results"]
    assert [t["id"] for t in only] == [thread.pk]


def test_update_title_and_delete(api_client, thread):
    response = api_client.patch(
        f"/api/threads/{thread.pk}/", {"title": "  The lighthouse  "}, format="json"
    )
    assert response.status_code == 200 and response.json()["title"] == "The lighthouse"
    assert (
        api_client.patch(f"/api/threads/{thread.pk}/", {"title": ""}, format="json").status_code
        == 400
    )
    assert api_client.delete(f"/api/threads/{thread.pk}/").status_code == 204
    assert not Thread.objects.filter(pk=thread.pk).exists()


def test_another_users_thread_answers_404_everywhere(other_api_client, thread):
    message = thread.messages.get(seq=1)
    base = f"/api/threads/{thread.pk}/"
    calls = [
        other_api_client.get(base),
        other_api_client.patch(base, {"title": "Mine now"}, format="json"),
        other_api_client.delete(base),
        other_api_client.get(f"{base}messages/"),
        other_api_client.get(f"{base}messages/{message.pk}/"),
        other_api_client.patch(f"{base}messages/{message.pk}/", {"content": "x"}, format="json"),
        other_api_client.delete(f"{base}messages/{message.pk}/"),
        other_api_client.post(f"{base}messages/{message.pk}/restore/"),
    ]
    assert [response.status_code for response in calls] == [404] * len(calls)
    missing = other_api_client.get("/api/threads/999999999/")
    assert missing.status_code == 404 and missing.json() == calls[0].json()
    thread.refresh_from_db()
    assert thread.title != "Mine now" and thread.messages.get(seq=1).deleted_at is None


def test_anonymous_callers_are_refused(thread):
    assert APIClient().get("/api/threads/").status_code == 401
    assert APIClient().get(f"/api/threads/{thread.pk}/messages/").status_code == 401


def _conversation(thread, count: int):
    for seq in range(2, count + 2):
        MessageFactory(
            thread=thread, seq=seq, role="user" if seq % 2 == 0 else "assistant", content=f"m{seq}"
        )


def test_messages_page_back_from_the_newest(api_client, thread):
    _conversation(thread, 9)  # seq 1..10
    newest = api_client.get(f"/api/threads/{thread.pk}/messages/?limit=4").json()
    assert [m["seq"] for m in newest["results"]] == [7, 8, 9, 10] and newest["has_earlier"] is True
    earlier = api_client.get(f"/api/threads/{thread.pk}/messages/?limit=4&before_seq=7").json()
    assert [m["seq"] for m in earlier["results"]] == [3, 4, 5, 6]
    after = api_client.get(f"/api/threads/{thread.pk}/messages/?after_seq=8").json()
    assert [m["seq"] for m in after["results"]] == [9, 10]
    assert api_client.get(f"/api/threads/{thread.pk}/messages/?limit=0").status_code == 400


def test_messages_carry_status_receipt_and_previous_versions(api_client, thread):
    MessageFactory(thread=thread, seq=2, role="user", content="Hi")
    first = MessageFactory(
        thread=thread, seq=3, role="assistant", content="Take one", status="interrupted"
    )
    second = MessageFactory(thread=thread, seq=4, role="assistant", content="Take two")
    third = MessageFactory(thread=thread, seq=5, role="assistant", content="Take three")
    Message.objects.filter(pk=first.pk).update(active=False, replaced_by=second)
    Message.objects.filter(pk=second.pk).update(active=False, replaced_by=third)
    ContextReceipt.objects.create(
        message=third,
        layers={"pinned": {"tokens": 12, "budget": 600, "items": 1, "dropped": 0}},
        items=[
            {
                "layer": "pinned",
                "kind": "memory",
                "id": 5,
                "score": None,
                "tokens": 12,
                "title": "T",
                "type": "fact",
                "truncated": False,
            }
        ],
        total_tokens=100,
        budget_tokens=7168,
    )

    results = api_client.get(f"/api/threads/{thread.pk}/messages/").json()["results"]
    assert [m["content"] for m in results] == [
        "*looks up from the map* Ah, a visitor.",
        "Hi",
        "Take three",
    ]
    reply = results[-1]
    assert [(v["content"], v["status"]) for v in reply["previous_versions"]] == [
        ("Take one", "interrupted"),
        ("Take two", "complete"),
    ]
    assert reply["receipt"]["items"][0]["id"] == 5 and reply["receipt"]["total_tokens"] == 100
    assert results[1]["receipt"] is None and results[1]["previous_versions"] == []

    everything = api_client.get(f"/api/threads/{thread.pk}/messages/?include_replaced=true").json()[
        "results"
    ]
    assert [(m["content"], m["active"]) for m in everything][2:] == [
        ("Take one", False),
        ("Take two", False),
        ("Take three", True),
    ]
    old = api_client.get(f"/api/threads/{thread.pk}/messages/{first.pk}/").json()
    assert old["replaced_by"] == second.pk and old["active"] is False


def test_edit_a_message_flags_it_for_the_memory_app(
    api_client, thread, memory_hooks, django_capture_on_commit_callbacks
):
    changed = memory_hooks["changed"]
    message = MessageFactory(thread=thread, seq=2, role="user", content="I like tea.")
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.patch(
            f"/api/threads/{thread.pk}/messages/{message.pk}/",
            {"content": "I like coffee."},
            format="json",
        )
    assert response.status_code == 200
    body = response.json()
    assert body["content"] == "I like coffee." and body["edited_at"] and body["token_count"] == 4
    assert changed == [message.pk]

    empty = api_client.patch(
        f"/api/threads/{thread.pk}/messages/{message.pk}/", {"content": " "}, format="json"
    )
    assert empty.status_code == 400 and empty.json()["detail"] == "content: The message is empty."


def test_a_message_edit_changes_what_is_sent_as_the_schema_says(
    api_client, thread, memory_hooks, django_capture_on_commit_callbacks
):
    changed = memory_hooks["changed"]
    message = MessageFactory(thread=thread, seq=2, role="user", content="I like tea.")
    url = f"/api/threads/{thread.pk}/messages/{message.pk}/"
    schema = api_client.get("/api/schema/?format=json").json()
    ref = schema["paths"]["/api/threads/{thread_id}/messages/{message_id}/"]["patch"][
        "requestBody"
    ]["content"]["application/json"]["schema"]["$ref"]
    body = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    assert "required" not in body and body["additionalProperties"] is False
    content = jsonschema_rs.validator_for(
        {**body["properties"]["content"], "components": schema["components"]}
    )

    with django_capture_on_commit_callbacks(execute=True):
        nothing = api_client.patch(url, {}, format="json")
    assert nothing.status_code == 200
    assert nothing.json()["content"] == "I like tea." and nothing.json()["edited_at"] is None
    assert changed == []

    for text in ("", " \n\u3000"):
        assert not content.is_valid(text)
        refused = api_client.patch(url, {"content": text}, format="json")
        assert refused.status_code == 400
        assert refused.json()["detail"] == "content: The message is empty."
    too_long = "x" * (body["properties"]["content"]["maxLength"] + 1)
    assert not content.is_valid(too_long)
    refused = api_client.patch(url, {"content": too_long}, format="json")
    assert refused.status_code == 400 and "too long" in refused.json()["detail"]
    assert content.is_valid("  I like coffee. ")
    edited = api_client.patch(url, {"content": "  I like coffee. "}, format="json")
    assert edited.status_code == 200 and edited.json()["content"] == "I like coffee."


def test_delete_hides_a_message_and_restore_brings_it_back(
    api_client, thread, memory_hooks, django_capture_on_commit_callbacks
):
    changed = memory_hooks["changed"]
    message = MessageFactory(thread=thread, seq=2, role="user", content="Delete me")
    MessageFactory(thread=thread, seq=3, role="assistant", content="Answer")
    url = f"/api/threads/{thread.pk}/messages/{message.pk}/"
    with django_capture_on_commit_callbacks(execute=True):
        assert api_client.delete(url).status_code == 204
    listed = api_client.get(f"/api/threads/{thread.pk}/messages/").json()["results"]
    assert [m["seq"] for m in listed] == [1, 3]  # the others stay
    assert api_client.get(url).status_code == 404
    assert Message.objects.filter(pk=message.pk, content="Delete me").exists()

    with django_capture_on_commit_callbacks(execute=True):
        restored = api_client.post(f"{url}restore/")
    assert restored.status_code == 200 and restored.json()["content"] == "Delete me"
    assert [
        m["seq"] for m in api_client.get(f"/api/threads/{thread.pk}/messages/").json()["results"]
    ] == [1, 2, 3]
    assert changed == [message.pk, message.pk]


def test_a_streaming_reply_cannot_be_edited_or_deleted_and_the_schema_says_so(api_client, thread):
    reply = MessageFactory(
        thread=thread, seq=2, role="assistant", status="streaming", content="partial"
    )
    url = f"/api/threads/{thread.pk}/messages/{reply.pk}/"
    edit = api_client.patch(url, {"content": "x"}, format="json")
    deleted = api_client.delete(url)
    schema = api_client.get("/api/schema/?format=json").json()
    documented = schema["paths"]["/api/threads/{thread_id}/messages/{message_id}/"]
    for method, response in (("patch", edit), ("delete", deleted)):
        assert response.status_code == 409 and response.json()["code"] == "streaming"
        conflict = documented[method]["responses"]["409"]
        assert "`streaming`" in conflict["description"]
        ref = conflict["content"]["application/json"]["schema"]["$ref"]
        assert set(response.json()) <= set(
            schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]["properties"]
        )
    reply.refresh_from_db()
    assert reply.content == "partial" and reply.deleted_at is None


def test_schema_documents_the_chat_endpoints(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    for path in (
        "/api/threads/",
        "/api/threads/{thread_id}/",
        "/api/threads/{thread_id}/messages/",
        "/api/threads/{thread_id}/messages/{message_id}/",
    ):
        assert path in schema["paths"]
