"""Lorebook timed effects and inclusion groups over real chat turns: what went into earlier
replies (their receipts) keeps a sticky entry in after its key is no longer said."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from characters.lorebooks.services import lorebook_create
from tests.chat.conftest import connect, receive_until, send_message, use_fake_openai_chat
from tests.factories import CharacterFactory
from tests.support.openai_server import FakeOpenAIServer


def lore_types(end_event) -> dict[str, str]:
    return {
        item["title"]: item["type"]
        for item in end_event["receipt"]["items"]
        if item["kind"] == "lore"
    }


@pytest.mark.django_db(transaction=True)
async def test_a_sticky_entry_stays_in_the_receipt_two_turns_after_its_key_then_goes(
    settings, user
):
    from chat.models import Thread
    from drawhisper.accounts.services import token_for_user

    def start():
        character = CharacterFactory(owner=user, name="Seraphina")
        thread = Thread.objects.create(owner=user, character=character)
        lorebook_create(
            owner=user,
            data={
                "name": "Eldoria",
                "characters": [character.pk],
                "entries": [
                    {
                        "keys": ["moonwell"],
                        "comment": "Moonwell",
                        "content": "The Moonwell heals any wound at midnight.",
                        "sticky": 5,
                    },
                    {"keys": ["tower"], "comment": "Tower", "content": "The tower is sealed."},
                ],
            },
        )
        return thread.pk, token_for_user(user=user)

    thread_id, token = await database_sync_to_async(start)()
    with FakeOpenAIServer() as server:
        use_fake_openai_chat(settings, server)
        for reply in ("*She nods.*", "*She smiles.*", "*She hums.*", "*She sleeps.*"):
            server.push(reply)
        ws = await connect(thread_id, token)
        ends = []
        for text in ("Can the moonwell heal me?", "What a quiet night.", "The stars!", "Dawn."):
            await send_message(ws, text)
            ends.append((await receive_until(ws, "reply.end", timeout=20))[-1])
        await ws.disconnect()
        prompts = [
            "\n".join(message["content"] for message in request["body"]["messages"])
            for request in server.requests()
        ]

    assert lore_types(ends[0]) == {"Moonwell": "key"}
    # Its key is out of the scan (2 messages) from the second turn on, yet it stays for its
    # 5 messages: in the next two replies, marked sticky, and in their prompts.
    assert lore_types(ends[1]) == {"Moonwell": "sticky"}
    assert lore_types(ends[2]) == {"Moonwell": "sticky"}
    assert "The Moonwell heals any wound at midnight." in prompts[2]
    # Six messages after it fired, it is gone.
    assert lore_types(ends[3]) == {}
    assert "The Moonwell heals" not in prompts[3]


def _grouped_chat(user, *, scoring=None):
    from chat.models import Thread
    from tests.factories import MessageFactory

    character = CharacterFactory(owner=user, name="Vela")
    thread = Thread.objects.create(owner=user, character=character)
    lorebook_create(
        owner=user,
        data={
            "name": "Weather",
            "threads": [thread.pk],
            "entries": [
                {
                    "keys": ["storm", "thunder"],
                    "comment": "Storm",
                    "content": "A storm breaks.",
                    "group": "weather",
                    "use_group_scoring": scoring,
                },
                {
                    "keys": ["storm"],
                    "comment": "Drizzle",
                    "content": "A drizzle falls.",
                    "group": "weather",
                    "use_group_scoring": scoring,
                },
            ],
        },
    )
    MessageFactory(thread=thread, seq=1, role="assistant", content="Hello.")
    MessageFactory(thread=thread, seq=2, role="user", content="A storm, and thunder!")
    return thread


def _lore_titles(thread) -> list[str]:
    from chat.context import assemble_context

    receipt = assemble_context(thread=thread, reply_seq=3, user_name="Ash").receipt
    return [item.title for item in receipt.items if item.kind == "lore"]


@pytest.mark.django_db
def test_a_groups_draw_is_the_same_each_time_a_turn_is_assembled_and_differs_by_chat(user):
    threads = [_grouped_chat(user) for _ in range(16)]
    first = [_lore_titles(thread) for thread in threads]
    assert all(len(titles) == 1 for titles in first)  # one of the group goes in
    assert [_lore_titles(thread) for thread in threads] == first  # a regenerate draws the same
    assert {titles[0] for titles in first} == {"Storm", "Drizzle"}


@pytest.mark.django_db
def test_group_scoring_from_the_setting_lets_the_entry_with_more_keys_win(user, settings):
    settings.LORE_GROUP_SCORING = True
    threads = [_grouped_chat(user) for _ in range(12)]
    assert {tuple(_lore_titles(thread)) for thread in threads} == {("Storm",)}
    # With the setting off, the entries' own true turns scoring on for them.
    settings.LORE_GROUP_SCORING = False
    threads = [_grouped_chat(user, scoring=True) for _ in range(12)]
    assert {tuple(_lore_titles(thread)) for thread in threads} == {("Storm",)}
