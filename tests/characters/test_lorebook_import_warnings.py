"""A lorebook file with values the book can only read as something else (a probability of
140, a negative depth, a position number SillyTavern may add later) is still imported, and the
answer names each such value and what it became; the file's own values go back out on export."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from characters.models import Lorebook
from tests.characters.lorebook_fixtures import CHARACTER_BOOK_V2, WORLD_INFO, card_v2

pytestmark = pytest.mark.django_db


def _odd_world_info():
    book = copy.deepcopy(WORLD_INFO)
    book["entries"]["1"].update(
        probability=140, depth=-2, order=1.5, position=9, selectiveLogic=7, constant="no"
    )
    return book


def test_a_world_info_file_with_odd_values_imports_and_names_each_one(api_client):
    sent = _odd_world_info()
    response = api_client.post("/api/lorebooks/import/", sent, format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["warnings"] == [
        "entries.1.selectiveLogic 7 was read as and_any.",
        'entries.1.constant "no" was read as true.',
        "entries.1.order 1.5 was read as 1.",
        "entries.1.position 9 was read as before_char.",
        "entries.1.depth -2 was read as 0.",
        "entries.1.probability 140 was read as 100.",
    ]
    entry = body["entries"][1]
    assert (entry["probability"], entry["depth"], entry["insertion_order"]) == (100, 0, 1)
    assert (entry["position"], entry["selective_logic"], entry["constant"]) == (
        "before_char",
        "and_any",
        True,
    )
    exported = api_client.get(f"/api/lorebooks/{body['id']}/export/").json()
    assert exported == sent  # nothing of the file is lost


def test_a_clean_file_imports_with_no_warnings(api_client):
    upload = SimpleUploadedFile("eldoria.json", json.dumps(WORLD_INFO).encode())
    response = api_client.post("/api/lorebooks/import/", {"file": upload}, format="multipart")
    assert response.status_code == 201 and response.json()["warnings"] == []


def test_a_character_book_names_its_odd_values_by_their_place(api_client):
    book = copy.deepcopy(CHARACTER_BOOK_V2)
    book["scan_depth"] = "5"
    book["entries"][0].setdefault("extensions", {}).update(probability=-5, depth=-1)
    response = api_client.post("/api/lorebooks/import/", book, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["warnings"] == [
        "entries[0].extensions.depth -1 was read as 0.",
        "entries[0].extensions.probability -5 was read as 0.",
        'scan_depth "5" was read as not set.',
    ]
    assert response.json()["scan_depth"] is None


def test_a_cards_book_warnings_come_with_the_card_import(api_client, user):
    book = copy.deepcopy(CHARACTER_BOOK_V2)
    book["entries"][0].setdefault("extensions", {})["probability"] = 140
    card = card_v2(book)
    response = api_client.post("/api/characters/import/", card, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["warnings"] == [
        "data.character_book.entries[0].extensions.probability 140 was read as 100."
    ]
    lorebook = Lorebook.objects.get(owner=user)
    assert lorebook.entries.order_by("id").first().probability == 100
    character_id = response.json()["character"]["id"]
    exported = api_client.get(f"/api/characters/{character_id}/card/").json()
    assert exported["data"]["character_book"]["entries"][0]["extensions"]["probability"] == 140


def test_a_book_out_of_range_and_a_long_comment_are_named(api_client):
    book = {
        "name": "Wide",
        "token_budget": 5_000_000,
        "entries": [{"keys": ["a"], "content": "c", "comment": "x" * 600}],
    }
    response = api_client.post("/api/lorebooks/import/", book, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["warnings"] == [
        "token_budget 5000000 was read as not set (0 to 1,000,000).",
        "entries[0].comment was cut to 500 characters (from 600).",
    ]


def test_many_warnings_are_listed_up_to_a_hundred_and_the_rest_counted(api_client):
    entries = [{"keys": ["a"], "content": "c", "extensions": {"depth": -1}} for _ in range(150)]
    response = api_client.post("/api/lorebooks/import/", {"entries": entries}, format="json")
    assert response.status_code == 201
    warnings = response.json()["warnings"]
    assert len(warnings) == 101
    assert warnings[99] == "entries[99].extensions.depth -1 was read as 0."
    assert warnings[100] == "... and 50 more values read the same way."


def test_a_book_sent_with_a_character_edit_names_its_odd_values(api_client, user):
    character = api_client.post("/api/characters/", {"name": "Mara"}, format="json").json()
    book = copy.deepcopy(CHARACTER_BOOK_V2)
    book["entries"][0].setdefault("extensions", {})["depth"] = -3
    url = f"/api/characters/{character['id']}/"

    response = api_client.patch(url, {"character_book": book}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["warnings"] == [
        "character_book.entries[0].extensions.depth -3 was read as 0."
    ]
    assert response.json()["character_book"] == book  # kept as sent
    assert Lorebook.objects.get(owner=user).entries.order_by("id").first().depth == 0
    plain = api_client.patch(url, {"tagline": "Keeper"}, format="json")
    assert plain.status_code == 200 and plain.json()["warnings"] == []
