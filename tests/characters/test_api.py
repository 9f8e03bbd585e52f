"""REST API for characters: CRUD for the owner, 404 for everyone else, readable 400s."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from characters.models import Character
from tests.characters.helpers import png_bytes
from tests.factories import CharacterFactory, MemoryFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


def test_create_list_retrieve_update_delete(api_client):
    created = api_client.post(
        "/api/characters/",
        {"name": "Mara", "tagline": "Cartographer", "greeting": "Hello.", "tags": ["fantasy"]},
        format="json",
    )
    assert created.status_code == 201, created.json()
    character_id = created.json()["id"]

    listed = api_client.get("/api/characters/").json()
    assert listed["count"] == 1 and listed["results"][0]["name"] == "Mara"

    assert api_client.get(f"/api/characters/{character_id}/").json()["tagline"] == "Cartographer"

    patched = api_client.patch(
        f"/api/characters/{character_id}/", {"personality": "Dry."}, format="json"
    )
    assert patched.status_code == 200
    assert patched.json()["personality"] == "Dry." and patched.json()["name"] == "Mara"

    assert api_client.delete(f"/api/characters/{character_id}/").status_code == 204
    assert api_client.get(f"/api/characters/{character_id}/").status_code == 404


def test_list_shows_only_my_characters(api_client, user, other_user):
    CharacterFactory(owner=user, name="Mine")
    CharacterFactory(owner=other_user, name="Theirs")

    names = [item["name"] for item in api_client.get("/api/characters/").json()["results"]]

    assert names == ["Mine"]


@pytest.mark.parametrize(
    ("method", "suffix"),
    [
        ("get", ""),
        ("patch", ""),
        ("put", ""),
        ("delete", ""),
        ("get", "card/"),
        ("get", "card.png"),
    ],
)
def test_another_users_character_answers_404(api_client, other_user, method, suffix):
    character = CharacterFactory(owner=other_user, name="Theirs")

    response = getattr(api_client, method)(
        f"/api/characters/{character.pk}/{suffix}", {"name": "Stolen"}, format="json"
    )

    assert response.status_code == 404
    character.refresh_from_db()
    assert character.name == "Theirs"


def test_anonymous_requests_are_refused():
    assert APIClient().get("/api/characters/").status_code in (401, 403)


def test_missing_name_and_long_tagline_are_explained(api_client):
    response = api_client.post("/api/characters/", {"tagline": "x" * 161}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["name"] == ["Name is required."]

    response = api_client.post(
        "/api/characters/", {"name": "  ", "tagline": "x" * 161}, format="json"
    )
    errors = response.json()["errors"]
    assert errors["name"] == ["Name is required."]
    assert errors["tagline"] == ["Tagline is too long: 161 characters, the limit is 160."]
    assert Character.objects.count() == 0


def test_markup_is_stored_as_given(api_client):
    response = api_client.post(
        "/api/characters/", {"name": "<script>alert(1)</script>"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["name"] == "<script>alert(1)</script>"


def test_avatar_upload_and_bad_avatar(api_client):
    good = SimpleUploadedFile("face.png", png_bytes(), content_type="image/png")
    response = api_client.post(
        "/api/characters/", {"name": "Mara", "avatar": good}, format="multipart"
    )
    assert response.status_code == 201
    assert response.json()["avatar_url"].startswith("/media/avatars/")
    assert response.json()["avatar_url"].endswith(".png")

    bad = SimpleUploadedFile("face.png", b"not an image", content_type="image/png")
    response = api_client.post(
        "/api/characters/", {"name": "Bad", "avatar": bad}, format="multipart"
    )
    assert response.status_code == 400
    assert "not an image we can read" in response.json()["detail"]


def test_delete_takes_scenes_chats_and_memories_with_it(api_client, user):
    character = CharacterFactory(owner=user)
    SceneFactory(character=character)
    ThreadFactory(character=character)
    MemoryFactory(character=character)

    assert api_client.delete(f"/api/characters/{character.pk}/").status_code == 204
    assert not character.scenes.exists()
    assert not character.threads.exists()
    assert not character.memories.exists()


def test_schema_documents_the_endpoints(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in (
        "/api/characters/",
        "/api/characters/{character_id}/",
        "/api/characters/import/",
        "/api/characters/{character_id}/card/",
        "/api/scenes/",
        "/api/scenes/{scene_id}/",
        "/api/scenes/preview/",
    ):
        assert path in paths
    assert api_client.get("/api/docs/").status_code == 200
