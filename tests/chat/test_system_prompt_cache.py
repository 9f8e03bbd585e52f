"""The character and scene block a chat's turns keep rendered never shows a stale text.

Each test edits what the block is made of (the character, the scene, the persona, the chat's
scene itself) between two turns and checks the next reply's prompt, as the model gets it; a
card with a macro of the moment (``{{time}}``, ``{{random}}``) shows each turn's own."""

from __future__ import annotations

from datetime import datetime

import pytest

from characters.models import Character, Persona
from characters.personas.services import persona_update
from characters.services import character_update
from chat import services
from scenes.services import scene_create, scene_update

pytestmark = pytest.mark.django_db


def prompt_of(thread, content: str = "Where are we?") -> str:
    """The system message of the next reply in ``thread``, as the socket prepares it."""
    sent = services.message_send(thread=thread, content=content)
    prepared = services.reply_prepare(reply_id=sent.reply.pk, store_receipt=False)
    services.reply_finish(
        reply_id=sent.reply.pk, content="*nods*", status="complete", receipt=prepared.receipt
    )
    return prepared.messages[0].content


def test_a_character_edit_shows_in_the_next_reply(thread):
    character_update(character=thread.character, data={"personality": "Gruff, loyal."})
    assert "Gruff, loyal." in prompt_of(thread)
    assert "Gruff, loyal." in prompt_of(thread)  # kept, and still right
    character_update(character=thread.character, data={"personality": "Soft-spoken now."})
    system = prompt_of(thread)
    assert "Soft-spoken now." in system and "Gruff, loyal." not in system
    # A write that bypasses the service (no signal, no updated_at) shows all the same.
    Character.objects.filter(pk=thread.character_id).update(description="A retired sailor.")
    assert "A retired sailor." in prompt_of(thread)


def test_a_scene_edit_and_a_new_scene_show_in_the_next_reply(thread):
    scene = scene_create(character=thread.character, title="Storm", scenario="A storm rolls in.")
    assert "A storm rolls in." not in prompt_of(thread)
    thread.scene = scene
    thread.save(update_fields=["scene"])
    assert "A storm rolls in." in prompt_of(thread)
    scene_update(scene=scene, data={"scenario": "The storm has passed."})
    system = prompt_of(thread)
    assert "The storm has passed." in system and "A storm rolls in." not in system


def test_a_persona_edit_shows_in_the_next_reply(thread, user):
    character_update(
        character=thread.character, data={"scenario": "{{char}} waits for {{user}}: {{persona}}"}
    )
    persona = Persona.objects.create(owner=user, name="Ilse", description="Ink on her sleeves.")
    thread.persona = persona
    thread.save(update_fields=["persona"])
    assert "waits for Ilse: Ink on her sleeves." in prompt_of(thread)
    persona_update(persona=persona, data={"name": "Ilka", "description": "Salt in her hair."})
    system = prompt_of(thread)
    assert "waits for Ilka: Salt in her hair." in system and "Ilse" not in system


def test_a_card_with_the_time_shows_each_turns_own(thread, monkeypatch):
    character_update(character=thread.character, data={"scenario": "It is {{time}} here."})
    moments = iter([datetime(2026, 12, 2, 9, 15), datetime(2026, 12, 2, 21, 40)])

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return next(moments)

    monkeypatch.setattr("scenes.prompting.datetime", Clock)
    assert "It is 09:15 here." in prompt_of(thread)
    assert "It is 21:40 here." in prompt_of(thread)
