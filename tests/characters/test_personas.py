"""Personas over REST: one default per user, 404 for another user's, unknown fields refused."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def create(api_client, **body):
    response = api_client.post("/api/personas/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_the_first_persona_is_the_default_and_a_new_default_replaces_it(api_client):
    first = create(api_client, name="Ash", description="A wandering bard.")
    assert first["default"] is True
    second = create(api_client, name="Rin")
    assert second["default"] is False
    third = create(api_client, name="Kai", default=True)
    listed = {p["name"]: p["default"] for p in api_client.get("/api/personas/").json()["results"]}
    assert listed == {"Ash": False, "Rin": False, "Kai": True}
    api_client.patch(f"/api/personas/{second['id']}/", {"default": True}, format="json")
    listed = {p["name"]: p["default"] for p in api_client.get("/api/personas/").json()["results"]}
    assert listed == {"Ash": False, "Rin": True, "Kai": False}
    assert third["id"]


def test_read_update_delete(api_client):
    persona = create(api_client, name="Ash")
    assert api_client.get(f"/api/personas/{persona['id']}/").json()["name"] == "Ash"
    changed = api_client.patch(
        f"/api/personas/{persona['id']}/", {"description": "Tall."}, format="json"
    ).json()
    assert changed["description"] == "Tall." and changed["name"] == "Ash"
    assert api_client.delete(f"/api/personas/{persona['id']}/").status_code == 204
    assert api_client.get(f"/api/personas/{persona['id']}/").status_code == 404


def test_another_users_persona_is_not_found(api_client, other_api_client):
    persona = create(api_client, name="Ash")
    url = f"/api/personas/{persona['id']}/"
    assert other_api_client.get(url).status_code == 404
    assert other_api_client.patch(url, {"name": "x"}, format="json").status_code == 404
    assert other_api_client.delete(url).status_code == 404
    assert other_api_client.get("/api/personas/").json()["results"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "Ash", "age": 30}, "age"),
        ({"name": ""}, "name"),
        ({}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"name": "Ash", "default": "yes"}, "default"),
        ({"name": "Ash", "description": 5}, "description"),
    ],
)
def test_bad_fields_are_refused_naming_them(api_client, body, field):
    response = api_client.post("/api/personas/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_the_personas_page_creates_and_manages_personas(client, user, other_user):
    client.force_login(user)
    page = client.get("/personas/")
    assert page.status_code == 200 and "{{user}}" in page.content.decode()
    client.post("/personas/", {"name": "Ash", "description": "A bard."})
    client.post("/personas/", {"name": "Rin"})
    rin = user.personas.get(name="Rin")
    assert user.personas.get(name="Ash").default and not rin.default
    client.post(f"/personas/{rin.pk}/", {"action": "default"})
    assert user.personas.get(default=True).name == "Rin"
    client.force_login(other_user)
    assert client.post(f"/personas/{rin.pk}/", {"action": "delete"}).status_code == 404
    client.force_login(user)
    client.post(f"/personas/{rin.pk}/", {"action": "delete"})
    assert list(user.personas.values_list("name", flat=True)) == ["Ash"]


def test_the_personas_page_edits_a_persona(client, user, other_user):
    client.force_login(user)
    client.post("/personas/", {"name": "Ash", "description": "A bard."})
    ash = user.personas.get(name="Ash")
    response = client.post(
        f"/personas/{ash.pk}/",
        {"action": "save", "name": " Ash Vale ", "description": "A bard with a lute."},
    )
    assert response.status_code == 302
    ash.refresh_from_db()
    assert (ash.name, ash.description, ash.default) == ("Ash Vale", "A bard with a lute.", True)
    page = client.get("/personas/").content.decode()
    assert "The persona “Ash Vale” was saved." in page
    client.force_login(other_user)
    refused = client.post(f"/personas/{ash.pk}/", {"action": "save", "name": "Mine"})
    assert refused.status_code == 404
    ash.refresh_from_db()
    assert ash.name == "Ash Vale"


def test_a_refused_persona_keeps_what_was_typed(client, user):
    """A name of spaces passes the browser's check but not the server's: the page comes
    back with the reason and the description the user wrote, for a new persona and an edit."""
    client.force_login(user)
    response = client.post(
        "/personas/", {"name": "   ", "description": "A sailor with a limp.", "default": "on"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Name: Name is required." in page
    assert ">A sailor with a limp.</textarea>" in page
    assert not user.personas.exists()

    client.post("/personas/", {"name": "Ash", "description": "A bard."})
    ash = user.personas.get()
    response = client.post(
        f"/personas/{ash.pk}/",
        {"action": "save", "name": "x" * 81, "description": "A bard, now a captain."},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "the limit is 80" in page
    assert ">A bard, now a captain.</textarea>" in page
    assert '<details class="persona-edit" open>' in page
    ash.refresh_from_db()
    assert (ash.name, ash.description) == ("Ash", "A bard.")
