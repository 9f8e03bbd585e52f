"""REST API for scenes and the editor preview: owner-only, readable errors."""

from __future__ import annotations

import pytest

from scenes.models import Scene
from tests.factories import CharacterFactory, SceneFactory

pytestmark = pytest.mark.django_db


def test_create_list_retrieve_update_delete(api_client, user):
    character = CharacterFactory(owner=user)
    created = api_client.post(
        "/api/scenes/",
        {
            "character": character.pk,
            "title": "Storm",
            "stage_directions": "Whisper.",
            "scenario": "Night.",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    scene_id = created.json()["id"]
    assert created.json()["character_name"] == character.name

    assert [item["id"] for item in api_client.get("/api/scenes/").json()["results"]] == [scene_id]
    assert api_client.get(f"/api/scenes/?character={character.pk}").json()["count"] == 1

    patched = api_client.patch(f"/api/scenes/{scene_id}/", {"greeting": "Shh."}, format="json")
    assert patched.json()["greeting"] == "Shh." and patched.json()["title"] == "Storm"

    assert api_client.delete(f"/api/scenes/{scene_id}/").status_code == 204
    assert not Scene.objects.filter(pk=scene_id).exists()


def test_scene_owner_follows_the_character(api_client, user):
    character = CharacterFactory(owner=user)
    response = api_client.post(
        "/api/scenes/", {"character": character.pk, "title": "T"}, format="json"
    )
    assert Scene.objects.get(pk=response.json()["id"]).owner == user


@pytest.mark.parametrize("method", ["get", "patch", "put", "delete"])
def test_another_users_scene_answers_404(api_client, other_user, method):
    scene = SceneFactory(character=CharacterFactory(owner=other_user), title="Theirs")

    response = getattr(api_client, method)(
        f"/api/scenes/{scene.pk}/", {"title": "Mine now"}, format="json"
    )

    assert response.status_code == 404
    scene.refresh_from_db()
    assert scene.title == "Theirs"


def test_scene_whose_character_is_someone_elses_is_not_found(api_client, user, other_user):
    # A row that should never exist, but if it did, it must not leak the other user's character.
    scene = SceneFactory(character=CharacterFactory(owner=other_user), owner=user)

    assert api_client.get(f"/api/scenes/{scene.pk}/").status_code == 404
    assert api_client.get("/api/scenes/").json()["count"] == 0


def test_cannot_create_a_scene_on_another_users_character(api_client, other_user):
    character = CharacterFactory(owner=other_user)
    response = api_client.post(
        "/api/scenes/", {"character": character.pk, "title": "Sneaky"}, format="json"
    )
    assert response.status_code == 404
    assert not Scene.objects.exists()


def test_list_filtered_by_another_users_character_is_404(api_client, other_user):
    character = CharacterFactory(owner=other_user)
    assert api_client.get(f"/api/scenes/?character={character.pk}").status_code == 404


def test_validation_errors_name_the_limit(api_client, user):
    character = CharacterFactory(owner=user)
    response = api_client.post(
        "/api/scenes/",
        {"character": character.pk, "title": "", "stage_directions": "x" * 10_001},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "title": ["Title is required."],
        "stage_directions": [
            "Stage directions is too long: 10,001 characters, the limit is 10,000."
        ],
    }


def test_preview_renders_unsaved_fields(api_client, user):
    character = CharacterFactory(
        owner=user, name="Mara", scenario="A port town.", greeting="Hello."
    )
    response = api_client.post(
        "/api/scenes/preview/",
        {
            "character": character.pk,
            "stage_directions": "Speak in riddles.",
            "scenario": "Fog.",
            "greeting": "",
        },
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert "Speak in riddles." in body["system_prompt"]
    assert "A port town.\n\nFog." in body["system_prompt"]
    assert body["greeting"] == "Hello."
    assert body["token_count"] > 0 and body["token_budget"] > 0
    assert body["problems"] == {}
    assert not Scene.objects.exists()


def test_preview_reports_fields_that_would_be_refused(api_client, user):
    character = CharacterFactory(owner=user)
    response = api_client.post(
        "/api/scenes/preview/", {"character": character.pk, "scenario": "x" * 10_001}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["problems"]["scenario"] == [
        "Scenario is too long: 10,001 characters, the limit is 10,000."
    ]


def test_preview_of_another_users_character_is_404(api_client, other_user):
    character = CharacterFactory(owner=other_user, description="Secret backstory")
    response = api_client.post("/api/scenes/preview/", {"character": character.pk}, format="json")
    assert response.status_code == 404
    assert "Secret" not in response.content.decode()


@pytest.mark.parametrize("field", ["title", "stage_directions", "scenario", "greeting"])
def test_preview_refuses_a_million_character_field_naming_it(api_client, user, field):
    character = CharacterFactory(owner=user)
    response = api_client.post(
        "/api/scenes/preview/", {"character": character.pk, field: "x" * 1_000_000}, format="json"
    )
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail.startswith(f"{field}: ") and "too long to preview" in detail


def test_preview_still_renders_a_field_just_over_its_save_limit(api_client, user):
    character = CharacterFactory(owner=user)
    response = api_client.post(
        "/api/scenes/preview/",
        {"character": character.pk, "stage_directions": "y" * 20_000},
        format="json",
    )
    assert response.status_code == 200
    assert "y" * 20_000 in response.json()["system_prompt"]
    assert "stage_directions" in response.json()["problems"]
