"""Lorebooks over REST: CRUD, attachments, refused input, the key test box, the lore of a turn
(import and export round trips and cards' books: test_lorebook_formats)."""

from __future__ import annotations

import copy

import pytest

from tests.characters.helpers import export_book, import_book
from tests.characters.lorebook_fixtures import (
    CHARACTER_BOOK_V2,
    WORLD_INFO,
    card_v2,
)
from tests.factories import CharacterFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


def test_create_read_update_delete(api_client, user):
    character = CharacterFactory(owner=user)
    response = api_client.post(
        "/api/lorebooks/",
        {
            "name": "Campaign",
            "characters": [character.pk],
            "entries": [{"keys": ["harbor"], "content": "The harbor is frozen."}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    book = response.json()
    assert book["characters"] == [character.pk] and book["scenes"] == [] and book["threads"] == []
    assert book["entries"][0]["uid"] == 0 and book["entries"][0]["enabled"] is True
    detail = api_client.get(f"/api/lorebooks/{book['id']}/").json()
    assert detail["entries"][0]["content"] == "The harbor is frozen."
    renamed = api_client.patch(
        f"/api/lorebooks/{book['id']}/", {"name": "Campaign II", "characters": []}, format="json"
    ).json()
    assert renamed["name"] == "Campaign II" and renamed["characters"] == []
    assert len(renamed["entries"]) == 1
    assert api_client.delete(f"/api/lorebooks/{book['id']}/").status_code == 204
    assert api_client.get(f"/api/lorebooks/{book['id']}/").status_code == 404


def test_another_users_lorebook_is_not_found(api_client, other_api_client):
    book = import_book(api_client, copy.deepcopy(WORLD_INFO))
    for call in (
        lambda: other_api_client.get(f"/api/lorebooks/{book['id']}/"),
        lambda: other_api_client.patch(
            f"/api/lorebooks/{book['id']}/", {"name": "x"}, format="json"
        ),
        lambda: other_api_client.delete(f"/api/lorebooks/{book['id']}/"),
        lambda: other_api_client.get(f"/api/lorebooks/{book['id']}/export/"),
        lambda: other_api_client.post(
            f"/api/lorebooks/{book['id']}/test/", {"text": "a"}, format="json"
        ),
    ):
        assert call().status_code == 404
    assert other_api_client.get("/api/lorebooks/").json()["results"] == []


def _foreign_row(kind: str, other_user):
    """Another user's character, scene or chat, as the ``kind`` attachment names it."""
    if kind == "characters":
        return CharacterFactory(owner=other_user)
    if kind == "scenes":
        return SceneFactory(character=CharacterFactory(owner=other_user))
    return ThreadFactory(character=CharacterFactory(owner=other_user))


_LABEL = {"characters": "character", "scenes": "scene", "threads": "chat"}


@pytest.mark.parametrize("kind", ["characters", "scenes", "threads"])
@pytest.mark.parametrize("whose", ["another user's", "missing"])
def test_attaching_to_a_row_not_of_yours_is_a_404_naming_the_field(
    api_client, user, other_user, kind, whose
):
    row_id = _foreign_row(kind, other_user).pk
    if whose == "missing":
        row_id += 1000
    own = {"characters": CharacterFactory(owner=user)}
    own["scenes"] = SceneFactory(character=own["characters"])
    own["threads"] = ThreadFactory(character=own["characters"])
    mine = own[kind].pk

    created = api_client.post("/api/lorebooks/", {"name": "x", kind: [mine, row_id]}, format="json")
    assert created.status_code == 404
    assert created.json()["detail"] == f"{kind}: No such {_LABEL[kind]}: {row_id}."
    assert api_client.get("/api/lorebooks/").json()["results"] == []  # nothing was created

    book = api_client.post("/api/lorebooks/", {"name": "x", kind: [mine]}, format="json").json()
    changed = api_client.patch(
        f"/api/lorebooks/{book['id']}/", {"name": "renamed", kind: [row_id]}, format="json"
    )
    assert changed.status_code == 404
    assert changed.json()["detail"] == f"{kind}: No such {_LABEL[kind]}: {row_id}."
    kept = api_client.get(f"/api/lorebooks/{book['id']}/").json()
    assert (kept["name"], kept[kind]) == ("x", [mine])  # the refused change left it as it was


@pytest.mark.parametrize("kind", ["characters", "scenes", "threads"])
@pytest.mark.parametrize("ids", [["1"], [True], [1.5], [0], [-3], [2**63], "1", None, {"1": 1}])
def test_a_malformed_attachment_id_is_a_400_naming_the_field(api_client, kind, ids):
    response = api_client.post("/api/lorebooks/", {"name": "x", kind: ids}, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == [kind]
    assert response.json()["detail"].startswith(f"{kind}: ")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "x", "colour": "red"}, "colour"),
        ({"name": "x", "entries": [{"keys": ["a"], "weight": 3}]}, "entries[0].weight"),
        ({"name": "x", "entries": [{"keys": "a"}]}, "entries[0].keys"),
        ({"name": "x", "entries": [{"position": "top"}]}, "entries[0].position"),
        ({"name": "x", "entries": [{"probability": 150}]}, "entries[0].probability"),
        ({"name": ""}, "name"),
        ({}, "name"),
    ],
)
def test_bad_fields_are_refused_naming_them(api_client, body, field):
    response = api_client.post("/api/lorebooks/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()


def test_unknown_fields_on_patch_are_refused(api_client):
    book = import_book(api_client, copy.deepcopy(WORLD_INFO))
    response = api_client.patch(f"/api/lorebooks/{book['id']}/", {"nmae": "x"}, format="json")
    assert response.status_code == 400
    assert "nmae" in response.json()["errors"]


@pytest.mark.parametrize(
    "body",
    [{"entries": "nope"}, {"hello": 1}, {"entries": {"0": "not an object"}}, ["a list"]],
)
def test_malformed_import_is_a_readable_400(api_client, body):
    response = api_client.post("/api/lorebooks/import/", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_import_from_a_file_upload(api_client):
    import io
    import json

    upload = io.BytesIO(json.dumps(WORLD_INFO).encode())
    upload.name = "eldoria.json"
    response = api_client.post("/api/lorebooks/import/", {"file": upload}, format="multipart")
    assert response.status_code == 201
    assert export_book(api_client, response.json()["id"]) == WORLD_INFO


def test_the_test_box_lists_the_entries_that_would_fire_and_why(api_client):
    book = import_book(api_client, copy.deepcopy(WORLD_INFO))
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/",
        {"text": "We ride into the forest; the King sits on his throne wearing his crown."},
        format="json",
    )
    assert response.status_code == 200
    fired = {item["comment"]: item for item in response.json()}
    assert fired["Eldoria"]["matched_key"] == "the forest"
    assert fired["Always"]["reason"] == "constant"
    assert "The king (needs crown and throne)" not in fired  # case-sensitive key "king"
    assert "Regex key, author's note position" not in fired  # disabled
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/",
        {"text": "the king, his crown, his throne"},
        format="json",
    )
    king = next(item for item in response.json() if item["uid"] == 1)
    assert (king["matched_key"], king["secondary_key"]) == ("king", "crown")
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "x", "depth": 3}, format="json"
    )
    assert response.status_code == 400 and "depth" in response.json()["errors"]


def test_the_editor_page_is_the_owners_only(client, user, other_user):
    from characters.lorebooks.services import lorebook_create

    book = lorebook_create(owner=user, data={"name": "Secret"})
    client.force_login(other_user)
    assert client.get(f"/lorebooks/{book.pk}/").status_code == 404
    client.force_login(user)
    page = client.get(f"/lorebooks/{book.pk}/")
    assert page.status_code == 200 and b"Secret" in page.content
    assert b'id="lorebook-data"' in page.content


def test_the_character_page_lists_the_cards_lorebook(client, user, api_client):
    response = api_client.post("/api/characters/import/", card_v2(), format="json")
    character_id = response.json()["character"]["id"]
    client.force_login(user)
    page = client.get(f"/characters/{character_id}/").content.decode()
    assert "Eldoria" in page and "3 entries (from the card)" in page


def test_lore_for_a_turn_comes_from_books_on_the_character_scene_and_chat(user):
    from characters.lorebooks.services import lorebook_create
    from characters.selectors import lore_for_turn
    from chat.services import thread_create
    from tests.factories import SceneFactory

    character = CharacterFactory(owner=user)
    scene = SceneFactory(owner=user, character=character)
    thread = thread_create(owner=user, character=character, scene=scene)
    other_thread = thread_create(owner=user, character=character)
    entry = {"keys": ["harbor"], "content": "{{char}} fears the harbor."}
    lorebook_create(
        owner=user,
        data={"name": "on character", "characters": [character.pk], "entries": [entry]},
    )
    lorebook_create(
        owner=user,
        data={"name": "on scene", "scenes": [scene.pk], "entries": [{**entry, "comment": "S"}]},
    )
    lorebook_create(
        owner=user,
        data={"name": "on chat", "threads": [thread.pk], "entries": [{**entry, "comment": "T"}]},
    )
    lorebook_create(owner=user, data={"name": "loose", "entries": [{**entry, "comment": "L"}]})

    def labels(**where):
        turn = lore_for_turn(
            owner_id=user.pk,
            character_id=character.pk,
            messages=["to the harbor!"],
            token_budget=1000,
            **where,
        )
        return sorted(fired.label for fired in turn.fired)

    assert labels(scene_id=scene.pk, thread_id=thread.pk) == ["S", "T", "harbor"]
    assert labels(scene_id=None, thread_id=other_thread.pk) == ["harbor"]
    tight = lore_for_turn(
        owner_id=user.pk,
        character_id=character.pk,
        scene_id=scene.pk,
        thread_id=thread.pk,
        messages=["to the harbor!"],
        token_budget=10,
    )
    assert len(tight.fired) == 1 and tight.dropped == 2
    assert tight.fired[0].matched_key == "harbor" and tight.fired[0].reason == "key"


def test_characters_imported_before_lorebooks_get_their_cards_book(api_client, user):
    import importlib

    from django.apps import apps

    from characters.models import Character

    migration = importlib.import_module("characters.migrations.0003_card_books_to_lorebooks")
    card = card_v2()
    character = Character.objects.create(
        owner=user, name="Old", character_book=copy.deepcopy(CHARACTER_BOOK_V2)
    )
    broken = Character.objects.create(owner=user, name="Broken", character_book={"entries": 5})
    migration.books_to_lorebooks(apps, None)
    migration.books_to_lorebooks(apps, None)  # a second run changes nothing
    books = api_client.get("/api/lorebooks/").json()["results"]
    assert [(book["name"], book["card_character"]) for book in books] == [("Eldoria", character.pk)]
    assert len(books[0]["entries"]) == len(card["data"]["character_book"]["entries"])
    exported = api_client.get(f"/api/characters/{character.pk}/card/").json()
    assert exported["data"]["character_book"] == CHARACTER_BOOK_V2
    assert api_client.get(f"/api/characters/{broken.pk}/card/").json()["data"][
        "character_book"
    ] == {"entries": 5}


BIG = 10**20


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "x", "characters": [BIG]}, "characters"),
        ({"name": "x", "threads": [-1]}, "threads"),
        ({"name": "x", "scan_depth": BIG}, "scan_depth"),
        ({"name": "x", "token_budget": -5}, "token_budget"),
        ({"name": "x", "entries": [{"uid": BIG}]}, "entries[0].uid"),
        ({"name": "x", "entries": [None]}, "entries[0]"),
        ({"name": "x", "entries": [{"keys": ["a\x00"]}]}, "entries[0].keys"),
        ({"name": "x", "entries": [{"content": "a\x00"}]}, "entries[0].content"),
        ({"name": "x", "description": "a\x00"}, "description"),
    ],
)
def test_out_of_range_and_unstorable_values_are_a_400_not_a_crash(api_client, body, field):
    response = api_client.post("/api/lorebooks/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_unstorable_imports_are_refused_readably(api_client):
    response = api_client.post(
        "/api/lorebooks/import/", {"entries": {"0": {"key": ["a"], "group": "\x00"}}}, format="json"
    )
    assert response.status_code == 400 and "null character" in response.json()["detail"]
    response = api_client.post(
        "/api/lorebooks/import/",
        {"entries": [{"keys": ["a"], "id": BIG, "insertion_order": BIG}]},
        format="json",
    )
    assert response.status_code == 400 and "insertion_order" in response.json()["detail"]
    assert api_client.get(f"/api/lorebooks/{BIG}/").status_code == 404
    assert api_client.get(f"/api/personas/{BIG}/").status_code == 404
