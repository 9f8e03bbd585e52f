"""A memory that cites its exact messages: the API shows them and links to them, unverified
memories are listed only under their filter, and an export carries the cited messages."""

from __future__ import annotations

import pytest

from memories.models import Memory
from tests.factories import MemoryFactory, MessageFactory

pytestmark = pytest.mark.django_db

URL = "/api/memories/"


def cited(character, thread, **fields) -> Memory:
    values = {
        "character": character,
        "origin_thread": thread,
        "source_start_seq": 4,
        "source_end_seq": 9,
        "source_seqs": [4, 7, 9],
    }
    values.update(fields)
    return MemoryFactory(**values)


def test_a_memory_links_to_exactly_the_messages_it_cites(api_client, character, thread):
    memory = cited(character, thread)
    body = api_client.get(f"{URL}{memory.pk}/").json()
    assert body["source_seqs"] == [4, 7, 9]
    assert body["source_url"] == f"/chat/{thread.pk}/#seq-4,7,9"
    # An older memory, made before memories cited their messages, keeps its range.
    older = MemoryFactory(
        character=character, origin_thread=thread, source_start_seq=4, source_end_seq=9
    )
    body = api_client.get(f"{URL}{older.pk}/").json()
    assert body["source_seqs"] == [] and body["source_url"] == f"/chat/{thread.pk}/#seq-4"


def test_unverified_memories_are_listed_only_under_their_filter(
    api_client, other_api_client, character, thread
):
    active = cited(character, thread)
    doubtful = cited(
        character, thread, status=Memory.Status.UNVERIFIED, support_note="Not said there."
    )
    listed = [m["id"] for m in api_client.get(URL).json()["results"]]
    assert active.pk in listed and doubtful.pk not in listed
    found = api_client.get(URL, {"status": "unverified"}).json()["results"]
    assert [(m["id"], m["support_note"]) for m in found] == [(doubtful.pk, "Not said there.")]
    assert doubtful.pk in [
        m["id"] for m in api_client.get(URL, {"status": "all"}).json()["results"]
    ]
    assert other_api_client.get(URL, {"status": "unverified"}).json()["results"] == []
    assert (
        other_api_client.patch(
            f"{URL}{doubtful.pk}/", {"status": "active"}, format="json"
        ).status_code
        == 404
    )
    refused = api_client.get(URL, {"status": "doubtful"})
    assert refused.status_code == 400 and "status" in refused.json()["errors"]


def test_verifying_makes_an_unverified_memory_active(api_client, character, thread):
    doubtful = cited(character, thread, status=Memory.Status.UNVERIFIED, support_note="No.")
    body = api_client.patch(f"{URL}{doubtful.pk}/", {"status": "active"}, format="json").json()
    assert body["status"] == "active" and body["support_note"] == "Verified by you."
    assert doubtful.pk in [m["id"] for m in api_client.get(URL).json()["results"]]


def test_an_export_carries_the_cited_messages_and_an_import_keeps_them(
    api_client, character, thread
):
    for seq in range(4, 10):
        MessageFactory(thread=thread, seq=seq, role="user", content=f"Message {seq}.")
    cited(character, thread)
    document = api_client.get(f"{URL}export/", {"character": character.pk}).json()
    [item] = document["memories"]
    assert item["source"]["seqs"] == [4, 7, 9]
    assert [m["seq"] for m in item["source"]["messages"]] == [4, 7, 9]

    Memory.objects.all().delete()
    response = api_client.post(
        f"{URL}import/", {"character": character.pk, "document": document}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Memory.objects.get().source_seqs == [4, 7, 9]
