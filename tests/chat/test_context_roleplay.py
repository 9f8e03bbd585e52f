"""The role-play layers of the prompt: persona, lore (before and after the character, and at
a depth in the recent messages), author's note and post-history instructions; and the
acceptance path: a V2 card's character_book reaches the model through the real OpenAI
client and the fake OpenAI-compatible server."""

from __future__ import annotations

import copy

import pytest
from channels.db import database_sync_to_async

from characters.lorebooks.services import lorebook_create
from characters.models import Persona
from chat.context import assemble_context, build_context
from chat.context.sources import LoreLine, TurnSources
from chat.models import Message, Thread
from tests.characters.lorebook_fixtures import card_v2
from tests.chat.conftest import connect, receive_until, send_message, use_fake_openai_chat
from tests.factories import CharacterFactory, MessageFactory
from tests.support.openai_server import FakeOpenAIServer

# The receipt's layers that the persona, lore, author's note and post-history fill.
ROLE_PLAY_LAYERS = (
    "persona",
    "lore_before",
    "lore_after",
    "lore_depth",
    "author_note",
    "post_history",
)


def lore(entry_id, layer, text, *, order=100, depth=4, key="k", reason="key"):
    return LoreLine(
        entry_id=entry_id,
        label=f"entry {entry_id}",
        text=text,
        layer=layer,
        depth=depth,
        insertion_order=order,
        matched_key=key,
        reason=reason,
    )


class Said:
    def __init__(self, seq, role, content):
        self.id, self.seq, self.role, self.content = seq, seq, role, content


def history(*contents):
    """Prompt messages newest first from oldest-first texts; the last one is the user's."""
    said = [
        Said(n + 1, "user" if (len(contents) - n) % 2 else "assistant", text)
        for n, text in enumerate(contents)
    ]
    return list(reversed(said))


@pytest.fixture
def no_memories(monkeypatch):
    for name in ("pinned_memories", "shared_memories"):
        monkeypatch.setattr(f"memories.context.{name}", lambda **_: [])
    monkeypatch.setattr("memories.context.rolling_summary", lambda **_: None)
    monkeypatch.setattr("memories.context.retrieve", lambda **_: [])


def build(sources, contents=("a0", "u1", "a2", "u3", "a4", "Where is the key?"), **budgets):
    return build_context(
        thread_id=1,
        system_prompt="You are Vela.",
        history=history(*contents),
        sources=sources,
        budgets=budgets or None,
    )


def test_each_role_play_source_goes_where_it_belongs(no_memories):
    sources = TurnSources(
        user_name="Ash",
        persona_description="A bard with a broken lute.",
        lore=(
            lore(1, "lore_before", "The isle sank long ago."),
            lore(2, "lore_after", "Vela guards the key.", order=50),
            lore(3, "lore_after", "The key is silver.", order=10),
            lore(4, "lore_depth", "It is raining.", depth=2),
        ),
        post_history="Reply in under 80 words.",
        author_note="Keep it eerie.",
        author_note_depth=1,
    )
    assembled = build(sources)
    system = assembled.messages[0].content
    assert system.startswith("### World notes\nThe isle sank long ago.\n\nYou are Vela.")
    assert system.index("The isle sank") < system.index("You are Vela.")
    assert system.index("You are Vela.") < system.index("### Ash (the user)\nA bard")
    assert system.index("A bard") < system.index("### More world notes")
    # Lower insertion order goes higher.
    assert system.index("The key is silver.") < system.index("Vela guards the key.")
    chat = [(m.role, m.content) for m in assembled.messages[1:]]
    assert chat == [
        ("assistant", "a0"),
        ("user", "u1"),
        ("assistant", "a2"),
        ("user", "u3"),
        ("system", "It is raining."),  # two conversation messages from the end
        ("assistant", "a4"),
        ("system", "Reply in under 80 words."),
        ("system", "[Author's note: Keep it eerie.]"),  # one from the end
        ("user", "Where is the key?"),
    ]
    receipt = assembled.receipt
    lore_items = [(i.layer, i.kind, i.id, i.matched_key) for i in receipt.items if i.kind == "lore"]
    assert lore_items == [
        ("lore_before", "lore", 1, "k"),
        ("lore_after", "lore", 3, "k"),
        ("lore_after", "lore", 2, "k"),
        ("lore_depth", "lore", 4, "k"),
    ]
    for name in ROLE_PLAY_LAYERS:
        assert receipt.layers[name].tokens > 0
    assert receipt.total_tokens <= receipt.budget_tokens


def test_without_sources_the_role_play_layers_are_empty(no_memories):
    assembled = build(TurnSources())
    assert assembled.messages[0].content.startswith("You are Vela.")
    assert [m.role for m in assembled.messages[1:]] == ["assistant", "user"] * 3
    for name in ROLE_PLAY_LAYERS:
        assert assembled.receipt.layers[name].tokens == 0


def test_lore_over_its_budget_drops_the_lowest_insertion_order_first(no_memories):
    lines = tuple(lore(n, "lore_after", f"fact number {n} " * 5, order=n * 10) for n in range(1, 6))
    assembled = build(TurnSources(lore=lines), lore_after=60)
    usage = assembled.receipt.layers["lore_after"]
    kept = [i.id for i in assembled.receipt.items if i.kind == "lore"]
    assert usage.tokens <= 60 and usage.dropped == 5 - len(kept) and 0 < len(kept) < 5
    assert kept == sorted(kept) and kept[-1] == 5  # the highest orders stay, shown in order


@pytest.mark.django_db
def test_a_thread_s_persona_lore_note_and_post_history_reach_the_prompt(user, no_memories):
    ash = Persona.objects.create(owner=user, name="Ash", description="{{user}} plays the lute.")
    character = CharacterFactory(
        owner=user, name="Vela", post_history_instructions="Speak to {{user}} as {{char}}."
    )
    thread = Thread.objects.create(
        owner=user, character=character, persona=ash, author_note="Rain.", author_note_depth=2
    )
    lorebook_create(
        owner=user,
        data={
            "name": "Isle",
            "threads": [thread.pk],
            "entries": [
                {"keys": ["lute"], "content": "{{char}} once owned that lute.", "comment": "Lute"},
                {"keys": ["sea"], "content": "The sea is black.", "comment": "Sea"},
            ],
        },
    )
    MessageFactory(thread=thread, seq=1, role="assistant", content="Hello.")
    MessageFactory(thread=thread, seq=2, role="user", content="May I play my LUTE?")
    assembled = assemble_context(thread=thread, reply_seq=3, user_name="Ash")
    system = assembled.messages[0].content
    assert "### Ash (the user)\nAsh plays the lute." in system
    assert "Vela once owned that lute." in system and "The sea is black." not in system
    assert ("system", "Speak to Ash as Vela.") in [(m.role, m.content) for m in assembled.messages]
    assert "[Author's note: Rain.]" in [m.content for m in assembled.messages]
    [item] = [i for i in assembled.receipt.items if i.kind == "lore"]
    assert (item.title, item.matched_key) == ("Lute", "lute")


# ---------------------------------------------------------------------------- acceptance


def _card_with_book():
    card = card_v2()
    card["data"]["name"] = "Seraphina"
    card["data"]["first_mes"] = "Welcome to the glade."
    card["data"]["character_book"] = {
        "name": "Eldoria",
        "extensions": {},
        "entries": [
            {
                "keys": ["moonwell"],
                "content": "The Moonwell heals any wound at midnight.",
                "extensions": {},
                "enabled": True,
                "insertion_order": 10,
                "comment": "Moonwell",
                "id": 1,
            },
            {
                "keys": [],
                "content": "Eldoria's trees whisper to Seraphina.",
                "extensions": {},
                "enabled": True,
                "insertion_order": 5,
                "constant": True,
                "comment": "Whispering trees",
                "id": 2,
            },
            {
                "keys": ["obsidian tower"],
                "content": "The Obsidian Tower is sealed.",
                "extensions": {},
                "enabled": True,
                "insertion_order": 20,
                "comment": "Tower",
                "id": 3,
            },
        ],
    }
    return card


@pytest.mark.django_db(transaction=True)
async def test_a_card_book_entry_reaches_the_model_when_its_key_is_mentioned(settings, user):
    from rest_framework.test import APIClient

    from drawhisper.accounts.services import token_for_user

    def import_and_start():
        client = APIClient()
        client.force_authenticate(user)
        response = client.post(
            "/api/characters/import/", copy.deepcopy(_card_with_book()), format="json"
        )
        assert response.status_code == 201, response.json()
        character_id = response.json()["character"]["id"]
        thread = client.post("/api/threads/", {"character": character_id}, format="json").json()
        return thread["id"], token_for_user(user=user)

    thread_id, token = await database_sync_to_async(import_and_start)()
    with FakeOpenAIServer() as server:
        use_fake_openai_chat(settings, server)
        server.push("*She nods.* Yes, at midnight.")
        server.push("*She shrugs.*")
        ws = await connect(thread_id, token)
        await send_message(ws, "Can the moonwell heal me?")
        end = (await receive_until(ws, "reply.end", timeout=20))[-1]
        await send_message(ws, "What a quiet night.")
        second_end = (await receive_until(ws, "reply.end", timeout=20))[-1]
        await ws.disconnect()
        first, second = [request["body"]["messages"] for request in server.requests()]

    prompt = "\n".join(message["content"] for message in first)
    assert "The Moonwell heals any wound at midnight." in prompt
    assert "Eldoria's trees whisper to Seraphina." in prompt  # constant
    assert "The Obsidian Tower is sealed." not in prompt  # never mentioned
    lore_items = {item["title"]: item for item in end["receipt"]["items"] if item["kind"] == "lore"}
    assert lore_items["Moonwell"]["matched_key"] == "moonwell"
    assert lore_items["Whispering trees"]["matched_key"] == ""
    assert "Tower" not in lore_items

    # Two turns on, the newest messages (the scan depth is 2) no longer name the moonwell:
    # only the constant entry stays.
    later = "\n".join(message["content"] for message in second)
    assert "Eldoria's trees whisper to Seraphina." in later
    second_titles = {i["title"] for i in second_end["receipt"]["items"] if i["kind"] == "lore"}
    assert second_titles == {"Whispering trees"}
    assert "The Moonwell heals" not in later
    stored = await database_sync_to_async(
        lambda: list(
            Message.objects.filter(thread_id=thread_id, active=True).values_list("role", flat=True)
        )
    )()
    assert stored == ["assistant", "user", "assistant", "user", "assistant"]
