"""REST /api/memories/: every operation, the filters, and the isolation rules."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from memories.index.stores import get_vector_store
from memories.models import Memory, MemoryPin
from tests.factories import CharacterFactory, MemoryFactory, ThreadFactory
from tests.memories.rest import URL, create, listed, vector_of

pytestmark = pytest.mark.django_db

# --------------------------------------------------------------------------- create


def test_create_by_hand_is_owned_indexed_and_shared_when_no_chat_is_given(
    api_client, user, character
):
    body = create(api_client, character, title="  Sister ", content="Her sister is Mira.")
    memory = Memory.objects.get(pk=body["id"])
    assert (memory.owner, memory.character, memory.origin_thread) == (user, character, None)
    assert memory.title == "Sister" and memory.created_by == "user"
    assert body["shared"] is True and body["source_url"] is None
    assert memory.vector_id.startswith("memory:")
    record = vector_of(memory.pk)
    assert record is not None
    assert record.metadata["owner"] == user.pk and record.metadata["character"] == character.pk


def test_create_in_a_chat_belongs_to_it_and_can_be_pinned_there(api_client, character, thread):
    body = create(api_client, character, thread=thread.pk, pin=True)
    assert body["origin_thread"] == thread.pk
    assert body["shared"] is False
    assert body["pinned_threads"] == [thread.pk]


def test_create_refuses_bad_input_readably(api_client, character):
    response = api_client.post(
        URL,
        {"character": character.pk, "type": "gossip", "title": "x", "content": "y"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["detail"].startswith("type:")
    response = api_client.post(
        URL,
        {"character": character.pk, "type": "fact", "title": " ", "content": "y"},
        format="json",
    )
    assert response.status_code == 400 and "title" in response.json()["errors"]
    response = api_client.post(URL, {"type": "fact", "title": "x", "content": "y"}, format="json")
    assert response.status_code == 400 and "character" in response.json()["errors"]


def test_create_with_another_users_character_or_thread_is_404(api_client, character, other_user):
    foreign_character = CharacterFactory(owner=other_user)
    foreign_thread = ThreadFactory(character=foreign_character)
    body = {"type": "fact", "title": "x", "content": "y"}
    assert (
        api_client.post(URL, {**body, "character": foreign_character.pk}, format="json").status_code
        == 404
    )
    response = api_client.post(
        URL, {**body, "character": character.pk, "thread": foreign_thread.pk}, format="json"
    )
    assert response.status_code == 404
    assert not Memory.objects.exists()


def test_create_with_a_chat_of_another_character_is_refused(api_client, user, character):
    elsewhere = ThreadFactory(character=CharacterFactory(owner=user))
    response = api_client.post(
        URL,
        {
            "character": character.pk,
            "thread": elsewhere.pk,
            "type": "fact",
            "title": "x",
            "content": "y",
        },
        format="json",
    )
    assert response.status_code == 400


# --------------------------------------------------------------------------- read


def test_retrieve_own_memory_and_404_for_anyone_elses(api_client, other_api_client, character):
    body = create(api_client, character)
    assert api_client.get(f"{URL}{body['id']}/").json()["title"] == "Sister"
    assert other_api_client.get(f"{URL}{body['id']}/").status_code == 404
    assert api_client.get(f"{URL}999999/").status_code == 404


def test_anonymous_callers_are_refused(character):
    assert APIClient().get(URL).status_code == 401


def test_list_shows_only_the_callers_memories(api_client, character, other_user):
    mine = MemoryFactory(character=character)
    MemoryFactory(character=CharacterFactory(owner=other_user))
    assert listed(api_client) == [mine.pk]


def test_list_filters(api_client, user, character, thread, second_thread):
    other_character = CharacterFactory(owner=user)
    from_thread = MemoryFactory(character=character, origin_thread=thread, type="fact")
    pinned_into_thread = MemoryFactory(
        character=character, origin_thread=second_thread, type="emotion"
    )
    MemoryPin.objects.create(memory=pinned_into_thread, thread=thread)
    shared = MemoryFactory(
        character=character, origin_thread=second_thread, shared=True, type="fact"
    )
    elsewhere = MemoryFactory(character=other_character, type="preference")
    superseded = MemoryFactory(character=character, status=Memory.Status.SUPERSEDED)

    assert set(listed(api_client, character=character.pk)) == {
        from_thread.pk,
        pinned_into_thread.pk,
        shared.pk,
    }
    assert set(listed(api_client, thread=thread.pk)) == {from_thread.pk, pinned_into_thread.pk}
    assert listed(api_client, thread=thread.pk, pinned="true") == [pinned_into_thread.pk]
    assert listed(api_client, thread=thread.pk, pinned="false") == [from_thread.pk]
    assert listed(api_client, pinned="true") == [pinned_into_thread.pk]
    assert set(listed(api_client, type="fact")) == {from_thread.pk, shared.pk}
    assert listed(api_client, shared="true") == [shared.pk]
    assert elsewhere.pk in listed(api_client, shared="false")
    assert listed(api_client, status="superseded") == [superseded.pk]
    assert superseded.pk in listed(api_client, status="all")
    assert api_client.get(URL, {"type": "gossip"}).status_code == 400


def test_list_with_another_users_character_or_thread_is_404(api_client, other_user):
    foreign_character = CharacterFactory(owner=other_user)
    foreign_thread = ThreadFactory(character=foreign_character)
    assert api_client.get(URL, {"character": foreign_character.pk}).status_code == 404
    assert api_client.get(URL, {"thread": foreign_thread.pk}).status_code == 404


def test_list_is_paginated_newest_first(api_client, character):
    memories = MemoryFactory.create_batch(3, character=character)
    response = api_client.get(URL, {"limit": 2}).json()
    assert response["count"] == 3
    assert [item["id"] for item in response["results"]] == [memories[2].pk, memories[1].pk]


# --------------------------------------------------------------------------- search


def test_search_by_words_finds_partial_words_and_word_forms(api_client, character):
    mira = create(api_client, character, title="Sister", content="Her sister is called Mira.")
    create(api_client, character, title="Boat", content="She sails a small red boat.")
    assert listed(api_client, q="mir") == [mira["id"]]  # half-typed word
    assert listed(api_client, q="sisters") == [mira["id"]]  # another form of the word


def test_search_by_meaning_finds_memories_that_share_no_word(api_client, character):
    storm = create(
        api_client, character, title="Weather", content="She adores thunderstorms at sea."
    )
    create(api_client, character, title="Food", content="Her favourite dish is lentil soup.")
    # "thunderclaps" is neither a substring nor a word form of anything stored; only the
    # embedding (which sees "thunder..." in both) relates them.
    assert listed(api_client, q="thunderclaps") == [storm["id"]]


def test_search_ranks_memories_found_both_ways_first_and_reports_a_score(api_client, character):
    both = create(
        api_client, character, title="Lighthouse", content="The lighthouse keeper is her uncle."
    )
    words_only = create(
        api_client, character, title="Note", content="Something about a lighthouse."
    )
    results = api_client.get(URL, {"q": "lighthouse keeper uncle"}).json()["results"]
    assert [item["id"] for item in results][0] == both["id"]
    assert words_only["id"] in [item["id"] for item in results]
    assert 0 < results[-1]["search_score"] <= results[0]["search_score"] <= 1


def test_search_never_crosses_users_or_characters(
    api_client, other_api_client, user, character, other_user
):
    create(api_client, character, content="The secret word is marmalade.")
    other_character = CharacterFactory(owner=user)
    create(api_client, other_character, content="The secret word is marmalade too.")
    foreign = CharacterFactory(owner=other_user)
    create(other_api_client, foreign, content="Another marmalade secret.")
    assert len(listed(api_client, q="marmalade", character=character.pk)) == 1
    assert len(listed(api_client, q="marmalade")) == 2
    assert len(listed(other_api_client, q="marmalade")) == 1


# --------------------------------------------------------------------------- update


def test_patch_changes_text_and_type_marks_edited_and_re_embeds(api_client, character):
    body = create(api_client, character, content="Her sister is Mira.")
    before = vector_of(body["id"])
    response = api_client.patch(
        f"{URL}{body['id']}/",
        {"content": "Her brother is Tomas.", "type": "relationship"},
        format="json",
    )
    assert response.status_code == 200
    updated = response.json()
    assert updated["content"] == "Her brother is Tomas." and updated["type"] == "relationship"
    assert updated["edited_by_user"] is True
    after = vector_of(body["id"])
    assert list(after.vector) != list(before.vector)
    assert after.metadata["type"] == "relationship"
    assert listed(api_client, q="Tomas") == [body["id"]]


def test_patch_refuses_bad_input_and_foreign_memories(api_client, other_api_client, character):
    body = create(api_client, character)
    assert api_client.patch(f"{URL}{body['id']}/", {"title": ""}, format="json").status_code == 400
    assert (
        api_client.patch(f"{URL}{body['id']}/", {"type": "gossip"}, format="json").status_code
        == 400
    )
    assert (
        other_api_client.patch(f"{URL}{body['id']}/", {"title": "Mine"}, format="json").status_code
        == 404
    )
    assert Memory.objects.get(pk=body["id"]).title == "Sister"


def test_patch_with_nothing_changed_keeps_the_memory_unedited(api_client, character):
    body = create(api_client, character)
    response = api_client.patch(f"{URL}{body['id']}/", {"title": "Sister"}, format="json")
    assert response.json()["edited_by_user"] is False


# --------------------------------------------------------------------------- delete


def test_delete_removes_row_and_vector(api_client, character, django_capture_on_commit_callbacks):
    body = create(api_client, character)
    vector_id = Memory.objects.get(pk=body["id"]).vector_id
    with django_capture_on_commit_callbacks(
        execute=True
    ):  # the vector goes once the row is gone for good
        assert api_client.delete(f"{URL}{body['id']}/").status_code == 204
    assert not Memory.objects.filter(pk=body["id"]).exists()
    assert get_vector_store().get([vector_id]) == []
    assert api_client.get(f"{URL}{body['id']}/").status_code == 404


def test_delete_of_another_users_memory_is_404_and_keeps_it(
    api_client, other_api_client, character
):
    body = create(api_client, character)
    assert other_api_client.delete(f"{URL}{body['id']}/").status_code == 404
    assert Memory.objects.filter(pk=body["id"]).exists()


# --------------------------------------------------------------------------- payload


def test_payload_links_to_the_source_messages(api_client, character, thread):
    memory = MemoryFactory(
        character=character, origin_thread=thread, source_start_seq=4, source_end_seq=9
    )
    body = api_client.get(f"{URL}{memory.pk}/").json()
    assert body["source_url"] == f"/chat/{thread.pk}/#seq-4"
    assert (body["source_start_seq"], body["source_end_seq"]) == (4, 9)
    for key in (
        "id",
        "type",
        "title",
        "content",
        "character",
        "origin_thread",
        "shared",
        "pinned_threads",
        "status",
        "created_by",
        "edited_by_user",
        "source_changed",
        "created_at",
        "updated_at",
    ):
        assert key in body


def test_marking_a_changed_source_as_still_right_clears_the_flag_only(
    api_client, character, thread
):
    memory = MemoryFactory(character=character, origin_thread=thread, source_changed=True)
    body = api_client.patch(f"{URL}{memory.pk}/", {"source_changed": False}, format="json").json()
    assert body["source_changed"] is False and body["edited_by_user"] is False
    assert (
        api_client.patch(f"{URL}{memory.pk}/", {"source_changed": True}, format="json").status_code
        == 400
    )


def test_editing_a_memory_whose_source_changed_counts_as_reviewing_it(
    api_client, character, thread
):
    memory = MemoryFactory(character=character, origin_thread=thread, source_changed=True)
    body = api_client.patch(f"{URL}{memory.pk}/", {"content": "Corrected."}, format="json").json()
    assert body["source_changed"] is False and body["edited_by_user"] is True
