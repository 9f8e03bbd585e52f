"""The offline model's decisions about existing memories: conservative, so a true memory is
never retired by a look-alike (two favourite foods, a sister and the sister's job), while a
changed single value (diet, job, city) and a plain repeat are still recognised. A person's
one-value slots: test_offline_decisions_slots; changes said the way people chat:
test_offline_decisions_chat."""

from __future__ import annotations

import json

import pytest

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline import OfflineChatBackend
from drawhisper.providers.offline.decisions import decide
from memories.pipeline.schema import EXTRACT_SCHEMA, parse_chunks
from tests.providers.decision_memories import NAMES, chunk, existing


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # LoCoMo-like observations stored as facts: each is a memory of its own.
        (
            chunk("Favourite food", "Alice loves sushi.", "preference"),
            ("Favourite food", "Alice loves pizza.", "preference"),
        ),
        (
            chunk("Alice's sister's job", "Alice's sister works as a nurse."),
            ("Alice's sister", "Alice has a sister called Jo.", "fact"),
        ),
        (
            chunk("Alice's brother", "Alice's brother Tomas fixes boats.", "relationship"),
            ("Alice's sister", "Alice's sister Jo lives in Porto.", "relationship"),
        ),
        (
            chunk("Alice's hobbies", "Alice paints on Sundays."),
            ("Alice's hobbies", "Alice plays the violin.", "fact"),
        ),
        (
            chunk("Alice: facts", "Alice is 31 and was born in Porto."),
            ("Alice: facts", "Alice works in a bakery and now lives alone.", "fact"),
        ),
        (
            chunk("Diet", "Alice worries she eats too much sugar.", "emotion"),
            ("Diet", "Alice eats meat.", "emotion"),
        ),
    ],
)
def test_look_alikes_are_added_never_updates(new, old):
    assert decide([new], existing(old), names=NAMES) == ["add"]


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (
            chunk("Diet", "Alice is vegetarian and eats no meat.", "preference"),
            ("Alice's diet", "Alice eats meat and loves steak.", "preference"),
        ),
        (
            chunk("Alice's job", "Alice teaches maths at the harbour school."),
            ("Job", "Alice works in a bakery.", "fact"),
        ),
        (
            chunk("Favourite food", "Alice now loves sushi more than anything.", "preference"),
            ("Favourite food", "Alice loves pizza.", "preference"),
        ),
    ],
)
def test_a_changed_single_value_or_a_stated_change_is_an_update(new, old):
    assert decide([new], existing(old), names=NAMES) == ["update 1"]


def test_a_repeat_is_the_same_memory_and_other_memories_are_left_alone():
    memories = existing(
        ("Lighthouse", "Mira keeps the lamp lit.", "worldbuilding"),
        ("Pixel", "Alice has a grey cat called Pixel.", "fact"),
    )
    repeat = chunk("Pixel", "Alice has a grey cat called Pixel!")
    assert decide([repeat], memories, names=NAMES) == ["same 2"]


def test_one_existing_memory_is_updated_by_one_chunk_at_most():
    memories = existing(("Diet", "Alice eats meat.", "preference"))
    new = [
        chunk("Diet", "Alice is vegan.", "preference"),
        chunk("Diet", "Alice is pescatarian.", "preference"),
    ]
    assert decide(new, memories, names=NAMES) == ["update 1", "add"]


def test_the_offline_extractor_answers_with_a_decision_the_pipeline_accepts():
    shown = [
        {"id": 1, "type": "preference", "title": "Sam: jasmine tea", "content": "Sam likes tea."},
    ]
    prompt = [
        ChatMessage(
            "system",
            "You pick what a role-play character should remember long-term from a chat "
            "between Sam (the user, a real person) and Ada (a character played by an AI).",
        ),
        ChatMessage(
            "user",
            "<new_summary>\nSam talked about the sea.\n</new_summary>\n\n<existing_memories>\n"
            + "\n".join(json.dumps(item) for item in shown)
            + "\n</existing_memories>\n\n<transcript>\n"
            "Sam: I love quiet evenings by the sea and I'm terrified of deep water.\n"
            "Ada: The sea is kind to those who respect it.\n</transcript>\n",
        ),
    ]
    reply = OfflineChatBackend(delay=0).complete(prompt, json_schema=EXTRACT_SCHEMA).text

    chunks = parse_chunks(reply, existing=len(shown))
    assert chunks and all(item.decision == "add" for item in chunks)
    assert all("decision" in item for item in json.loads(reply)["chunks"])
