"""Lorebooks in and out over REST: SillyTavern World Info and a card's V2 or V3 character book
round trip unchanged, an edit changes only its field on export, and a card's book becomes the
character's lorebook and goes back out with the card."""

from __future__ import annotations

import copy

import pytest

from tests.characters.helpers import export_book, import_book
from tests.characters.lorebook_fixtures import (
    CHARACTER_BOOK_V2,
    CHARACTER_BOOK_V3,
    WORLD_INFO,
    card_v2,
    card_v3,
)

pytestmark = pytest.mark.django_db


def test_world_info_round_trips_unchanged(api_client):
    book = import_book(api_client, copy.deepcopy(WORLD_INFO))
    assert book["id"] and book["name"] == "Eldoria world"
    assert [entry["uid"] for entry in book["entries"]] == [0, 1, 2, 5]
    king = book["entries"][1]
    assert king["secondary_keys"] == ["crown", "throne"]
    assert king["selective_logic"] == "and_all"
    assert king["position"] == "at_depth" and king["depth"] == 2
    assert king["case_sensitive"] is True
    assert book["entries"][3]["enabled"] is False
    assert export_book(api_client, book["id"]) == WORLD_INFO


def test_editing_an_entry_changes_only_that_field_on_export(api_client):
    book = import_book(api_client, copy.deepcopy(WORLD_INFO))
    entries = book["entries"]
    entries[0] = {**entries[0], "content": "Eldoria burns."}
    entries = [{k: v for k, v in entry.items()} for entry in entries]
    response = api_client.patch(
        f"/api/lorebooks/{book['id']}/", {"entries": entries}, format="json"
    )
    assert response.status_code == 200, response.json()
    exported = export_book(api_client, book["id"])
    expected = copy.deepcopy(WORLD_INFO)
    expected["entries"]["0"]["content"] = "Eldoria burns."
    assert exported == expected


def test_card_v2_book_becomes_the_characters_lorebook_and_exports_unchanged(api_client):
    card = card_v2()
    response = api_client.post("/api/characters/import/", card, format="json")
    assert response.status_code == 201, response.json()
    character_id = response.json()["character"]["id"]
    books = api_client.get("/api/lorebooks/").json()["results"]
    assert len(books) == 1
    assert books[0]["characters"] == [character_id]
    assert books[0]["card_character"] == character_id
    assert books[0]["name"] == "Eldoria" and books[0]["scan_depth"] == 3
    past = books[0]["entries"][1]
    assert (past["position"], past["depth"], past["selective_logic"]) == ("at_depth", 1, "not_any")
    assert books[0]["entries"][2]["constant"] is True
    exported = api_client.get(f"/api/characters/{character_id}/card/").json()
    assert exported == card
    assert export_book(api_client, books[0]["id"], as_="character_book") == CHARACTER_BOOK_V2


def test_card_v3_book_round_trips_unchanged(api_client):
    card = card_v3()
    response = api_client.post("/api/characters/import/", card, format="json")
    assert response.status_code == 201, response.json()
    character_id = response.json()["character"]["id"]
    book = api_client.get("/api/lorebooks/").json()["results"][0]
    assert book["entries"][0]["use_regex"] is True
    assert api_client.get(f"/api/characters/{character_id}/card/").json() == card


def test_an_edit_in_the_lorebook_goes_out_with_the_card(api_client):
    response = api_client.post("/api/characters/import/", card_v2(), format="json")
    character_id = response.json()["character"]["id"]
    book = api_client.get("/api/lorebooks/").json()["results"][0]
    entries = book["entries"]
    entries[0]["keys"] = ["glade", "clearing"]
    api_client.patch(f"/api/lorebooks/{book['id']}/", {"entries": entries}, format="json")
    exported = api_client.get(f"/api/characters/{character_id}/card/").json()
    expected = copy.deepcopy(CHARACTER_BOOK_V2)
    expected["entries"][0]["keys"] = ["glade", "clearing"]
    assert exported["data"]["character_book"] == expected


def test_a_character_book_imports_as_a_standalone_lorebook(api_client):
    book = import_book(api_client, copy.deepcopy(CHARACTER_BOOK_V3))
    assert book["source_format"] == "character_book" and book["characters"] == []
    assert export_book(api_client, book["id"], as_="character_book") == CHARACTER_BOOK_V3
    world_info = export_book(api_client, book["id"])
    assert world_info["entries"]["3"]["key"] == ["dock\\d+"]
    assert world_info["entries"]["4"]["disable"] is True
