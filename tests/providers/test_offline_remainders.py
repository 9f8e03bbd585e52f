"""The offline model's remainders: a memory that holds several facts is retired when one of
them changes, and the sentences that do not name the changed slot are kept as the update's
remainder; a memory whose every sentence the change hits, or that the change does not hit
alone, gets no remainder."""

from __future__ import annotations

import json

import pytest

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline import OfflineChatBackend
from drawhisper.providers.offline.decisions import Existing, decide, split_updates
from memories.pipeline.schema import EXTRACT_SCHEMA, parse_chunks

NAMES = ("Alice", "Mira")


def chunk(title, content, type_="fact"):
    return {"title": title, "content": content, "type": type_}


def old(content, type_="fact", title="Alice: facts"):
    return [Existing(ref=1, type=type_, title=title, content=content)]


def decided(new, memories):
    return split_updates([new], memories, decide([new], memories, names=NAMES), names=NAMES)


@pytest.mark.parametrize(
    ("new", "content", "kept"),
    [
        (
            chunk("Alice: Porto", "Alice moved to Porto last month."),
            "Alice lives in Lisbon, near the river. Alice works as a nurse at the hospital.",
            "Alice works as a nurse at the hospital.",
        ),
        (
            chunk("Alice: florist", "Alice quit the bakery, and she is a florist now."),
            "Alice works as a baker at the harbour. Alice has a cat called Pixel.",
            "Alice has a cat called Pixel.",
        ),
        (
            chunk("Alice: Olive", "Biscuit passed away. Alice's new puppy is called Olive."),
            "Alice's dog is called Biscuit. Alice swims in the lake every morning.",
            "Alice swims in the lake every morning.",
        ),
        # The partner's name said on its own and what is said of him after leave with him.
        (
            chunk("Alice: done", "Noor and Alice broke up in the spring."),
            "Alice rents a flat above the bakery. Noor. noor's Alice's boyfriend. "
            "he paints boats by the slipway.",
            "Alice rents a flat above the bakery.",
        ),
    ],
)
def test_one_changed_fact_retires_the_memory_and_keeps_the_others(new, content, kept):
    assert decided(new, old(content)) == [("update 1", kept)]


@pytest.mark.parametrize(
    ("new", "content"),
    [
        # No change word: another fact, not a change.
        (
            chunk("Alice: Porto", "Alice visited Porto last month."),
            "Alice lives in Lisbon. Alice works as a nurse.",
        ),
        # The other sentence names a slot the new content names too: too close to split.
        (
            chunk("Alice: Porto", "Alice moved to Porto and works as a teacher now."),
            "Alice lives in Lisbon. Alice works as a nurse.",
        ),
        # Someone else's city.
        (
            chunk("Mira: Porto", "Mira moved to Porto last month."),
            "Alice lives in Lisbon. Alice works as a nurse.",
        ),
    ],
)
def test_no_remainder_unless_the_change_hits_part_of_the_memory_alone(new, content):
    assert decided(new, old(content)) == [("add", "")]


def test_a_memory_of_another_kind_is_never_split():
    new = chunk("Alice: Porto", "Alice moved to Porto last month.")
    content = "Alice felt lonely in Lisbon. Alice cried at the station."
    assert decided(new, old(content, type_="emotion")) == [("add", "")]


def test_a_memory_of_one_fact_is_a_plain_update_without_a_remainder():
    new = chunk("Alice: Porto", "Alice moved to Porto last month.")
    assert decided(new, old("Alice lives in Lisbon.")) == [("update 1", "")]


def test_the_offline_reply_carries_the_remainder_and_the_pipeline_accepts_it():
    memory = {
        "id": 1,
        "type": "fact",
        "title": "Alice: Lisbon, nurse",
        "content": "Alice lives in Lisbon, near the river. Alice works as a nurse at the hospital.",
    }
    messages = [
        ChatMessage(
            "system",
            "You pick what a role-play character should remember long-term from a chat between "
            "Alice (the user, a real person) and Mira (a character played by an AI).",
        ),
        ChatMessage(
            "user",
            f"<existing_memories>\n{json.dumps(memory)}\n</existing_memories>\n\n"
            "<transcript>\n[7] Alice: I moved to Porto last month.\n"
            "[8] Mira: Porto suits you.\n</transcript>",
        ),
    ]
    reply = OfflineChatBackend(delay=0).complete(messages, json_schema=EXTRACT_SCHEMA)
    chunks = parse_chunks(reply.text, existing=1)
    updates = [c for c in chunks if c.decision == "update 1"]
    assert [c.remainder for c in updates] == ["Alice works as a nurse at the hospital."]
    assert all(not c.remainder for c in chunks if c.decision != "update 1")
