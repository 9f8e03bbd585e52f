"""The profile layer: what the character knows about the user, a stable block of the system
message right after the character (and the persona, when the chat has one), in the receipt
as layer ``profile``; and the acceptance path through the real OpenAI client and the fake
OpenAI-compatible server."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from characters.models import Persona
from chat.context import assemble_context
from chat.context.sources import TurnSources
from chat.models import Thread
from memories.profile import profile_update
from tests.chat.conftest import openai_turn
from tests.chat.test_context_roleplay import build
from tests.factories import CharacterFactory, MessageFactory

PROFILE = "\n\n### What Vela knows about Ash (the user)\nName: Ash\nLikes:\n- Ash loves rain."


@pytest.fixture
def no_memories(monkeypatch):
    for name in ("pinned_memories", "shared_memories"):
        monkeypatch.setattr(f"memories.context.{name}", lambda **_: [])
    monkeypatch.setattr("memories.context.rolling_summary", lambda **_: None)
    monkeypatch.setattr("memories.context.retrieve", lambda **_: [])


def test_the_profile_comes_right_after_the_character_in_prompt_and_receipt(no_memories):
    assembled = build(TurnSources(user_name="Ash", profile=PROFILE))
    character_block = build(TurnSources(user_name="Ash")).messages[0].content
    assert character_block.startswith("You are Vela.")
    assert assembled.messages[0].content == character_block + PROFILE
    layers = assembled.receipt.layers
    names = list(layers)
    assert names.index("profile") == names.index("character") + 2  # the persona between
    assert names[names.index("character") + 1] == "persona" and layers["persona"].tokens == 0
    spent = [name for name in names if layers[name].tokens > 0]
    assert spent[: spent.index("profile") + 1] == ["character", "profile"]
    assert layers["profile"].items == 1 and layers["profile"].tokens > 0


def test_with_a_persona_the_profile_follows_it(no_memories):
    sources = TurnSources(user_name="Ash", persona_description="A bard.", profile=PROFILE)
    system = build(sources).messages[0].content
    assert system.index("You are Vela.") < system.index("### Ash (the user)\nA bard.")
    assert system.index("A bard.") < system.index("### What Vela knows about Ash")


def test_the_profile_keeps_to_its_budget(no_memories):
    assembled = build(TurnSources(user_name="Ash", profile=PROFILE * 20), profile=40)
    assert 0 < assembled.receipt.layers["profile"].tokens <= 40


def test_without_a_profile_the_layer_is_empty(no_memories):
    assembled = build(TurnSources(user_name="Ash"))
    assert assembled.receipt.layers["profile"].tokens == 0
    assert "knows about" not in assembled.messages[0].content


@pytest.mark.django_db
def test_a_threads_profile_names_the_persona_in_use(user, no_memories):
    ash = Persona.objects.create(owner=user, name="Ash", description="A bard.")
    character = CharacterFactory(owner=user, name="Vela")
    thread = Thread.objects.create(owner=user, character=character, persona=ash)
    profile_update(
        owner_id=user.pk,
        character_id=character.pk,
        changes={"pronouns": "they/them", "relationships": ["Ash's sister Mira sails north."]},
    )
    MessageFactory(thread=thread, seq=1, role="assistant", content="Hello.")
    MessageFactory(thread=thread, seq=2, role="user", content="Hi.")
    assembled = assemble_context(thread=thread, reply_seq=3, user_name="Ash")
    system = assembled.messages[0].content
    assert "### What Vela knows about Ash (the user)\nName: Ash\nPronouns: they/them" in system
    assert "- Ash's sister Mira sails north." in system
    assert system.index("A bard.") < system.index("What Vela knows about Ash")
    assert assembled.receipt.layers["profile"].tokens > 0


@pytest.mark.django_db(transaction=True)
async def test_the_profile_reaches_the_model_and_the_receipt(settings, user):
    from rest_framework.test import APIClient

    from drawhisper.accounts.services import token_for_user

    def start():
        client = APIClient()
        client.force_authenticate(user)
        character = client.post(
            "/api/characters/", {"name": "Vela", "greeting": "Welcome aboard."}, format="json"
        ).json()
        response = client.patch(
            f"/api/characters/{character['id']}/profile/",
            {"likes": ["Jasmine tea at dawn"], "relationships": ["A brother, Tomas"]},
            format="json",
        )
        assert response.status_code == 200, response.json()
        thread = client.post("/api/threads/", {"character": character["id"]}, format="json")
        return thread.json()["id"], token_for_user(user=user)

    thread_id, token = await database_sync_to_async(start)()
    end, request = await openai_turn(
        settings,
        thread_id,
        token,
        message="Good morning!",
        reply="*She pours you a cup.* Jasmine, as you like it.",
    )

    system = request["body"]["messages"][0]
    assert system["role"] == "system"
    assert f"### What Vela knows about {user.username} (the user)" in system["content"]
    assert "- Jasmine tea at dawn" in system["content"]
    assert "- A brother, Tomas" in system["content"]
    layers = end["receipt"]["layers"]
    assert layers["profile"]["tokens"] > 0
    assert list(layers).index("profile") > list(layers).index("character")


OFFLINE = {
    "BACKEND": "drawhisper.providers.offline.OfflineChatBackend",
    "OPTIONS": {"model": "offline"},
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("persona_name", [None, "Ash"])
async def test_a_name_the_user_asked_for_in_the_chat_names_them_in_the_prompt_unless_a_persona_does(
    settings, user, persona_name
):
    """ "Call me Alex" said in the chat reaches the profile's name through the memory
    pipeline, and the next turn's prompt calls the user Alex (the card's {{user}} and the
    profile's heading), not the account's name; a persona the user picked keeps its name."""
    from rest_framework.test import APIClient

    from drawhisper.accounts.services import token_for_user
    from memories.models import MemoryJob
    from memories.pipeline import PIPELINE_VERSION
    from memories.pipeline.runner import Outcome, run_job
    from tests.pipeline.conftest import write_messages

    settings.LLM_BACKENDS = {**settings.LLM_BACKENDS, "summary": OFFLINE, "extract": OFFLINE}

    def start():
        client = APIClient()
        client.force_authenticate(user)
        character = client.post(
            "/api/characters/",
            {"name": "Vela", "description": "{{char}} captains the ferry {{user}} rides."},
            format="json",
        ).json()
        body = {"character": character["id"]}
        if persona_name:
            body["persona"] = Persona.objects.create(owner=user, name=persona_name).pk
        created = client.post("/api/threads/", body, format="json")
        assert created.status_code == 201, created.json()
        thread = Thread.objects.get(pk=created.json()["id"])
        write_messages(
            thread,
            [
                ("user", "Please, call me Alex. Everyone does."),
                ("assistant", "Alex it is. The tide is turning, shall we walk?"),
                ("user", "I work as a locksmith in the old town, so my hands are never clean."),
                ("assistant", "A locksmith! Then no door here will stop you."),
            ],
        )
        job = MemoryJob.objects.create(
            thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION
        )
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
        return thread.pk, token_for_user(user=user)

    thread_id, token = await database_sync_to_async(start)()
    _, request = await openai_turn(
        settings,
        thread_id,
        token,
        message="Where to?",
        reply="*She hands you the tiller.* Steady now.",
    )

    system = request["body"]["messages"][0]["content"]
    called = persona_name or "Alex"
    assert f"Vela captains the ferry {called} rides." in system
    assert f"### What Vela knows about {called} (the user)\nName: {called}" in system
    assert f"knows about {user.username}" not in system
    if persona_name:
        assert "Alex" not in system.split("### What Vela knows")[0]
