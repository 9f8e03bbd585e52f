"""The scene editor and scene deletion pages."""

from __future__ import annotations

import pytest

from scenes.models import Scene
from tests.factories import CharacterFactory, MemoryFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client, user):
    client.force_login(user)
    return client


def test_editor_shows_the_rendered_prompt(browser, user):
    character = CharacterFactory(owner=user, name="Mara", personality="Dry-witted.")

    page = browser.get(f"/scenes/new/?character={character.pk}").content.decode()

    assert 'id="prompt-preview"' in page
    assert "You are Mara," in page
    assert "Dry-witted." in page
    assert "scene-editor.js" in page


def test_create_scene_from_the_editor(browser, user):
    character = CharacterFactory(owner=user)
    response = browser.post(
        f"/scenes/new/?character={character.pk}",
        {
            "character": character.pk,
            "title": "Storm",
            "stage_directions": "Whisper.",
            "scenario": "",
            "greeting": "",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == f"/characters/{character.pk}/"
    assert Scene.objects.get().title == "Storm"


def test_editor_shows_errors_and_keeps_input(browser, user):
    character = CharacterFactory(owner=user)
    response = browser.post(
        f"/scenes/new/?character={character.pk}",
        {"character": character.pk, "title": "", "stage_directions": "Keep me."},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Title is required." in page
    assert "Keep me." in page
    assert not Scene.objects.exists()


def test_edit_scene(browser, user):
    scene = SceneFactory(character=CharacterFactory(owner=user), title="Old")
    response = browser.post(
        f"/scenes/{scene.pk}/edit/",
        {"title": "New", "stage_directions": "", "scenario": "", "greeting": ""},
    )
    assert response.status_code == 302
    scene.refresh_from_db()
    assert scene.title == "New"


def test_delete_confirmation_says_what_goes_with_it(browser, user):
    scene = SceneFactory(character=CharacterFactory(owner=user), title="Storm")
    thread = ThreadFactory(character=scene.character, scene=scene)
    MemoryFactory(character=scene.character, origin_thread=thread)
    MemoryFactory(character=scene.character)  # not from this scene: stays

    page = browser.get(f"/scenes/{scene.pk}/delete/").content.decode()
    assert "<strong>1</strong> chat held in this scene" in page
    assert "<strong>1</strong> memory made in those chats" in page

    assert browser.post(f"/scenes/{scene.pk}/delete/").status_code == 302
    assert not Scene.objects.exists()
    assert scene.character.memories.count() == 1


def test_another_users_scene_pages_are_404(browser, other_user):
    scene = SceneFactory(character=CharacterFactory(owner=other_user))
    for url in (
        f"/scenes/{scene.pk}/edit/",
        f"/scenes/{scene.pk}/delete/",
        f"/scenes/new/?character={scene.character_id}",
    ):
        assert browser.get(url).status_code == 404
    assert browser.post(f"/scenes/{scene.pk}/delete/").status_code == 404
    assert Scene.objects.filter(pk=scene.pk).exists()
