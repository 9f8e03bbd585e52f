"""Inclusion groups and timed effects of lorebook entries: read from SillyTavern World Info and
card books, shown and edited over REST, and written back as they came."""

from __future__ import annotations

import copy

import pytest

from tests.characters.lorebook_fixtures import WORLD_INFO, _st_entry, card_v2

pytestmark = pytest.mark.django_db

GROUPED = {
    "entries": {
        "0": _st_entry(
            0,
            key=["rain"],
            comment="Rain",
            content="It rains.",
            group="weather, mood",
            groupOverride=True,
            groupWeight=30,
            useGroupScoring=True,
            sticky=3,
            cooldown=2,
            delay=4,
        ),
        "1": _st_entry(1, key=["sun"], comment="Sun", content="It is sunny.", group="weather"),
    },
    "name": "Weather",
}


def _import(api_client, data):
    response = api_client.post("/api/lorebooks/import/", data, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _export(api_client, lorebook_id, as_=None):
    response = api_client.get(f"/api/lorebooks/{lorebook_id}/export/", {"as": as_} if as_ else {})
    assert response.status_code == 200, response.json()
    return response.json()


def test_world_info_groups_and_timed_effects_are_read_and_round_trip(api_client):
    book = _import(api_client, copy.deepcopy(GROUPED))
    rain, sun = book["entries"]
    assert rain["group"] == "weather, mood"
    assert (rain["group_override"], rain["group_weight"], rain["use_group_scoring"]) == (
        True,
        30,
        True,
    )
    assert (rain["sticky"], rain["cooldown"], rain["delay"]) == (3, 2, 4)
    # SillyTavern writes 0 for "no sticky": read as none.
    assert (sun["sticky"], sun["cooldown"], sun["delay"], sun["use_group_scoring"]) == (
        None,
        None,
        None,
        None,
    )
    assert _export(api_client, book["id"]) == GROUPED
    assert _export(api_client, _import(api_client, copy.deepcopy(WORLD_INFO))["id"]) == WORLD_INFO


def test_an_edited_group_or_sticky_is_written_back_in_sillytaverns_keys(api_client):
    book = _import(api_client, copy.deepcopy(GROUPED))
    rain, sun = book["entries"]
    sun = {**sun, "group": "sky", "sticky": 5, "group_weight": 7}
    rain = {**rain, "cooldown": 0, "group_override": False}
    response = api_client.patch(
        f"/api/lorebooks/{book['id']}/", {"entries": [rain, sun]}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["entries"][0]["cooldown"] is None
    exported = _export(api_client, book["id"])
    expected = copy.deepcopy(GROUPED)
    expected["entries"]["1"].update(group="sky", sticky=5, groupWeight=7)
    expected["entries"]["0"].update(cooldown=None, groupOverride=False)
    assert exported == expected
    card_entries = _export(api_client, book["id"], "character_book")["entries"]
    assert card_entries[1]["extensions"]["group"] == "sky"
    assert card_entries[1]["extensions"]["sticky"] == 5
    assert card_entries[1]["extensions"]["group_weight"] == 7


def test_a_card_books_extensions_carry_groups_and_timed_effects(api_client):
    extensions = {
        "group": "weather",
        "group_override": True,
        "group_weight": 40,
        "use_group_scoring": False,
        "sticky": 2,
        "cooldown": 1,
        "delay": 3,
    }
    book = {
        "name": "Card book",
        "entries": [
            {"keys": ["rain"], "content": "It rains.", "extensions": extensions, "id": 0},
        ],
    }
    response = api_client.post("/api/characters/import/", card_v2(book), format="json")
    assert response.status_code == 201, response.json()
    lorebook_id = api_client.get("/api/lorebooks/").json()["results"][0]["id"]
    entry = api_client.get(f"/api/lorebooks/{lorebook_id}/").json()["entries"][0]
    assert entry["group"] == "weather" and entry["group_override"] is True
    assert (entry["group_weight"], entry["use_group_scoring"]) == (40, False)
    assert (entry["sticky"], entry["cooldown"], entry["delay"]) == (2, 1, 3)
    assert _export(api_client, lorebook_id, "character_book")["entries"][0] == book["entries"][0]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sticky", -1),
        ("cooldown", "2"),
        ("delay", 1.5),
        ("group_weight", None),
        ("group_override", "yes"),
        ("group", 5),
        ("use_group_scoring", "true"),
    ],
)
def test_a_bad_group_or_timing_value_is_a_400_naming_the_field(api_client, field, value):
    body = {"name": "Book", "entries": [{"keys": ["a"], "content": "A.", field: value}]}
    response = api_client.post("/api/lorebooks/", body, format="json")
    assert response.status_code == 400, response.json()
    assert any(field in name for name in response.json()["errors"]), response.json()


def test_the_test_box_shows_the_group_winner_and_the_entries_held_back(api_client):
    body = {
        "name": "Weather",
        "entries": [
            {"keys": ["rain"], "comment": "Rain", "content": "It rains.", "group": "weather"},
            {
                "keys": ["sun"],
                "comment": "Sun",
                "content": "It is sunny.",
                "group": "weather",
                "group_override": True,
            },
            {"keys": ["fog"], "comment": "Fog", "content": "Fog.", "delay": 3},
            {"keys": ["wind"], "comment": "Wind", "content": "Wind.", "sticky": 2},
        ],
    }
    response = api_client.post("/api/lorebooks/", body, format="json")
    assert response.status_code == 201, response.json()
    book = response.json()
    sun_id = next(entry["id"] for entry in book["entries"] if entry["comment"] == "Sun")
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "rain, sun, fog and wind"}, format="json"
    )
    assert response.status_code == 200, response.json()
    items = {item["comment"]: item for item in response.json()}
    assert items["Sun"]["held_back"] is None and items["Sun"]["reason"] == "key"
    assert items["Wind"]["held_back"] is None
    assert items["Rain"]["held_back"] == "group"
    assert (items["Rain"]["group"], items["Rain"]["group_winner"]) == ("weather", sun_id)
    assert "Sun" in items["Rain"]["detail"]
    assert items["Fog"]["held_back"] == "delay" and "3 messages" in items["Fog"]["detail"]


def test_the_test_box_says_when_a_groups_choice_is_itself_out_by_another_group(api_client):
    body = {
        "name": "Town",
        "entries": [
            {
                "keys": ["market"],
                "comment": "Market",
                "content": "Stalls.",
                "group": "town",
                "group_override": True,
                "insertion_order": 90,
            },
            {
                "keys": ["harbour"],
                "comment": "Harbour",
                "content": "Boats.",
                "group": "town, coast",
                "group_override": True,
                "insertion_order": 50,
            },
            {
                "keys": ["lighthouse"],
                "comment": "Lighthouse",
                "content": "A light.",
                "group": "coast",
                "insertion_order": 10,
            },
        ],
    }
    response = api_client.post("/api/lorebooks/", body, format="json")
    assert response.status_code == 201, response.json()
    book = response.json()
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/",
        {"text": "the harbour, the market, the lighthouse"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    items = {item["comment"]: item for item in response.json()}
    assert [name for name, item in items.items() if item["held_back"] is None] == ["Market"]
    assert items["Harbour"]["group"] == "town"
    lighthouse = items["Lighthouse"]
    assert (lighthouse["held_back"], lighthouse["group"]) == ("group", "coast")
    assert lighthouse["group_winner"] == items["Harbour"]["id"]
    assert "(Harbour), itself out by another of its groups" in lighthouse["detail"]
