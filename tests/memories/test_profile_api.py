"""GET/PATCH /api/characters/{id}/profile/: the caller's own profile, edits that persist and
become the user's, unknown or bad fields refused by name, another user's character 404."""

from __future__ import annotations

import pytest

from memories.profile import MAX_TOKENS
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def character(user):
    return CharacterFactory(owner=user, name="Mara")


def url(character):
    return f"/api/characters/{character.pk}/profile/"


def test_a_new_profile_is_empty_and_an_edit_persists_as_the_users(api_client, character):
    response = api_client.get(url(character))
    assert response.status_code == 200
    body = response.json()
    assert body["character"] == character.pk
    assert (body["name"], body["facts"], body["user_fields"]) == ("", [], [])
    assert body["max_tokens"] == MAX_TOKENS

    response = api_client.patch(
        url(character),
        {"pronouns": "she/her", "likes": ["Jasmine tea", "Storms"]},
        format="json",
    )
    assert response.status_code == 200, response.json()
    again = api_client.get(url(character)).json()
    assert again["pronouns"] == "she/her" and again["likes"] == ["Jasmine tea", "Storms"]
    assert again["user_fields"] == ["pronouns", "likes"]
    assert 0 < again["tokens"] < MAX_TOKENS


def test_another_users_character_is_404(other_api_client, api_client, character):
    api_client.patch(url(character), {"likes": ["Tea"]}, format="json")
    assert other_api_client.get(url(character)).status_code == 404
    response = other_api_client.patch(url(character), {"likes": ["Coffee"]}, format="json")
    assert response.status_code == 404
    assert api_client.get(url(character)).json()["likes"] == ["Tea"]


def test_an_unknown_field_is_refused_by_name(api_client, character):
    response = api_client.patch(url(character), {"likes": ["Tea"], "hobbies": ["x"]}, format="json")
    assert response.status_code == 400
    assert "hobbies" in response.json()["errors"]
    assert api_client.get(url(character)).json()["likes"] == []  # nothing was saved


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"likes": "Tea"}, "likes"),
        ({"likes": ["Tea", ""]}, "likes"),
        ({"facts": ["x" * 201]}, "facts"),
        ({"relationships": [f"Friend {n}" for n in range(21)]}, "relationships"),
        ({"name": "n" * 81}, "name"),
        ({"pronouns": 3}, "pronouns"),
    ],
)
def test_bad_values_are_400_naming_the_field(api_client, character, body, field):
    response = api_client.patch(url(character), body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_an_edit_that_would_pass_the_token_cap_is_refused(api_client, character):
    long_facts = [("I once sailed past the northern lighthouse in a storm " * 4)[:200]] * 20
    response = api_client.patch(url(character), {"facts": long_facts}, format="json")
    assert response.status_code == 400
    assert "tokens" in response.json()["errors"]["facts"][0]
    assert api_client.get(url(character)).json()["facts"] == []


def test_an_unknown_character_is_404(api_client):
    assert api_client.get("/api/characters/999999/profile/").status_code == 404
