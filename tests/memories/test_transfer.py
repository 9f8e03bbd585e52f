"""Export and import of a character's memories as a portable JSON document."""

from __future__ import annotations

import copy

import pytest

from memories.index.stores import get_vector_store
from memories.models import Memory, MemoryPin
from tests.factories import CharacterFactory, MemoryFactory, MessageFactory

pytestmark = pytest.mark.django_db

EXPORT = "/api/memories/export/"
IMPORT = "/api/memories/import/"
KEPT = (
    "type",
    "title",
    "content",
    "shared",
    "status",
    "created_by",
    "edited_by_user",
    "source_changed",
)


@pytest.fixture
def stored(character, thread, second_thread):
    MessageFactory(thread=thread, seq=1, role="user", content="My sister Mira sails.")
    MessageFactory(thread=thread, seq=2, role="assistant", content="A sailor in the family!")
    MessageFactory(thread=thread, seq=3, role="user", content="Unrelated.")
    from_chat = MemoryFactory(
        character=character,
        origin_thread=thread,
        source_start_seq=1,
        source_end_seq=2,
        type="relationship",
        title="Sister",
        content="Her sister Mira sails.",
    )
    MemoryPin.objects.create(memory=from_chat, thread=second_thread)
    shared = MemoryFactory(
        character=character,
        type="preference",
        title="Tea",
        content="Likes smoky tea.",
        shared=True,
        created_by="user",
        edited_by_user=True,
    )
    old = MemoryFactory(character=character, origin_thread=thread, status=Memory.Status.SUPERSEDED)
    Memory.objects.filter(pk=shared.pk).update(created_at="2026-01-02T03:04:05+00:00")
    return {"from_chat": from_chat, "shared": shared, "old": old}


def export(api_client, character):
    response = api_client.get(EXPORT, {"character": character.pk})
    assert response.status_code == 200, response.content
    assert "attachment" in response["Content-Disposition"]
    return response.json()


def import_(api_client, character, document, status=201):
    response = api_client.post(
        IMPORT, {"character": character.pk, "document": document}, format="json"
    )
    assert response.status_code == status, response.content
    return response.json()


def test_export_keeps_type_scope_source_and_timestamps(
    api_client, character, thread, second_thread, stored
):
    document = export(api_client, character)
    assert document["format"] == "drawhisper.memories" and document["version"] == 1
    assert document["character"] == {"id": character.pk, "name": character.name}
    assert {t["id"] for t in document["threads"]} == {thread.pk, second_thread.pk}
    by_title = {item["title"]: item for item in document["memories"]}
    sister = by_title["Sister"]
    assert sister["type"] == "relationship" and sister["shared"] is False
    assert sister["pinned_threads"] == [second_thread.pk]
    assert sister["source"]["thread"] == thread.pk
    assert (sister["source"]["start_seq"], sister["source"]["end_seq"]) == (1, 2)
    assert [m["seq"] for m in sister["source"]["messages"]] == [1, 2]
    assert by_title["Tea"]["shared"] is True and by_title["Tea"]["source"] is None
    assert by_title["Tea"]["created_at"].startswith("2026-01-02T03:04:05")
    assert len(document["memories"]) == 3  # superseded ones too: the export is complete


def test_round_trip_restores_every_memory_with_its_pins(
    api_client, character, second_thread, stored
):
    document = export(api_client, character)
    before = {m.title: m for m in Memory.objects.all()}
    Memory.objects.all().delete()

    result = import_(api_client, character, document)
    assert (
        result["created"] == 3 and result["skipped_duplicates"] == 0 and result["made_shared"] == 0
    )

    after = {m.title: m for m in Memory.objects.prefetch_related("pins")}
    assert after.keys() == before.keys()
    for title, memory in after.items():
        old = before[title]
        assert {key: getattr(memory, key) for key in KEPT} == {
            key: getattr(old, key) for key in KEPT
        }
        assert (memory.origin_thread_id, memory.source_start_seq, memory.source_end_seq) == (
            old.origin_thread_id,
            old.source_start_seq,
            old.source_end_seq,
        )
        assert memory.created_at == old.created_at
    assert [pin.thread_id for pin in after["Sister"].pins.all()] == [second_thread.pk]
    assert get_vector_store().get([after["Tea"].vector_id]), "imported memories are searchable"
    assert api_client.get("/api/memories/", {"q": "smoky"}).json()["results"][0]["title"] == "Tea"


def test_importing_the_same_file_twice_adds_nothing_the_second_time(api_client, character, stored):
    document = export(api_client, character)
    result = import_(api_client, character, document)
    assert result["created"] == 0 and result["skipped_duplicates"] == 3
    assert Memory.objects.count() == 3


def test_import_into_another_account_drops_unknown_chats_and_keeps_memories_reachable(
    api_client, other_api_client, other_user, character, stored
):
    document = export(api_client, character)
    target = CharacterFactory(owner=other_user)
    result = import_(other_api_client, target, document)
    assert result["created"] == 3 and result["threads_kept"] == 0 and result["threads_dropped"] == 2
    imported = {m.title: m for m in Memory.objects.filter(owner=other_user)}
    sister = imported["Sister"]
    assert sister.origin_thread_id is None and sister.source_start_seq is None
    assert not sister.pins.exists()
    # Its chats are gone, so it would reach no chat; it is shared instead.
    assert sister.shared is True and result["made_shared"] == 2
    assert not Memory.objects.filter(owner=other_user, character=character).exists()


def test_import_does_not_pin_to_an_unrelated_chat_that_shares_an_id(
    api_client, other_api_client, other_user, character, thread, stored
):
    document = copy.deepcopy(export(api_client, character))
    target = CharacterFactory(owner=other_user)
    from tests.factories import ThreadFactory

    unrelated = ThreadFactory(character=target)
    for item in document["threads"]:
        item["id"] = unrelated.pk  # same id, but a different chat (creation time differs)
    for item in document["memories"]:
        item["pinned_threads"] = [unrelated.pk]
    import_(other_api_client, target, document)
    assert not MemoryPin.objects.filter(thread=unrelated).exists()


def test_import_refuses_foreign_characters_and_bad_documents(
    api_client, other_api_client, character, other_user, stored
):
    document = export(api_client, character)
    foreign = CharacterFactory(owner=other_user)
    assert (
        api_client.post(
            IMPORT, {"character": foreign.pk, "document": document}, format="json"
        ).status_code
        == 404
    )
    assert api_client.get(EXPORT, {"character": foreign.pk}).status_code == 404
    assert other_api_client.get(EXPORT, {"character": character.pk}).status_code == 404

    newer = {**document, "version": 99}
    assert "newer version" in import_(api_client, character, newer, status=400)["detail"]
    assert (
        "not a Drawhisper" in import_(api_client, character, {"memories": []}, status=400)["detail"]
    )
    broken = {**document, "memories": [{"type": "gossip", "title": "x", "content": "y"}]}
    assert "Memory 1 is invalid" in import_(api_client, character, broken, status=400)["detail"]
    assert Memory.objects.count() == 3  # nothing half-imported


def _document(**memory) -> dict:
    return {
        "format": "drawhisper.memories",
        "version": 1,
        "threads": [],
        "memories": [{"type": "fact", "title": "Tea", "content": "Likes tea.", **memory}],
    }


@pytest.mark.parametrize(
    ("document", "path"),
    [
        ({**_document(), "threads": ["x"]}, "document.threads[0]: "),
        ({**_document(), "threads": [{"id": "abc"}]}, "document.threads[0].id: "),
        (
            {**_document(), "threads": [{"id": 1, "created_at": "2024-02-30T25:00"}]},
            "document.threads[0].created_at: ",
        ),
        (_document(created_at="2024-02-30T25:00"), "document.memories[0].created_at: "),
        (_document(updated_at=17), "document.memories[0].updated_at: "),
        (
            _document(source={"thread": 1, "start_seq": 10**30, "end_seq": 2}),
            "document.memories[0].source.start_seq: ",
        ),
        (_document(source={"thread": 10**30}), "document.memories[0].source.thread: "),
        (_document(source="chat 1"), "document.memories[0].source: "),
        (_document(pinned_threads=[1, "two"]), "document.memories[0].pinned_threads[1]: "),
        (_document(shared="maybe"), "document.memories[0].shared: "),
        (_document(status="deleted"), "document.memories[0].status: "),
        (_document(title=["a list"]), "document.memories[0].title: "),
        (_document(title=5), "document.memories[0].title: Not a valid string."),
        (_document(content=True), "document.memories[0].content: Not a valid string."),
        (_document(type=3), "document.memories[0].type: Not a valid string."),
        (
            _document(source={"messages": [{"seq": 1, "role": "user", "content": 5}]}),
            "document.memories[0].source.messages[0].content: Not a valid string.",
        ),
        (
            {**_document(), "threads": [{"id": 1, "title": 7}]},
            "document.threads[0].title: Not a valid string.",
        ),
        ({**_document(), "memories": "none"}, "document.memories: "),
        ({**_document(), "version": 1.5}, "document.version: "),
    ],
)
def test_a_malformed_document_is_refused_with_the_path_of_the_bad_value(
    api_client, character, document, path
):
    body = import_(api_client, character, document, status=400)
    assert body["detail"].startswith(path), body
    assert Memory.objects.count() == 0


def test_a_valid_document_with_every_field_still_imports(api_client, character):
    document = _document(
        created_at="2024-02-28T12:00:00+00:00",
        source={"thread": 5, "start_seq": 1, "end_seq": 2, "messages": []},
        pinned_threads=[5],
        shared=False,
        status="active",
    )
    body = import_(api_client, character, document)
    assert body["created"] == 1 and body["threads_dropped"] == 1 and body["made_shared"] == 1
    memory = Memory.objects.get()
    assert memory.created_at.isoformat() == "2024-02-28T12:00:00+00:00"
