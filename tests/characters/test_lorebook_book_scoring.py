"""A lorebook's own group scoring (SillyTavern's World Info "Use group scoring", per book): the
default of the entries that leave theirs null, over the site's LORE_GROUP_SCORING, set over
REST and written into each such entry on export (SillyTavern files carry no book setting)."""

from __future__ import annotations

import copy

import pytest

from tests.characters.lorebook_fixtures import _st_entry

pytestmark = pytest.mark.django_db

STORM = [
    {"keys": ["storm", "thunder"], "comment": "Storm", "content": "A storm.", "group": "sky"},
    {"keys": ["storm"], "comment": "Drizzle", "content": "A drizzle.", "group": "sky"},
]


def _create(api_client, **book):
    response = api_client.post(
        "/api/lorebooks/", {"name": "Weather", "entries": STORM, **book}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def _winners(api_client, book) -> set[str]:
    response = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "a storm with thunder"}, format="json"
    )
    assert response.status_code == 200, response.json()
    return {item["comment"] for item in response.json() if item["held_back"] is None}


def test_the_books_group_scoring_decides_for_entries_that_leave_it_null(api_client, settings):
    settings.LORE_GROUP_SCORING = False
    book = _create(api_client, use_group_scoring=True)
    assert book["use_group_scoring"] is True
    assert _winners(api_client, book) == {"Storm"}  # the entry that matched more keys
    held = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "a storm with thunder"}, format="json"
    ).json()[1]
    assert (held["comment"], held["detail"]) == (
        "Drizzle",
        "Lost inclusion group “sky”: another entry of the group matched more keys (Storm).",
    )
    # Off for the book wins over the site's default being on; an entry's own choice wins over
    # the book's.
    settings.LORE_GROUP_SCORING = True
    response = api_client.patch(
        f"/api/lorebooks/{book['id']}/", {"use_group_scoring": False}, format="json"
    )
    assert response.status_code == 200 and response.json()["use_group_scoring"] is False
    answer = api_client.post(
        f"/api/lorebooks/{book['id']}/test/", {"text": "a storm with thunder"}, format="json"
    ).json()
    held = [item for item in answer if item["held_back"]]
    assert len(held) == 1 and "was drawn by weight" in held[0]["detail"]
    entries = [{**entry, "use_group_scoring": True} for entry in response.json()["entries"]]
    api_client.patch(f"/api/lorebooks/{book['id']}/", {"entries": entries}, format="json")
    assert _winners(api_client, book) == {"Storm"}
    # Null: the site's default.
    api_client.patch(
        f"/api/lorebooks/{book['id']}/",
        {"use_group_scoring": None, "entries": STORM},
        format="json",
    )
    assert _winners(api_client, book) == {"Storm"}
    settings.LORE_GROUP_SCORING = False
    assert api_client.get(f"/api/lorebooks/{book['id']}/").json()["use_group_scoring"] is None


@pytest.mark.parametrize("value", ["true", 1, "yes"])
def test_a_books_group_scoring_other_than_true_false_or_null_is_a_400(api_client, value):
    response = api_client.post(
        "/api/lorebooks/", {"name": "Weather", "use_group_scoring": value}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("use_group_scoring")


def test_export_writes_the_books_group_scoring_into_each_entry_that_follows_it(api_client):
    world_info = {
        "entries": {
            "0": _st_entry(0, key=["storm"], group="sky", useGroupScoring=None),
            "1": _st_entry(1, key=["rain"], group="sky", useGroupScoring=False),
        },
        "name": "Weather",
    }
    response = api_client.post("/api/lorebooks/import/", copy.deepcopy(world_info), format="json")
    assert response.status_code == 201, response.json()
    book = response.json()
    assert book["use_group_scoring"] is None
    exported = api_client.get(f"/api/lorebooks/{book['id']}/export/").json()
    assert exported == world_info  # as it came while the book leaves it to the site

    api_client.patch(f"/api/lorebooks/{book['id']}/", {"use_group_scoring": True}, format="json")
    exported = api_client.get(f"/api/lorebooks/{book['id']}/export/").json()
    assert exported["entries"]["0"]["useGroupScoring"] is True
    assert exported["entries"]["1"]["useGroupScoring"] is False  # its own
    card = api_client.get(f"/api/lorebooks/{book['id']}/export/", {"as": "character_book"}).json()
    assert [entry["extensions"]["use_group_scoring"] for entry in card["entries"]] == [True, False]
