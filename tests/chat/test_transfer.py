"""Chat export and import: SillyTavern JSONL both ways, our own JSON out, and refusals that
name the line that is wrong."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chat.models import Message, Thread
from memories.models import Memory, MemoryPin
from tests.factories import CharacterFactory, MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db

HEADER = {
    "user_name": "Ada",
    "character_name": "Mara",
    "create_date": "2026-11-02T09:00:00Z",
    "chat_metadata": {},
}


def jsonl(*records) -> bytes:
    return ("\n".join(json.dumps(record) for record in records) + "\n").encode()


def message(text, *, user, date, **extra):
    return {
        "name": "Ada" if user else "Mara",
        "is_user": user,
        "is_system": False,
        "send_date": date,
        "mes": text,
        "extra": {},
        **extra,
    }


SAMPLE = [
    message("*Mara looks up from the map.* A visitor.", user=False, date="2026-11-02T09:00:00Z"),
    message("I came about the lighthouse.", user=True, date="2026-11-02T09:01:00Z"),
    message(
        "The second answer.",
        user=False,
        date="2026-11-02T09:02:00Z",
        swipes=["The first answer.", "The second answer.", "The third answer."],
        swipe_id=1,
    ),
    message("Tell me more.", user=True, date="2026-11-02T09:03:00Z"),
]


def upload(api_client, character, data: bytes, **fields):
    return api_client.post(
        "/api/threads/import/",
        {"file": SimpleUploadedFile("chat.jsonl", data), "character": character.pk, **fields},
        format="multipart",
    )


def test_sillytavern_chat_round_trips_through_import_and_export(api_client, user):
    character = CharacterFactory(owner=user, name="Mara")
    response = upload(api_client, character, jsonl(HEADER, *SAMPLE))
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["messages"], body["versions"], body["skipped_system"]) == (4, 2, 0)

    shown = api_client.get(f"/api/threads/{body['thread']['id']}/messages/").json()["results"]
    assert [m["content"] for m in shown] == [
        "*Mara looks up from the map.* A visitor.",
        "I came about the lighthouse.",
        "The second answer.",
        "Tell me more.",
    ]
    assert [v["content"] for v in shown[2]["previous_versions"]] == [
        "The first answer.",
        "The third answer.",
    ]

    exported = api_client.get(f"/api/threads/{body['thread']['id']}/export/")
    assert exported.status_code == 200
    assert exported["Content-Disposition"].endswith('.jsonl"')
    lines = [json.loads(line) for line in exported.content.decode().splitlines()]
    assert lines[0]["character_name"] == "Mara" and lines[0]["user_name"] == user.username
    keys = ("is_user", "mes", "send_date", "swipes", "swipe_id")
    assert [{k: m.get(k) for k in keys} for m in lines[1:]] == [
        {k: m.get(k) for k in keys} for m in SAMPLE
    ]


def test_exported_chat_imports_back_to_the_same_messages(api_client, user):
    character = CharacterFactory(owner=user, name="Mara")
    thread = ThreadFactory(owner=user, character=character)
    MessageFactory(thread=thread, seq=1, role="assistant", content="Hello, traveller.")
    MessageFactory(thread=thread, seq=2, role="user", content="Hi, I'm Ada.")
    first = api_client.get(f"/api/threads/{thread.pk}/export/").content

    imported = upload(api_client, character, first).json()
    second = api_client.get(f"/api/threads/{imported['thread']['id']}/export/").content
    strip = lambda data: [  # noqa: E731
        {k: v for k, v in json.loads(line).items() if k != "create_date"}
        for line in data.decode().splitlines()
    ]
    assert strip(second) == strip(first)


def test_sillytavern_human_dates_and_system_notes(api_client, user):
    character = CharacterFactory(owner=user)
    data = jsonl(
        HEADER,
        message("Hello.", user=False, date="November 30, 2026 8:15pm"),
        {"name": "System", "is_user": False, "is_system": True, "mes": "hidden note"},
        message("Hi.", user=True, date=1764533700000),
    )
    body = upload(api_client, character, data).json()
    assert body["messages"] == 2 and body["skipped_system"] == 1
    rows = Message.objects.filter(thread_id=body["thread"]["id"]).order_by("seq")
    assert [row.created_at.isoformat() for row in rows] == [
        "2026-11-30T20:15:00+00:00",
        "2025-11-30T20:15:00+00:00",
    ]


@pytest.mark.parametrize(
    ("lines", "line", "words"),
    [
        (["{not json"], 1, "not valid JSON"),
        ([HEADER, ["a list"]], 2, "JSON object"),
        ([HEADER, {"name": "x", "is_user": True}], 2, "mes"),
        (
            [HEADER, message("a", user=True, date="2026-11-02"), message(1, user=False, date="")],
            3,
            "mes must be text",
        ),
        ([HEADER, message("a", user=False, date="yesterday-ish")], 2, "send_date"),
        ([HEADER, message("a", user=False, date="", swipes=["a", "b"], swipe_id=5)], 2, "swipe_id"),
        ([HEADER, message("a", user="yes", date="")], 2, "is_user"),
    ],
)
def test_malformed_chat_files_are_refused_with_the_line(api_client, user, lines, line, words):
    character = CharacterFactory(owner=user)
    data = "\n".join(item if isinstance(item, str) else json.dumps(item) for item in lines)
    response = upload(api_client, character, data.encode())
    assert response.status_code == 400
    detail = json.dumps(response.json())
    assert f"Line {line}" in detail and words in detail
    assert not Thread.objects.filter(owner=user).exists()


def test_import_refuses_empty_files_and_unknown_fields_and_hides_other_users_characters(
    api_client, user, other_user
):
    mine = CharacterFactory(owner=user)
    assert upload(api_client, mine, b"").status_code == 400
    assert "no messages" in json.dumps(upload(api_client, mine, jsonl(HEADER)).json())
    foreign = CharacterFactory(owner=other_user)
    response = upload(api_client, foreign, jsonl(HEADER, *SAMPLE))
    assert response.status_code == 404
    assert response.json()["detail"] == "character: No such character."
    response = upload(api_client, mine, jsonl(HEADER, *SAMPLE), mood="grim")
    assert response.status_code == 400 and "mood" in json.dumps(response.json())
    assert not Thread.objects.filter(owner=user).exists()


def test_import_refuses_a_file_over_the_limit(api_client, user, settings):
    settings.CHAT_IMPORT_MAX_BYTES = 100
    response = upload(api_client, CharacterFactory(owner=user), jsonl(HEADER, *SAMPLE))
    assert response.status_code == 400 and "larger than 100 bytes" in json.dumps(response.json())


def test_another_users_chat_cannot_be_exported_or_watched(api_client, other_user):
    foreign = ThreadFactory(owner=other_user)
    assert api_client.get(f"/api/threads/{foreign.pk}/export/").status_code == 404
    assert api_client.get(f"/api/threads/{foreign.pk}/memory-progress/").status_code == 404


def test_native_export_carries_versions_memories_and_pins(api_client, user):
    character = CharacterFactory(owner=user, name="Mara")
    body = upload(api_client, character, jsonl(HEADER, *SAMPLE)).json()
    thread = Thread.objects.get(pk=body["thread"]["id"])
    made = Memory.objects.create(
        owner=user,
        character=character,
        origin_thread=thread,
        type="fact",
        title="Lighthouse",
        content="Ada came about the lighthouse.",
        source_start_seq=2,
        source_end_seq=3,
    )
    elsewhere = Memory.objects.create(
        owner=user, character=character, type="preference", title="Tea", content="Ada likes tea."
    )
    MemoryPin.objects.create(memory=elsewhere, thread=thread)
    Memory.objects.create(
        owner=user, character=character, type="fact", title="Other", content="Not this chat."
    )

    response = api_client.get(f"/api/threads/{thread.pk}/export/?as=drawhisper")
    assert response.status_code == 200
    document = response.json()
    assert document["format"] == "drawhisper.chat" and document["version"] == 1
    assert [m["content"] for m in document["messages"]][2] == "The second answer."
    assert [v["content"] for v in document["messages"][2]["versions"]] == [
        "The first answer.",
        "The third answer.",
    ]
    exported = {m["title"]: m for m in document["memories"]}
    assert set(exported) == {"Lighthouse", "Tea"}
    assert exported["Lighthouse"]["source"]["thread"] == thread.pk and made.pk
    assert exported["Tea"]["pinned_threads"] == [thread.pk]
    assert api_client.get(f"/api/threads/{thread.pk}/export/?as=xml").status_code == 400


def test_large_import_is_one_transaction_and_asks_for_memory_jobs(
    api_client, user, memory_hooks, django_capture_on_commit_callbacks
):
    character = CharacterFactory(owner=user)
    lines = [HEADER] + [
        message(f"Line {n}: the tide came in again.", user=n % 2 == 1, date="2026-11-02T09:00:00Z")
        for n in range(5000)
    ]
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(api_client, character, jsonl(*lines))
    assert response.status_code == 201 and response.json()["messages"] == 5000
    thread_id = response.json()["thread"]["id"]
    assert Message.objects.filter(thread_id=thread_id).count() == 5000
    assert memory_hooks["committed"] == [thread_id]
    progress = api_client.get(f"/api/threads/{thread_id}/memory-progress/").json()
    assert progress == {
        "memorised_through_seq": 0,
        "last_seq": 5000,
        "messages_read": 0,
        "messages_total": 5000,
        "state": "working",  # the history is due: its first job is on its way
        "memories": 0,
        "error": "",
        "chunks_checked": 0,
        "chunks_unverified": 0,
        "unverified_share": None,
    }


def test_import_page_imports_a_chat_and_shows_memory_progress(client, user, other_user):
    character = CharacterFactory(owner=user, name="Mara")
    client.force_login(user)
    page = client.get(f"/characters/{character.pk}/")
    assert f"/characters/{character.pk}/import-chat/" in page.content.decode()

    response = client.post(
        f"/characters/{character.pk}/import-chat/",
        {"file": SimpleUploadedFile("chat.jsonl", jsonl(HEADER, *SAMPLE))},
    )
    thread = Thread.objects.get(owner=user)
    assert response.status_code == 302
    assert response["Location"] == f"/chat/{thread.pk}/memories-progress/?imported=4"
    progress = client.get(response["Location"]).content.decode()
    assert "Imported 4 messages." in progress
    assert "No memories yet: 4 messages are too short a history" in progress
    chat = client.get(f"/chat/{thread.pk}/").content.decode()
    assert f"/api/threads/{thread.pk}/export/?as=drawhisper" in chat

    bad = client.post(
        f"/characters/{character.pk}/import-chat/",
        {"file": SimpleUploadedFile("chat.jsonl", b'{"user_name": "A"}\n{"mes": 5}\n')},
    )
    assert bad.status_code == 400 and "Line 2: mes must be text." in bad.content.decode()
    foreign = CharacterFactory(owner=other_user)
    assert client.get(f"/characters/{foreign.pk}/import-chat/").status_code == 404
    other_thread = ThreadFactory(owner=other_user)
    assert client.get(f"/chat/{other_thread.pk}/memories-progress/").status_code == 404
