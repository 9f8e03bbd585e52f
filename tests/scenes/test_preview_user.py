"""The scene editor's preview calls the user what a chat of the scene would: the default
persona's name, else the name the character's profile holds, else the account's."""

from __future__ import annotations

import pytest

from characters.models import Persona
from chat.context import assemble_context
from chat.models import Thread
from tests.factories import CharacterFactory, SceneFactory

pytestmark = pytest.mark.django_db


def preview(api_client, character, **fields):
    response = api_client.post(
        "/api/scenes/preview/", {"character": character.pk, **fields}, format="json"
    )
    assert response.status_code == 200, response.json()
    return response.json()


def chat_of(api_client, character, scene):
    response = api_client.post(
        "/api/threads/", {"character": character.pk, "scene": scene.pk}, format="json"
    )
    assert response.status_code == 201, response.json()
    return Thread.objects.get(pk=response.json()["id"])


@pytest.fixture
def character(user):
    return CharacterFactory(owner=user, name="Mara", greeting="Welcome, {{user}}.")


def test_the_preview_names_the_default_persona_as_the_chat_does(api_client, user, character):
    Persona.objects.create(
        owner=user, name="Ash", description="{{user}} keeps the lamp.", default=True
    )
    fields = {"title": "Dusk", "stage_directions": "Answer {{user}} in verse.", "scenario": "Fog."}
    body = preview(api_client, character, **fields)
    assert "Answer Ash in verse." in body["system_prompt"]
    assert "User" not in body["system_prompt"]
    assert body["greeting"] == "Welcome, Ash."
    layers = {layer["name"]: layer for layer in body["layers"]}
    assert layers["persona"]["label"] == "Persona: Ash"
    assert layers["persona"]["text"] == "Ash keeps the lamp."

    # A chat of the saved scene opens with the greeting the preview showed, and its model
    # reads the system prompt the preview showed, followed by the chat's other layers.
    scene = SceneFactory(owner=user, character=character, greeting="", **fields)
    thread = chat_of(api_client, character, scene)
    assert thread.messages.get(seq=1).content == body["greeting"]
    system = assemble_context(thread=thread, reply_seq=2, user_name="Ash").messages[0].content
    assert system.startswith(body["system_prompt"].strip())


def test_without_a_persona_the_preview_uses_the_profile_then_the_account_name(
    api_client, user, character
):
    assert preview(api_client, character)["greeting"] == f"Welcome, {user.username}."
    user.first_name = "Ada"
    user.save(update_fields=["first_name"])
    assert preview(api_client, character)["greeting"] == "Welcome, Ada."
    response = api_client.patch(
        f"/api/characters/{character.pk}/profile/", {"name": "Alex"}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = preview(api_client, character, stage_directions="Call {{user}} by name.")
    assert body["greeting"] == "Welcome, Alex." and "Call Alex by name." in body["system_prompt"]
    scene = SceneFactory(owner=user, character=character, greeting="")
    assert chat_of(api_client, character, scene).messages.get(seq=1).content == "Welcome, Alex."


def test_the_editor_page_shows_the_default_persona_s_name(client, user, character):
    Persona.objects.create(owner=user, name="Ash", default=True)
    scene = SceneFactory(owner=user, character=character, stage_directions="Bow to {{user}}.")
    client.force_login(user)
    page = client.get(f"/scenes/{scene.pk}/edit/")
    assert page.status_code == 200
    assert "Bow to Ash." in page.content.decode()
