"""A chat's persona ({{user}} becomes its name), alternate greetings and author's note."""

from __future__ import annotations

import pytest

from characters.models import Persona
from chat.models import Message
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def card_character(user):
    return CharacterFactory(
        owner=user,
        name="Seraphina",
        greeting="Welcome, {{user}}.",
        alternate_greetings=["*{{char}} hums.* Awake at last, {{user}}?", "  ", "A fox watches."],
    )


def start(api_client, **body):
    response = api_client.post("/api/threads/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def first_message(api_client, thread_id):
    messages = api_client.get(f"/api/threads/{thread_id}/messages/").json()["results"]
    return messages[0]


def test_the_default_persona_names_the_user(api_client, user, card_character):
    Persona.objects.create(owner=user, name="Ash", default=True)
    thread = start(api_client, character=card_character.pk)
    assert thread["persona"]["name"] == "Ash"
    assert first_message(api_client, thread["id"])["content"] == "Welcome, Ash."


def test_a_chat_can_pick_a_persona_or_none(api_client, user, card_character):
    Persona.objects.create(owner=user, name="Ash", default=True)
    rin = Persona.objects.create(owner=user, name="Rin")
    thread = start(api_client, character=card_character.pk, persona=rin.pk)
    assert thread["persona"] == {"id": rin.pk, "name": "Rin"}
    assert first_message(api_client, thread["id"])["content"] == "Welcome, Rin."
    none = start(api_client, character=card_character.pk, persona=None)
    assert none["persona"] is None
    assert first_message(api_client, none["id"])["content"] == f"Welcome, {user.username}."


def test_the_persona_changes_with_patch(api_client, user, card_character):
    rin = Persona.objects.create(owner=user, name="Rin")
    thread = start(api_client, character=card_character.pk)
    assert thread["persona"] is None
    response = api_client.patch(f"/api/threads/{thread['id']}/", {"persona": rin.pk}, format="json")
    assert response.status_code == 200 and response.json()["persona"]["name"] == "Rin"
    response = api_client.patch(f"/api/threads/{thread['id']}/", {"persona": None}, format="json")
    assert response.json()["persona"] is None


def test_another_users_persona_is_not_found(api_client, other_user, card_character):
    foreign = Persona.objects.create(owner=other_user, name="Spy")
    response = api_client.post(
        "/api/threads/", {"character": card_character.pk, "persona": foreign.pk}, format="json"
    )
    assert response.status_code == 404
    assert response.json() == {"detail": "persona: No such persona."}
    thread = start(api_client, character=card_character.pk)
    response = api_client.patch(
        f"/api/threads/{thread['id']}/", {"persona": foreign.pk}, format="json"
    )
    assert response.status_code == 404
    assert response.json() == {"detail": "persona: No such persona."}
    assert api_client.get(f"/api/threads/{thread['id']}/").json()["persona"] == thread["persona"]


def test_unknown_thread_fields_are_refused(api_client, card_character):
    response = api_client.post(
        "/api/threads/", {"character": card_character.pk, "mood": "grim"}, format="json"
    )
    assert response.status_code == 400 and "mood" in response.json()["errors"]
    thread = start(api_client, character=card_character.pk)
    response = api_client.patch(f"/api/threads/{thread['id']}/", {"colour": 1}, format="json")
    assert response.status_code == 400 and "colour" in response.json()["errors"]


def test_alternate_greetings_are_versions_of_the_first_message(api_client, user, card_character):
    thread = start(api_client, character=card_character.pk)
    first = first_message(api_client, thread["id"])
    assert first["content"] == f"Welcome, {user.username}."
    versions = [version["content"] for version in first["previous_versions"]]
    assert versions == [f"*Seraphina hums.* Awake at last, {user.username}?", "A fox watches."]
    # Swiping to an alternate greeting makes it the message the chat continues from.
    chosen = first["previous_versions"][1]
    response = api_client.post(f"/api/threads/{thread['id']}/messages/{chosen['id']}/activate/")
    assert response.status_code == 200
    assert first_message(api_client, thread["id"])["content"] == "A fox watches."


def test_an_alternate_greeting_can_be_picked_at_start(api_client, card_character):
    thread = start(api_client, character=card_character.pk, greeting=2)
    assert first_message(api_client, thread["id"])["content"] == "A fox watches."
    response = api_client.post(
        "/api/threads/", {"character": card_character.pk, "greeting": 3}, format="json"
    )
    assert response.status_code == 400 and "greeting" in response.json()["errors"]


def test_a_reply_after_the_greeting_takes_the_next_free_seq(api_client, user, card_character):
    from chat.models import Thread
    from chat.services import message_send

    thread = start(api_client, character=card_character.pk)
    assert Message.objects.filter(thread_id=thread["id"]).count() == 3
    sent = message_send(thread=Thread.objects.get(pk=thread["id"]), content="Hello")
    assert sent.message.seq == 4


def test_the_author_note_is_set_with_patch(api_client, card_character):
    thread = start(api_client, character=card_character.pk)
    response = api_client.patch(
        f"/api/threads/{thread['id']}/",
        {"author_note": "Keep it tense.", "author_note_depth": 2},
        format="json",
    )
    assert response.status_code == 200
    assert (response.json()["author_note"], response.json()["author_note_depth"]) == (
        "Keep it tense.",
        2,
    )
    response = api_client.patch(
        f"/api/threads/{thread['id']}/", {"author_note_depth": -1}, format="json"
    )
    assert response.status_code == 400 and "author_note_depth" in response.json()["errors"]


def test_a_new_chat_greets_the_user_by_the_name_they_gave_the_character(
    api_client, user, card_character
):
    """Told the character "call me Alex" (here: written in its profile of the user), the
    next chat's greeting says Alex, as that chat's replies will; a persona chosen for the
    chat still names the user, and another character, who was told nothing, uses the
    account's name."""
    response = api_client.patch(
        f"/api/characters/{card_character.pk}/profile/", {"name": "Alex"}, format="json"
    )
    assert response.status_code == 200, response.json()
    told = start(api_client, character=card_character.pk)
    assert first_message(api_client, told["id"])["content"] == "Welcome, Alex."
    rin = Persona.objects.create(owner=user, name="Rin")
    with_persona = start(api_client, character=card_character.pk, persona=rin.pk)
    assert first_message(api_client, with_persona["id"])["content"] == "Welcome, Rin."
    other = CharacterFactory(owner=user, name="Oren", greeting="Hello, {{user}}.")
    stranger = start(api_client, character=other.pk)
    assert first_message(api_client, stranger["id"])["content"] == f"Hello, {user.username}."


def test_the_greeting_uses_the_account_first_name_before_the_username(
    api_client, user, card_character
):
    """The memories and summaries of a chat call the user by the account's first name; the
    greeting (and the prompt's {{user}}) now do too, instead of the login name."""
    user.first_name = "Ada"
    user.save(update_fields=["first_name"])
    thread = start(api_client, character=card_character.pk, persona=None)
    assert first_message(api_client, thread["id"])["content"] == "Welcome, Ada."
