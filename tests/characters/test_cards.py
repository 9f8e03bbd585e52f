"""Character Card V2 import and export: a card survives a round trip through Drawhisper."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from characters import cards
from characters.models import Character
from characters.services import character_import_card, character_update
from tests.characters.helpers import RICH_CARD, png_bytes, png_with_card, read_png_card
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


def import_card(user, card):
    return character_import_card(owner=user, card=cards.parse_card(copy.deepcopy(card))).character


def test_json_card_round_trip_keeps_every_field(user):
    character = import_card(user, RICH_CARD)

    assert cards.card_to_dict(Character.objects.get(pk=character.pk)) == RICH_CARD


def test_imported_card_fills_the_character(user):
    character = import_card(user, RICH_CARD)

    assert character.name == "Seraphina"
    assert character.greeting.startswith("*She kneels")
    assert character.example_dialogue.startswith("<START>")
    assert character.alternate_greetings == RICH_CARD["data"]["alternate_greetings"]
    assert character.character_book["entries"][0]["keys"] == ["glade"]
    assert character.tags == ["fantasy", "healer"]


def test_png_card_round_trip_keeps_every_field(api_client):
    upload = SimpleUploadedFile("seraphina.png", png_with_card(RICH_CARD), content_type="image/png")
    response = api_client.post("/api/characters/import/", {"file": upload}, format="multipart")
    assert response.status_code == 201, response.json()
    character_id = response.json()["character"]["id"]
    assert response.json()["character"]["avatar_url"]

    exported = api_client.get(f"/api/characters/{character_id}/card.png")

    assert exported.status_code == 200
    assert exported["Content-Type"] == "image/png"
    assert read_png_card(exported.content) == RICH_CARD
    assert api_client.get(f"/api/characters/{character_id}/card/").json() == RICH_CARD


def test_edits_show_in_the_export_and_the_v1_copy_follows(user):
    character = import_card(user, RICH_CARD)
    character_update(
        character=character, data={"greeting": "Hello again.", "tagline": "Forest guardian"}
    )

    card = cards.card_to_dict(character)

    assert card["data"]["first_mes"] == "Hello again."
    assert card["first_mes"] == "Hello again."  # the top-level V1 copy never contradicts data
    assert card["data"]["extensions"]["drawhisper"] == {"tagline": "Forest guardian"}
    assert cards.parse_card(card).fields["tagline"] == "Forest guardian"


def test_character_made_in_the_app_exports_a_complete_v2_card(user):
    character = CharacterFactory(owner=user, tagline="", scenario="Docks.")

    card = cards.card_to_dict(character)

    assert card["spec"] == "chara_card_v2" and card["spec_version"] == "2.0"
    expected = {
        "name",
        "description",
        "personality",
        "scenario",
        "first_mes",
        "mes_example",
        "creator_notes",
        "system_prompt",
        "post_history_instructions",
        "alternate_greetings",
        "tags",
        "creator",
        "character_version",
        "extensions",
    }
    assert set(card["data"]) == expected
    assert card["data"]["first_mes"] == character.greeting
    assert import_card(user, card).description == character.description


def test_v1_flat_card_is_accepted(user):
    v1 = {
        "name": "Old Card",
        "description": "From 2023.",
        "first_mes": "Hi.",
        "mes_example": "",
        "personality": "Shy",
        "scenario": "",
        "avatar": "none",
        "talkativeness": "0.5",
    }
    character = import_card(user, v1)

    card = cards.card_to_dict(character)

    assert character.greeting == "Hi."
    assert card["data"]["first_mes"] == "Hi."
    assert card["talkativeness"] == "0.5" and card["avatar"] == "none"


@pytest.mark.parametrize(
    ("card", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ({"spec": "chara_card_v9", "data": {}}, "Unsupported card spec 'chara_card_v9'"),
        ({"spec": "chara_card_v2"}, 'needs a "data" object'),
        ({"spec": "chara_card_v2", "data": {"name": ""}}, "no name"),
        (
            {"spec": "chara_card_v2", "data": {"name": "A", "tags": "x,y"}},
            "data.tags must be a list",
        ),
        (
            {"spec": "chara_card_v2", "data": {"name": "A", "description": 5}},
            "data.description must be text",
        ),
        (
            {"spec": "chara_card_v2", "data": {"name": "A", "character_book": []}},
            "character_book must be an object",
        ),
        ({"hello": "world"}, "not a character card"),
    ],
)
def test_malformed_card_is_refused_with_a_clear_message(api_client, card, message):
    response = api_client.post("/api/characters/import/", card, format="json")

    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert Character.objects.count() == 0


def test_card_that_breaks_a_length_limit_says_which_and_what_limit(api_client):
    card = copy.deepcopy(RICH_CARD)
    card["data"]["name"] = "N" * 81
    response = api_client.post("/api/characters/import/", card, format="json")

    assert response.status_code == 400
    assert response.json()["errors"]["name"] == [
        "Name is too long: 81 characters, the limit is 80."
    ]


def test_file_upload_problems_are_explained(api_client):
    not_json = SimpleUploadedFile("card.json", b"{not json", content_type="application/json")
    plain_png = SimpleUploadedFile("plain.png", png_bytes(), content_type="image/png")
    broken_base64 = SimpleUploadedFile(
        "bad.png", png_bytes(text={"chara": "@@@"}), content_type="image/png"
    )

    for upload, message in [
        (not_json, "not valid JSON"),
        (plain_png, "no character card in it"),
        (broken_base64, "not valid JSON"),
    ]:
        response = api_client.post("/api/characters/import/", {"file": upload}, format="multipart")
        assert response.status_code == 400
        assert message in response.json()["detail"], response.json()


def test_json_file_upload_imports(api_client):
    upload = SimpleUploadedFile(
        "card.json", json.dumps(RICH_CARD).encode(), content_type="application/json"
    )
    response = api_client.post("/api/characters/import/", {"file": upload}, format="multipart")

    assert response.status_code == 201
    assert response.json()["character"]["name"] == "Seraphina"
    assert response.json()["warnings"] == []


def test_png_export_without_an_avatar_is_a_clear_404(api_client, user):
    character = CharacterFactory(owner=user)
    response = api_client.get(f"/api/characters/{character.pk}/card.png")
    assert response.status_code == 404
    assert "no avatar" in response.json()["detail"]


def test_another_users_card_is_not_found(api_client, other_user):
    character = CharacterFactory(owner=other_user)
    assert api_client.get(f"/api/characters/{character.pk}/card/").status_code == 404
