"""Character pages as a signed-in user sees them."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from characters.models import Character
from scenes.models import Scene
from tests.characters.helpers import RICH_CARD, png_bytes, png_with_card, read_png_card
from tests.factories import CharacterFactory, MemoryFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client, user):
    client.force_login(user)
    return client


def test_anonymous_visitor_is_sent_to_log_in(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_gallery_lists_my_characters_only(browser, user, other_user):
    CharacterFactory(owner=user, name="Mara", tagline="Cartographer")
    CharacterFactory(owner=other_user, name="Stranger")

    page = browser.get("/").content.decode()

    assert "Mara" in page and "Cartographer" in page
    assert "Stranger" not in page
    assert 'action="/chat/start/"' in page


def test_empty_gallery_says_what_to_do(browser):
    page = browser.get("/").content.decode()
    assert "No characters yet" in page
    assert "/characters/new/" in page and "/characters/import/" in page


def test_markup_in_a_name_is_shown_as_text(browser, user):
    CharacterFactory(owner=user, name="<script>alert(1)</script>", tagline="<b>bold</b>")

    page = browser.get("/").content.decode()

    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>bold</b>" not in page


def test_create_character_with_avatar(browser, user):
    response = browser.post(
        "/characters/new/",
        {
            "name": "Mara",
            "tagline": "Cartographer",
            "tags": "fantasy, mystery",
            "avatar": SimpleUploadedFile("a.png", png_bytes()),
        },
    )
    character = Character.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == f"/characters/{character.pk}/"
    assert character.tags == ["fantasy", "mystery"]
    assert character.avatar

    page = browser.get(f"/characters/{character.pk}/").content.decode()
    assert "Mara was created." in page
    assert character.avatar.url in page


def test_form_errors_are_shown_next_to_the_field(browser):
    response = browser.post(
        "/characters/new/",
        {"name": "", "tagline": "ok", "avatar": SimpleUploadedFile("a.png", b"nope")},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Name is required." in page
    assert 'aria-invalid="true"' in page
    assert not Character.objects.exists()


def test_bad_avatar_is_explained(browser):
    response = browser.post(
        "/characters/new/", {"name": "Mara", "avatar": SimpleUploadedFile("a.png", b"nope")}
    )
    assert "not an image we can read" in response.content.decode()
    assert not Character.objects.exists()


def test_edit_keeps_fields_not_in_the_form(browser, user):
    character = CharacterFactory(owner=user, alternate_greetings=["Hi again."], tags=["a"])
    response = browser.post(
        f"/characters/{character.pk}/edit/", {"name": "Renamed", "tags": "a, b"}
    )
    assert response.status_code == 302
    character.refresh_from_db()
    assert character.name == "Renamed"
    assert character.tags == ["a", "b"]
    assert character.alternate_greetings == ["Hi again."]


def test_detail_shows_scenes_with_start_chat_buttons(browser, user):
    character = CharacterFactory(owner=user)
    scene = SceneFactory(character=character, title="Storm")

    page = browser.get(f"/characters/{character.pk}/").content.decode()

    assert "Storm" in page
    assert f'name="scene" value="{scene.pk}"' in page
    assert f'name="character" value="{character.pk}"' in page


def test_delete_confirmation_counts_what_goes_with_it(browser, user):
    character = CharacterFactory(owner=user, name="Mara")
    SceneFactory(character=character)
    SceneFactory(character=character)
    ThreadFactory(character=character)
    MemoryFactory(character=character)
    MemoryFactory(character=character)
    MemoryFactory(character=character)

    page = browser.get(f"/characters/{character.pk}/delete/").content.decode()

    assert "Delete Mara?" in page
    assert "<strong>2</strong> scenes" in page
    assert "<strong>1</strong> chat," in page
    assert "<strong>3</strong> memories" in page

    response = browser.post(f"/characters/{character.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert not Character.objects.exists()


def test_another_users_character_pages_are_404(browser, other_user):
    character = CharacterFactory(owner=other_user)
    for suffix in ("", "edit/", "delete/", "card.json", "card.png"):
        assert browser.get(f"/characters/{character.pk}/{suffix}").status_code == 404
    assert browser.post(f"/characters/{character.pk}/delete/").status_code == 404
    assert browser.post(f"/characters/{character.pk}/edit/", {"name": "Mine"}).status_code == 404
    assert Character.objects.get(pk=character.pk).owner == other_user


def test_import_page_imports_a_png_card_and_export_downloads_it(browser, user):
    response = browser.post(
        "/characters/import/", {"file": SimpleUploadedFile("s.png", png_with_card(RICH_CARD))}
    )
    character = Character.objects.get(owner=user)
    assert response.status_code == 302

    exported_json = browser.get(f"/characters/{character.pk}/card.json")
    assert exported_json["Content-Disposition"] == 'attachment; filename="Seraphina.json"'
    assert json.loads(exported_json.content) == RICH_CARD
    assert read_png_card(browser.get(f"/characters/{character.pk}/card.png").content) == RICH_CARD


def test_import_page_explains_a_malformed_card(browser):
    response = browser.post(
        "/characters/import/", {"file": SimpleUploadedFile("c.json", b'{"spec": "chara_card_v2"}')}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "needs a &quot;data&quot; object" in page
    assert not Character.objects.exists()


def test_load_demo_is_idempotent(client):
    first, second = io.StringIO(), io.StringIO()
    call_command("load_demo", stdout=first)
    call_command("load_demo", stdout=second)

    assert "created Mara Quill" in first.getvalue()
    assert "nothing new" in second.getvalue()

    assert Character.objects.filter(owner__username="demo").count() == 3
    assert Scene.objects.filter(owner__username="demo").count() == 3
    assert all(character.avatar for character in Character.objects.all())
    assert client.login(username="demo", password="drawhisper-demo")
