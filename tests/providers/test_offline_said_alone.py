"""A memory that opens with a word said on its own ("Varnholt. Kai's cottage is ...", "That's
nibbles. Kai's hamster.", "Kai said honestly. they're raw vegan ...") is one fact, not two:
the word is told of by the sentence after it, so a later change retires the memory as it
retires one written in a single sentence. What is said next of the same partner or pet
("she squeaks at the fridge") is part of that fact; what is said of someone else is not."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import decide
from drawhisper.providers.offline.decisions.slots import facts
from tests.providers.decision_memories import chunk, existing

NAMES = ("Kai", "Mira")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A place said on its own, then the person's home there.
        (
            ("Kai: cottage, lane", "Varnholt. Kai's cottage is at the end of the lane.", "fact"),
            chunk("Kai: we moved", "Kai said they moved to dunmore.", "important_event"),
        ),
        # A pet introduced by its name on its own, then more about the pet.
        (
            (
                "Kai: my hamster",
                "That's nibbles. Kai's hamster. she squeaks at the fridge door every night.",
                "fact",
            ),
            chunk("Kai: nibbles died", "Kai said nibbles died last week.", "important_event"),
        ),
        # What is said of the pet as "her" after it is about the pet too.
        (
            (
                "Kai: my hamster",
                "That's nibbles. Kai's hamster. the vet calls her the escape artist.",
                "fact",
            ),
            chunk("Kai: nibbles died", "Kai said nibbles died last week.", "important_event"),
        ),
        # A word that answers, then the value: ended the way a one-sentence memory is.
        (
            (
                "Kai: nothing cooked",
                "Kai said honestly. they're raw vegan, so nothing cooked.",
                "fact",
            ),
            chunk("Kai: stopped", "Kai stopped doing raw vegan, it was too cold for it."),
        ),
    ],
)
def test_a_word_said_on_its_own_and_its_sentence_are_retired_as_one_fact(old, new):
    assert decide([new], existing(old), names=NAMES) == ["update 1"]


@pytest.mark.parametrize(
    "old",
    [
        # Someone else's fact after the pet's: retiring the memory would lose it.
        "That's nibbles. Kai's hamster. her brother's a vet in town.",
        # Another person named after the pet.
        "That's nibbles. Kai's hamster. she and Tomas nap together.",
        # A fact of Kai's own after the pet's.
        "That's nibbles. Kai's hamster. Kai works nights at the depot.",
    ],
)
def test_what_is_said_of_someone_else_after_the_pet_keeps_the_memory(old):
    new = chunk("Kai: nibbles died", "Kai said nibbles died last week.", "important_event")
    assert decide([new], existing(("Kai: my hamster", old, "fact")), names=NAMES) == ["add"]


def test_facts_joins_a_word_said_alone_to_the_sentence_after_it():
    assert facts("Varnholt. Kai's cottage is at the end of the lane. Kai works at the depot.") == [
        "Varnholt, Kai's cottage is at the end of the lane.",
        "Kai works at the depot.",
    ]
    assert facts("Kai works at the depot. Honestly.") == ["Kai works at the depot. Honestly."]
