"""Lorebook entries matched by meaning (SillyTavern's "vectorized" entries): the flag per
entry and per book, its round trip through World Info and card books, vectors made in the
background with the fake embedder into the real pgvector store and removed with the entry,
the test box, and a chat turn whose receipt says the entry fired by meaning."""

from __future__ import annotations

import copy

import pytest

from characters.lorebooks.matching import LoreEntry, ScanSettings, scan
from characters.lorebooks.vectors import lorebook_vectors_sync
from characters.models import Lorebook, LorebookEntry
from chat.context import assemble_context
from chat.models import Thread
from memories.index import get_vector_store
from tests.characters.lorebook_fixtures import CHARACTER_BOOK_V2, WORLD_INFO
from tests.factories import CharacterFactory, MessageFactory

pytestmark = pytest.mark.django_db

YS = "The sunken city of Ys lies beneath the bay; its bells still ring at low tide."
ASKED = "Tell me about the sunken city beneath the bay."
UNRELATED = "What should we cook for dinner tonight?"


@pytest.fixture
def committed(django_capture_on_commit_callbacks, eager_celery):
    """Run a request's after-commit work (the vector task, deletions) as it returns, with
    Celery tasks run in-process."""

    def run(call, *args, **kwargs):
        from django.db import connection

        start = len(connection.run_on_commit)
        try:
            with django_capture_on_commit_callbacks(execute=True):
                return call(*args, **kwargs)
        finally:
            # As a real commit does, forget the callbacks once run (the test's transaction
            # never commits; a batch still listed would take the next request's ids).
            del connection.run_on_commit[start:]

    return run


@pytest.fixture(autouse=True)
def threshold(settings):
    settings.LORE_VECTOR_THRESHOLD = 0.3
    settings.LORE_VECTOR_MAX_ENTRIES = 5


def vector_ids(*entry_ids):
    return {record.id for record in get_vector_store().get([f"lore:{pk}" for pk in entry_ids])}


def create_book(client, committed, **book):
    body = {
        "name": "Bay",
        "entries": [
            {"comment": "Ys", "content": YS, "keys": ["lighthouse"], "vectorized": True},
            {"comment": "Harbour", "content": "The harbour smells of tar.", "keys": ["harbour"]},
        ],
        **book,
    }
    response = committed(client.post, "/api/lorebooks/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


# ---------------------------------------------------------------------------- the matcher


def entry(entry_id, **fields):
    return LoreEntry(id=entry_id, uid=entry_id, content=f"content {entry_id}", **fields)


def test_a_vectorized_entry_fires_from_its_score_when_no_key_does():
    entries = [
        entry(1, keys=("tower",), vectorized=True),
        entry(2, keys=("gate",)),  # not matched by meaning: a score means nothing
        entry(3, keys=("moon",), vectorized=True),
    ]
    result = scan(entries, ["the moon rises"], vector_scores={1: 0.71, 2: 0.9, 3: 0.5})
    fired = {a.entry.id: (a.reason, a.matched_key, a.score) for a in result.activated}
    assert fired == {1: ("vector", "", 0.71), 3: ("key", "moon", None)}


def test_a_match_by_meaning_keeps_to_the_budget_and_the_roll():
    entries = [entry(1, vectorized=True, insertion_order=10), entry(2, vectorized=True)]
    result = scan(
        entries,
        ["x"],
        ScanSettings(token_budget=3),
        count_tokens=lambda _text: 2,
        vector_scores={1: 0.8, 2: 0.6},
    )
    # Higher insertion order is more important (as for key matches): entry 2 fits, 1 not.
    assert [a.entry.id for a in result.activated] == [2]
    assert [a.entry.id for a in result.dropped] == [1]
    never = scan(
        [entry(1, vectorized=True, probability=0)], ["x"], vector_scores={1: 0.9}
    ).activated
    assert never == ()


# ---------------------------------------------------------------------------- file formats


def test_world_info_vectorized_round_trips_and_edits_write_it(api_client):
    data = copy.deepcopy(WORLD_INFO)
    data["entries"]["1"]["vectorized"] = True
    book = api_client.post("/api/lorebooks/import/", data, format="json").json()
    flags = {e["uid"]: e["vectorized"] for e in book["entries"]}
    assert flags[1] is True and flags[0] is None  # false in the file: as the book says
    assert book["vectorized"] is False
    assert api_client.get(f"/api/lorebooks/{book['id']}/export/").json() == data

    entries = [{**e, "vectorized": True} if e["uid"] == 0 else e for e in book["entries"]]
    api_client.patch(f"/api/lorebooks/{book['id']}/", {"entries": entries}, format="json")
    exported = api_client.get(f"/api/lorebooks/{book['id']}/export/").json()
    expected = copy.deepcopy(data)
    expected["entries"]["0"]["vectorized"] = True
    assert exported == expected


def test_the_book_default_goes_out_on_each_entry_that_follows_it(api_client):
    book = api_client.post(
        "/api/lorebooks/import/", copy.deepcopy(WORLD_INFO), format="json"
    ).json()
    entries = [{**e, "vectorized": False} if e["uid"] == 2 else e for e in book["entries"]]
    response = api_client.patch(
        f"/api/lorebooks/{book['id']}/", {"vectorized": True, "entries": entries}, format="json"
    )
    assert response.status_code == 200 and response.json()["vectorized"] is True
    exported = api_client.get(f"/api/lorebooks/{book['id']}/export/").json()["entries"]
    assert {key: value["vectorized"] for key, value in exported.items()} == {
        "0": True,
        "1": True,
        "2": False,  # the entry said no
        "5": True,
    }


def test_a_card_books_extensions_vectorized_round_trips(api_client):
    data = copy.deepcopy(CHARACTER_BOOK_V2)
    data["entries"][0].setdefault("extensions", {})["vectorized"] = True
    book = api_client.post("/api/lorebooks/import/", data, format="json").json()
    assert book["entries"][0]["vectorized"] is True
    exported = api_client.get(
        f"/api/lorebooks/{book['id']}/export/", {"as": "character_book"}
    ).json()
    assert exported == data


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"vectorized": "yes"}, "vectorized"),
        ({"entries": [{"content": "x", "vectorized": "on"}]}, "entries[0].vectorized"),
    ],
)
def test_a_bad_flag_is_a_400_naming_it(api_client, body, field):
    book = api_client.post("/api/lorebooks/", {"name": "B"}, format="json").json()
    response = api_client.patch(f"/api/lorebooks/{book['id']}/", body, format="json")
    assert response.status_code == 400 and field in response.json()["errors"], response.json()


# ---------------------------------------------------------------------------- vectors


def test_entries_are_embedded_after_a_save_and_removed_with_the_entry(api_client, committed):
    book = create_book(api_client, committed)
    ys, harbour = book["entries"]
    assert vector_ids(ys["id"], harbour["id"]) == {f"lore:{ys['id']}"}
    assert LorebookEntry.objects.get(pk=ys["id"]).embedded_hash
    # Nothing changed: the job has nothing to do, the entry keeps its id and its vector.
    assert lorebook_vectors_sync(lorebook_id=book["id"]) == {"embedded": 0, "removed": 0}
    saved = committed(
        api_client.patch,
        f"/api/lorebooks/{book['id']}/",
        {"entries": book["entries"]},
        format="json",
    ).json()
    assert [e["id"] for e in saved["entries"]] == [ys["id"], harbour["id"]]
    assert vector_ids(ys["id"]) == {f"lore:{ys['id']}"}

    # Off for that entry: its vector goes. Removed from the book: its vector goes too.
    book_two = create_book(api_client, committed, name="Other")
    ys_two = book_two["entries"][0]
    turned_off = [{**ys_two, "vectorized": False}, book_two["entries"][1]]
    committed(
        api_client.patch,
        f"/api/lorebooks/{book_two['id']}/",
        {"entries": turned_off},
        format="json",
    )
    assert vector_ids(ys_two["id"]) == set()
    committed(
        api_client.patch, f"/api/lorebooks/{book['id']}/", {"entries": [harbour]}, format="json"
    )
    assert vector_ids(ys["id"]) == set()
    assert not LorebookEntry.objects.filter(pk=ys["id"]).exists()


def test_deleting_the_book_or_the_user_removes_the_vectors(api_client, user, committed):
    book = create_book(api_client, committed)
    ys = book["entries"][0]
    assert vector_ids(ys["id"])
    committed(api_client.delete, f"/api/lorebooks/{book['id']}/")
    assert vector_ids(ys["id"]) == set()
    again = create_book(api_client, committed, name="Again")
    assert vector_ids(again["entries"][0]["id"])
    committed(user.delete)
    assert vector_ids(again["entries"][0]["id"]) == set()


def test_an_edited_entry_is_embedded_again(api_client, committed):
    book = create_book(api_client, committed)
    ys = book["entries"][0]
    before = get_vector_store().get([f"lore:{ys['id']}"])[0].vector
    edited = [{**ys, "content": "The drowned city of Ys sleeps under the sea."}]
    committed(api_client.patch, f"/api/lorebooks/{book['id']}/", {"entries": edited}, format="json")
    after = get_vector_store().get([f"lore:{ys['id']}"])[0].vector
    assert after != before


def test_the_test_box_shows_matches_by_meaning_with_their_score(api_client, committed):
    book = create_book(api_client, committed)
    fired = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": ASKED}, format="json"
    ).json()
    assert [(item["comment"], item["reason"], item["matched_key"]) for item in fired] == [
        ("Ys", "vector", "")
    ]
    assert fired[0]["score"] >= 0.3
    assert (
        api_client.post(
            f"/api/lorebooks/{book['id']}/test/", {"text": UNRELATED}, format="json"
        ).json()
        == []
    )
    by_key = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "the lighthouse"}, format="json"
    ).json()
    assert [(i["reason"], i["matched_key"], i["score"]) for i in by_key] == [
        ("key", "lighthouse", None)
    ]


def test_the_test_box_embeds_what_the_background_job_has_not_yet(api_client):
    # Saved without running the after-commit job: the test box makes the vector itself.
    book = api_client.post(
        "/api/lorebooks/",
        {"name": "Bay", "vectorized": True, "entries": [{"comment": "Ys", "content": YS}]},
        format="json",
    ).json()
    fired = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": ASKED}, format="json"
    ).json()
    assert [(item["comment"], item["reason"]) for item in fired] == [("Ys", "vector")]


def test_the_threshold_and_the_entry_cap_hold(api_client, committed, settings):
    book = create_book(api_client, committed)
    settings.LORE_VECTOR_THRESHOLD = 0.99
    assert (
        api_client.post(f"/api/lorebooks/{book['id']}/test/", {"text": ASKED}, format="json").json()
        == []
    )
    settings.LORE_VECTOR_THRESHOLD = 0.3
    settings.LORE_VECTOR_MAX_ENTRIES = 0
    assert (
        api_client.post(f"/api/lorebooks/{book['id']}/test/", {"text": ASKED}, format="json").json()
        == []
    )


def test_another_users_vectors_never_score(api_client, other_user, committed):
    from memories.lore_vectors import lore_vector_scores

    book = create_book(api_client, committed)
    ys = book["entries"][0]["id"]
    assert lore_vector_scores(owner_id=other_user.pk, entry_ids=[ys], query=ASKED) == {}
    mine = Lorebook.objects.get(pk=book["id"]).owner_id
    assert lore_vector_scores(owner_id=mine, entry_ids=[ys], query=ASKED)[ys] >= 0.3


def test_a_chat_turn_puts_the_entry_in_and_the_receipt_says_by_meaning(api_client, user, committed):
    character = CharacterFactory(owner=user, name="Vela")
    book = create_book(api_client, committed, characters=[character.pk])
    thread = Thread.objects.create(owner=user, character=character)
    MessageFactory(thread=thread, seq=1, role="assistant", content="Hello.")
    MessageFactory(thread=thread, seq=2, role="user", content=ASKED)
    assembled = assemble_context(thread=thread, reply_seq=3, user_name="Ash")
    prompt = "\n".join(message.content for message in assembled.messages)
    assert YS in prompt and "The harbour smells of tar." not in prompt
    [item] = [i for i in assembled.receipt.items if i.kind == "lore"]
    assert (item.id, item.title, item.type, item.matched_key) == (
        book["entries"][0]["id"],
        "Ys",
        "vector",
        "",
    )
    assert item.score >= 0.3 and item.tokens > 0
    as_json = item.as_json()
    assert as_json["matched_key"] == "" and as_json["score"] == round(item.score, 4)

    MessageFactory(thread=thread, seq=3, role="assistant", content="Mm.")
    MessageFactory(thread=thread, seq=4, role="user", content=UNRELATED)
    later = assemble_context(thread=thread, reply_seq=5, user_name="Ash")
    assert YS not in "\n".join(message.content for message in later.messages)


# ---------------------------------------------------------------------------- card export


def test_a_card_export_lists_the_characters_documents_without_their_bytes(api_client, user):
    from memories.models import LoreDocument

    character = CharacterFactory(owner=user, name="Vela", tagline="Keeper of the light")
    LoreDocument.objects.create(
        owner=user,
        character=character,
        name="bible.md",
        file="documents/bible.md",
        checksum="d" * 64,
        size=2048,
        content_type="text/markdown",
        status="ready",
    )
    card = api_client.get(f"/api/characters/{character.pk}/card/").json()
    own = card["data"]["extensions"]["drawhisper"]
    assert own["tagline"] == "Keeper of the light"
    assert own["documents"] == [
        {"name": "bible.md", "content_type": "text/markdown", "size": 2048, "sha256": "d" * 64}
    ]

    # Imported elsewhere, the list is not kept: it described the other site's files.
    imported = api_client.post("/api/characters/import/", card, format="json")
    assert imported.status_code == 201, imported.json()
    again = api_client.get(f"/api/characters/{imported.json()['character']['id']}/card/").json()
    assert again["data"]["extensions"]["drawhisper"] == {"tagline": "Keeper of the light"}


def test_upkeep_keeps_entry_vectors_rebuilds_them_and_drops_orphans(api_client, user, committed):
    from memories.index import VectorRecord, reconcile, reindex

    book = create_book(api_client, committed)
    ys = book["entries"][0]["id"]
    store = get_vector_store()
    [record] = store.get([f"lore:{ys}"])
    store.upsert(
        [VectorRecord(id="lore:987654", vector=record.vector, metadata={**record.metadata})]
    )
    reconcile(repair=True)
    assert vector_ids(ys) == {f"lore:{ys}"}  # an entry's vector is not an orphan
    assert store.get(["lore:987654"]) == []  # one without an entry is

    store.delete([f"lore:{ys}"])
    report = reindex()
    assert report.indexed["lore"] == 1
    assert vector_ids(ys) == {f"lore:{ys}"}
