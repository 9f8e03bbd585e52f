"""The offline model's decisions on changes said the way people chat: an ending or a new value
in chat style (lower case, no slot word, a diet no list names) replaces the old memory, and
what only looks like one is added."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import decide
from tests.providers.decision_memories import NAMES, chunk, existing


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # An ending said of the thing the old memory names, with no slot word in either.
        (
            ("Kai: bus", "Kai drives the number 9 bus through the city centre.", "worldbuilding"),
            chunk("Kai: paramedic", "Kai is a paramedic now, no more bus routes.", "conversation"),
        ),
        (
            ("Kai: warehouse", "Kai said nights at the warehouse again.", "conversation"),
            chunk("Kai: boatyard", "Kai left the warehouse. The boatyard took them on."),
        ),
        (
            ("Kai: carnivore", "Kai is on the carnivore diet, just beef.", "conversation"),
            chunk("Kai: plant-based", "Kai said that's the end of carnivore, plant-based now."),
        ),
        # Names written in lower case are still the names the old memory has.
        (
            ("Kai: girlfriend Noor", "Kai's girlfriend Noor loves astronomy.", "relationship"),
            chunk(
                "Kai: kiri", "Kai said noor and they aren't together anymore. kiri asked them out."
            ),
        ),
        # A pet named right after its kind, then mourned.
        (
            ("Kai: hamster Nugget", "Kai's hamster Nugget climbs out of his cage.", "fact"),
            chunk("Kai: rabbit", "Kai said RIP Nugget. They got a rabbit named Thistle."),
        ),
        (
            (
                "Kai: budgie Pippin",
                "Kai said just their budgie Pippin, he screams.",
                "conversation",
            ),
            chunk(
                "Kai: Ziggy", "Pippin went to live with Kai's mum. Kai has a lizard called Ziggy."
            ),
        ),
        # A home: a place said "is home", a dwelling of any kind, a place in lower case.
        (
            ("Kai: flat, Cardiff", "A stall by Kai's flat in Cardiff sells them.", "fact"),
            chunk("Kai: Edinburgh", "Kai said Edinburgh is home now.", "worldbuilding"),
        ),
        (
            ("Kai: cottage, Cork", "Kai's cottage in Cork has a red door.", "fact"),
            chunk("Kai: Galway", "Kai moved to Galway in the spring.", "important_event"),
        ),
        (
            ("Kai: Leeds", "Kai lives in Leeds.", "fact"),
            chunk("Kai: york", "Kai said they moved to york now.", "important_event"),
        ),
        (
            ("Kai: cottage, bristol", "Kai lives in a tiny cottage in bristol.", "fact"),
            chunk("Kai: glasgow", "Kai said they moved to glasgow last month.", "important_event"),
        ),
        # Negated: "not ... anymore" ends what is between.
        (
            ("Kai: barista", "Kai is a barista at the corner cafe.", "fact"),
            chunk("Kai: yoga", "Kai said not a barista anymore. They teach yoga now."),
        ),
        (
            ("Kai: meat", "Kai eats meat every day.", "preference"),
            chunk("Kai: meat", "Kai doesn't eat meat anymore.", "preference"),
        ),
        # Living with a new partner named.
        (
            ("Kai: boyfriend Tom", "Kai's boyfriend Tom is a chef.", "relationship"),
            chunk("Kai: Nora", "Kai moved in with Nora now."),
        ),
        # A diet of the small lexicon, said bare, begun at a recent time.
        (
            ("Kai: vegan", "Wait, nothing with meat pls, Kai is vegan.", "fact"),
            chunk("Kai: flexitarian", "Kai has been flexitarian since march.", "fact"),
        ),
        (
            ("Kai: low-carb", "Kai is low-carb, doctor's orders.", "fact"),
            chunk("Kai: mediterranean", "Kai is on the mediterranean diet now.", "preference"),
        ),
        # "They" in a memory is the person it reports: Kai's doctor put Kai on keto.
        (
            ("Kai: vegetarian", "Kai has been vegetarian since uni.", "fact"),
            chunk("Kai: keto", "Kai's doctor put them on keto, the vegetarian era is over."),
        ),
        # The person named in a later sentence than the one naming the slot.
        (
            ("Kai: omnivore", "Kai said they eat everything, total omnivore.", "conversation"),
            chunk(
                "Kai: meat", "Big change in Kai's life. They're fully vegetarian as of this month."
            ),
        ),
        # A pet named without its kind: whichever pet the old memory names.
        (
            ("Kai: dog Chip", "Kai's dog's called Chip, he's a menace.", "fact"),
            chunk("Kai: Bosun", "Kai said they renamed him Bosun.", "fact"),
        ),
        # A pet named after its kind and a comma, typed in a hurry, or before its kind.
        (
            ("Kai: tortoise", "This is Kai's tortoise, Tank.", "fact"),
            chunk("Kai: Boulder", "Kai said tank died. They got a new tortoise, Boulder."),
        ),
        (
            ("Kai: parakeet", "Kai's parakeet is calld Zazu.", "fact"),
            chunk("Kai: Pico", "Kai said zazu flew off, got a new one, his name is Pico."),
        ),
        (
            ("Kai: rabbit", "This is Dumpling, Kai's rabbit.", "fact"),
            chunk("Kai: Bao", "Kai said dumpling passed in june. meet Bao, their new bunny."),
        ),
        # An ending said by an idiom or a phrase's shape.
        (
            ("Kai: goldfish", "Kai's goldfish Bubbles is 6.", "fact"),
            chunk("Kai: Goldie", "Kai said Goldie's settling in, bubbles had a good long life."),
        ),
        (
            ("Kai: bf Rashid", "Kai said their bf Rashid forgot their birthday.", "fact"),
            chunk("Kai: Leila", "Rashid and Kai brokeup. They're with Leila now.", "fact"),
        ),
        # A home in lower case, read from the sentence's shape.
        (
            ("Kai: abuja", "Kai said abuja's been home for ten years now.", "conversation"),
            chunk("Kai: Lagos", "New job meant a new city, so Kai is in Lagos now."),
        ),
        (
            ("Kai: norwich", "Kai is in norwich, been here since uni.", "fact"),
            chunk("Kai: york", "Kai moved to york last week.", "important_event"),
        ),
        (
            ("Kai: Bristol", "Kai lives in Bristol, in a flat above a chip shop.", "fact"),
            chunk("Kai: Sheffield", "Kai is a Sheffield girl now.", "fact"),
        ),
        # A job begun.
        (
            (
                "Kai: paralegal",
                "Kai is a paralegal and the partners dump everything on them.",
                "fact",
            ),
            chunk("Kai: attorney", "Kai started as an associate attorney this week.", "fact"),
        ),
        # A thing that closed, and what the person does instead.
        (
            ("Kai: record shop", "Kai runs a little record shop, vinyl only.", "fact"),
            chunk("Kai: taxi", "Kai said the shop closed in april. now they're driving a taxi."),
        ),
    ],
)
def test_a_change_said_the_way_people_chat_replaces_the_old_memory(old, new):
    assert decide([new], existing(old), names=("Kai", "Mira")) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The same thing again, not an ending of it.
        (
            ("Kai: camping", "Kai went camping by the lake.", "important_event"),
            chunk("Kai: camping", "Kai went camping again, by the river this time."),
        ),
        # An ending of something the old memory does not name.
        (
            ("Kai: bus", "Kai drives the number 9 bus.", "fact"),
            chunk("Kai: gym", "Kai said no more gym for them this month."),
        ),
        # Someone else's ending.
        (
            ("Kai: warehouse", "Kai works nights at the warehouse.", "fact"),
            chunk("Mira: warehouse", "Mira left the warehouse years ago."),
        ),
        # An old memory of more than one sentence keeps its other facts.
        (
            ("Kai: facts", "Kai drives the number 9 bus. Kai has a cat.", "fact"),
            chunk("Kai: paramedic", "Kai said no more bus routes."),
        ),
        # A feeling or a fear is no place: "living in fear" names no home.
        (
            ("Kai: Leeds", "Kai lives in Leeds.", "fact"),
            chunk("Kai: fear", "Kai said they're living in fear now."),
        ),
        # Moving in with a relative is no new partner.
        (
            ("Kai: boyfriend Tom", "Kai's boyfriend Tom is a chef.", "relationship"),
            chunk("Kai: sister", "Kai moved in with their sister now."),
        ),
        # Someone else's job, though "them" is said after it.
        (
            ("Kai: mum", "Kai's mum's a dentist, she'd kill them for eating this.", "fact"),
            chunk("Kai: supervisor", "Kai got promoted, they're the depot supervisor now."),
        ),
        # "Since" with a long time says a state kept up, not one begun.
        (
            ("Kai: Leeds", "Kai lives in Leeds.", "fact"),
            chunk("Kai: Leeds", "Kai has lived in Leeds since 2010.", "fact"),
        ),
        # Passing an exam ends nothing; losing one's keys names no pet.
        (
            ("Kai: dog Chip", "Kai's dog is called Chip.", "fact"),
            chunk("Kai: bar", "Kai passed the bar and lost their keys.", "fact"),
        ),
        # A new pet beside the old one, with no change said, stays beside it.
        (
            ("Kai: dog Chip", "Kai's dog is called Chip.", "fact"),
            chunk("Kai: cat Olive", "Kai has a cat called Olive.", "fact"),
        ),
    ],
)
def test_chat_style_look_alikes_of_a_change_are_added(old, new):
    assert decide([new], existing(old), names=("Kai", "Mira")) == ["add"]


def test_a_pets_new_name_said_after_a_long_aside_still_replaces_the_old_one():
    """The kind of animal and its name read anywhere in a long message (a user's long aside
    before the news), not only near each other."""
    aside = " ".join(["we walked the long road past the harbour and talked about nothing"] * 150)
    old = ("Sam: Pepper", "Sam's cat is called Pepper.", "fact")
    new = chunk("Sam: Miso", f"Sam said the cat {aside}; anyway she's called Miso now.")
    assert decide([new], existing(old), names=("Sam", "Mira")) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Alice is sproutarian, sprouts and raw greens only.", "Alice is grain-free now."),
        ("Alice is juicearian, no solid food.", "Alice eats hypercarnivore these days."),
        ("Alice keeps a locavore diet.", "Alice switched to sugar-free last month."),
    ],
)
def test_a_diet_no_list_names_is_read_by_its_shape_and_its_change_retires_the_old(old, new):
    decisions = decide([chunk("Eating", new)], existing(("Food", old, "fact")), names=NAMES)

    assert decisions == ["update 1"]


@pytest.mark.parametrize(
    "old",
    [
        "Alice works as a librarian in town.",
        "Alice bought a tax-free bottle of perfume at the airport.",
        "Alice had a stress-free week off.",
    ],
)
def test_words_shaped_like_a_diet_that_are_none_retire_nothing(old):
    decisions = decide(
        [chunk("Eating", "Alice is grain-free now.")], existing(("Week", old, "fact")), names=NAMES
    )

    assert decisions == ["add"]
