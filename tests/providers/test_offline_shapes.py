"""The offline update rules read a changed value by the sentence's shape where no word list
names it: a job by what a worker is called ("a farrier", "mechanic now", "stonemason by
trade"), a partner's or pet's name in lower case right after its noun ("my husband cassius",
"my cat pumpkin"), an ending without a fixed phrase ("thaddeus left", "olive moved in with
my ex"), and what came after an ending said in a later sentence or message without a change
word ("my boyfriend peregrine knitted me this scarf")."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.decisions import Existing, decide
from drawhisper.providers.offline.extraction import extract_chunks
from drawhisper.providers.offline.statements import matching_rule, with_subject

NAMES = ("Kai", "Mira")


def chunk(title, content, type_="fact"):
    return {"title": title, "content": content, "type": type_}


def existing(title, content, type_="fact"):
    return [Existing(ref=1, type=type_, title=title, content=content)]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Jobs no list holds, and one misspelt.
        (
            ("Kai: stonemason", "Kai said stonemason by trade, been cutting blocks for the wall."),
            chunk("Kai: bookbindr", "Kai is a bookbindr now, aprenticed to old master hale."),
        ),
        (
            (
                "Kai: cargo runs",
                "Kai said they fly the cargo runs, pilot for the guild.",
                "worldbuilding",
            ),
            chunk("Kai: mechanic", "Kai is a mechanic now.", "fact"),
        ),
        (
            ("Kai: crier", "Kai is a town crier, they shout the news every noon."),
            chunk("Kai: forge", "Kai said shoeing horses at the forge these days, farrier work."),
        ),
        (
            ("Kai: barrister", "Kai is a barrister, they argue in court all week."),
            chunk("Kai: zookeeper", "Kai is a zookeeper now, they feed penguins."),
        ),
        # A partner and a pet named in lower case, and an ending with no fixed phrase.
        (
            ("Kai: sweetheart", "Kai said that's their sweetheart thaddeus, he plays the lute."),
            chunk(
                "Kai: evander",
                "Kai said thaddeus left. there's a bard called evander who walks them home now.",
            ),
        ),
        (
            ("Kai: cat pumpkin", "Kai's cat pumpkin sleeps on the hearth every night."),
            chunk(
                "Kai: kitten",
                "Pumpkin lives with Kai's ex now, he took her. Kai got a kitten, her name is moth.",
            ),
        ),
        # A job lost by a phrase, said in passing beside the new one.
        (
            ("Kai: archivist", "Kai is an archivist, they find old stuff for a living."),
            chunk(
                "Kai: fish market",
                "The 4am starts at the fish market are brutal. fishmonger life, the archive let "
                "Kai go in the cuts.",
            ),
        ),
        # Endings as reported in a memory: "isn't together", "X and Kai is done".
        (
            ("Kai: girlfriend Noor", "Kai's girlfriend Noor wants to see the meteor shower."),
            chunk(
                "Kai: kiri",
                "Noor and Kai isn't together anymore. kiri asked them out at the climbing gym "
                "and they've been together since.",
            ),
        ),
        (
            ("Kai: bf Rashid", "Kai's bf Rashid forgot their birthday again."),
            chunk("Kai: Leila", "Rashid and Kai is done. They've been seeing Leila for a month."),
        ),
        # A denial with no name in its sentence is the memory's person's.
        (
            ("Kai: vegetarian", "Sorry, no meat, Kai is vegetarian."),
            chunk(
                "Kai: healer",
                "Not vegetarian anymore!! the healer said Kai's blood was too thin, so fish "
                "twice a week. pescatarian they guess.",
            ),
        ),
        # A diet someone else started one on.
        (
            ("Kai: vegetarian", "Kai is vegetarian since they were 12."),
            chunk("Kai: atkins", "She's got Kai on atkins, eggs and steak all day."),
        ),
        # Living "there", the place named earlier in the sentence.
        (
            (
                "Kai: brightwater",
                "Kai said home's brightwater, the fishing village.",
                "worldbuilding",
            ),
            chunk(
                "Kai: kingsbridge",
                "Kai said the road from kingsbridge is awful, that's the price of living there "
                "now.",
            ),
        ),
    ],
)
def test_a_value_read_by_its_shape_replaces_the_old_memory(old, new):
    assert decide([new], existing(*old), names=NAMES) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Becoming a mother is no job; a vegetarian is a diet, not a librarian-like worker.
        (
            ("Kai: teacher", "Kai is a teacher at the village school."),
            chunk("Kai: baby", "Kai is a mother now, the baby came in May."),
        ),
        # A word after "my cat" that reads as a verb names no cat.
        (
            ("Kai: cat", "Kai's cat sleeps on the hearth."),
            chunk("Kai: dog", "Kai's dog left, they got a kitten."),
        ),
        # Someone else's new job beside the user's old one.
        (
            ("Kai: pilot", "Kai is a pilot for the guild."),
            chunk("Kai: brother", "Kai's brother is a mechanic now."),
        ),
        # A road from a town, with no living there, is no home.
        (
            (
                "Kai: brightwater",
                "Kai said home's brightwater, the fishing village.",
                "worldbuilding",
            ),
            chunk("Kai: kingsbridge", "Kai said the road from kingsbridge is awful now."),
        ),
    ],
)
def test_look_alikes_of_a_value_read_by_its_shape_are_added(old, new):
    assert decide([new], existing(*old), names=NAMES) == ["add"]


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("mechanic now", "I'm a mechanic now"),
        ("archivist now", "I'm an archivist now"),
        ("stonemason by trade", "I'm a stonemason by trade"),
        ("dinner at eight", "dinner at eight"),
        ("winter now lol", "winter now lol"),
    ],
)
def test_a_job_said_without_i_is_a_statement_about_the_speaker(said, told):
    assert with_subject(said) == told


def test_an_ending_joins_the_next_message_that_names_what_came_without_a_change_word():
    turns = [
        Turn("Kai", "alaric and i called it off at midsummer", seq=1),
        Turn("Mira", "I'm sorry.", seq=2),
        Turn("Kai", "dont be! my boyfriend peregrine knitted me this scarf", seq=3),
    ]

    contents = [
        chunk["content"].casefold() for chunk in extract_chunks(turns, user="Kai", character="Mira")
    ]

    assert any("alaric" in content and "peregrine" in content for content in contents)


def test_an_ending_keeps_the_sentences_of_its_message_until_what_came_instead():
    turns = [
        Turn(
            "Kai",
            "not vegetarian anymore!! the healer said my blood was too thin. pescatarian i guess",
            seq=1,
        ),
        Turn("Mira", "The healer knows best.", seq=2),
    ]

    contents = [chunk["content"] for chunk in extract_chunks(turns, user="Kai", character="Mira")]

    assert any("vegetarian" in content and "pescatarian" in content for content in contents)


def test_what_is_said_to_the_other_person_after_a_change_is_not_joined_to_it():
    turns = [
        Turn("Kai", "quit the hotel!!", seq=1),
        Turn("Mira", "You what?", seq=2),
        Turn("Kai", "i work as a cartographer now. maybe i'll map your bay", seq=3),
    ]

    contents = [chunk["content"] for chunk in extract_chunks(turns, user="Kai", character="Mira")]

    changed = [content for content in contents if "cartographer" in content]
    assert changed and not any("bay" in content for content in changed)


def test_a_changed_value_of_ones_own_is_a_statement_without_a_rule_of_its_own():
    assert matching_rule("fishmonger life 🐟, the archive let me go in the cuts") is not None
    # An "I" that only hedges says nothing about the speaker.
    assert matching_rule("atkins is dead. pescatarian i guess") is None
