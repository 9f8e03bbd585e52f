"""The offline model's decisions on a person's one-value slots (job, home, partner, a pet's
name): a change of the person's own slot replaces the old memory whatever the titles say, read
from the sentence's shape; another person's slot, a fuller memory or a look-alike is added."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import decide
from tests.providers.decision_memories import chunk, existing


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            (
                "Sam: three years",
                "Sam said they've been vegetarian for three years.",
                "conversation",
            ),
            chunk("Sam: fully vegan", "Sam went fully vegan last month, no eggs anymore."),
        ),
        (
            ("Sam: nurse, city hospital", "Sam works as a nurse at the city hospital.", "fact"),
            chunk("Sam: teacher", "Sam quit their job as a nurse and is a teacher now."),
        ),
        (
            ("Sam: Leeds", "Sam lives in Leeds, in a flat near the station.", "fact"),
            chunk("Sam: Lisbon last week", "Sam moved to Lisbon last week.", "important_event"),
        ),
    ],
)
def test_a_persons_one_value_slot_said_to_change_is_an_update_whatever_the_title(old, new):
    assert decide([new], existing(old), names=("Sam", "Mira")) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Another person's value of the same slot.
        (
            ("Sam: Leeds", "Sam lives in Leeds.", "fact"),
            chunk("Mira: Porto", "Mira lives in Porto now."),
        ),
        (
            ("Sam: nurse", "Sam works as a nurse.", "fact"),
            chunk("Sam's sister", "Sam's sister works as a pilot now."),
        ),
        # The same slot without a word saying it changed.
        (
            ("Sam: Leeds", "Sam lives in Leeds.", "fact"),
            chunk("Sam: flat", "Sam lives in a flat near the station."),
        ),
        # A change of something that is not a one-value slot.
        (
            ("Sam: hiking", "Sam went hiking in the hills.", "important_event"),
            chunk("Sam: parade", "Sam went to a pride parade.", "important_event"),
        ),
    ],
)
def test_slot_look_alikes_are_added(old, new):
    assert decide([new], existing(old), names=("Sam", "Mira")) == ["add"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A job named by an occupation, without the word "job".
        (
            ("Sam: little cafe downtown", "Sam is a barista at a little cafe downtown.", "fact"),
            chunk(
                "Sam: software developer",
                "Sam said they got hired as a junior software developer, so no more coffee.",
                "conversation",
            ),
        ),
        (
            ("Sam: accountant", "Sam is an accountant at a big firm.", "fact"),
            chunk("Sam: baker", "Sam left accounting; they're a baker now."),
        ),
        # Where someone lives, said without "in".
        (
            ("Sam: Osaka", "Sam grew up in Osaka and they still live there.", "fact"),
            chunk(
                "Sam: Berlin", "Sam said they've moved to Berlin for good now.", "important_event"
            ),
        ),
        # A partner: the possessive names the slot, so "Sam's girlfriend" is Sam's.
        (
            ("Sam: girlfriend Nora", "Sam's girlfriend Nora and they met in 2020.", "relationship"),
            chunk(
                "Sam: Nora, spring",
                "Sam and Nora broke up in the spring. They're seeing someone new now, Elena.",
                "relationship",
            ),
        ),
        (
            ("Sam: husband Daniel", "Sam's husband Daniel is a firefighter.", "relationship"),
            chunk("Sam: Marcus", "Sam and Daniel divorced, and they're engaged to Marcus now."),
        ),
        # The person is the first of the two people named, wherever the content starts.
        (
            ("Sam: girlfriend Nora", "Sam's girlfriend Nora paints.", "relationship"),
            chunk("Sam: Elena", "Nora and Sam split up, and Sam is dating Elena now."),
        ),
        (
            ("Sam: Leeds", "Sam has lived in Leeds for years.", "fact"),
            chunk("Sam: Lisbon", "Last week Sam moved to Lisbon."),
        ),
        (
            ("Sam: bank, teller", "Sam works at a bank as a teller.", "fact"),
            chunk("Sam: gardener", "These days Sam works as a gardener."),
        ),
        (
            ("Sam: paramedic", "Sam is a paramedic on the night shift.", "fact"),
            chunk("Sam: pilot", "Sam said they've got a new job as an airline pilot."),
        ),
        (
            ("Sam: trucks", "Sam said they drive trucks for a living.", "fact"),
            chunk("Sam: nurse", "Sam is a nurse now, they retrained last year."),
        ),
        (
            ("Sam: sales", "Sam works in sales.", "fact"),
            chunk("Sam: teacher", "Sam left sales and they're a teacher now."),
        ),
        (
            ("Sam: student", "Sam is a student at the art college.", "fact"),
            chunk("Sam: designer", "Sam graduated and they're a graphic designer now."),
        ),
        (
            ("Sam: Cardiff", "Sam lives with their parents in Cardiff.", "fact"),
            chunk("Sam: Swansea", "Sam said they finally moved to Swansea.", "important_event"),
        ),
        (
            ("Sam: Brixton", "Sam's flat is in Brixton.", "fact"),
            chunk("Sam: Bristol", "Sam moved out of London; they're in Bristol now."),
        ),
        # A partner or a pet that is gone or renamed, even with nothing new in its place.
        (
            ("Sam: fiancee Beth", "Sam's fiancee Beth is a vet.", "relationship"),
            chunk("Sam: wedding", "Sam said Beth and they called off the wedding."),
        ),
        (
            ("Sam: Duke", "Sam's horse is called Duke.", "fact"),
            chunk("Sam: Storm", "Sam said they renamed Duke, he's called Storm now."),
        ),
        (
            ("Sam: boyfriend Tom", "Sam's boyfriend Tom is a chef.", "relationship"),
            chunk("Sam: Tom, last month", "Sam and Tom broke up last month."),
        ),
        (
            ("Sam: dog Rex", "Sam said our dog is called Rex.", "conversation"),
            chunk("Sam: Luna", "Sam said Rex died last year; now they have a cat called Luna."),
        ),
        # A pet's name, per kind of animal: renamed, or a new one after the old one died.
        (
            ("Sam: Pepper", "Sam's cat is called Pepper.", "fact"),
            chunk("Sam: Miso", "Sam said they renamed the cat; she's called Miso now."),
        ),
        (
            ("Sam: dog's name", "Sam's dog's name is Biscuit.", "fact"),
            chunk(
                "Sam: Biscuit, March",
                "Sam said Biscuit passed away in March. They adopted a new puppy called Waffles.",
                "important_event",
            ),
        ),
    ],
)
def test_a_changed_job_home_partner_or_pets_name_replaces_the_old_one(old, new):
    assert decide([new], existing(old), names=("Sam", "Mira")) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The husband's job is not Sam's: Sam becoming a teacher retires nothing of Daniel's.
        (
            ("Sam: husband Daniel", "Sam's husband Daniel is a firefighter.", "relationship"),
            chunk("Sam: teacher", "Sam quit nursing and is a teacher now."),
        ),
        # A sister's break-up is not Sam's.
        (
            ("Sam: girlfriend Nora", "Sam's girlfriend Nora paints.", "relationship"),
            chunk("Sam: sister Jo", "Sam's sister Jo broke up with Leo; she's dating Max now."),
        ),
        # Another kind of animal is another pet.
        (
            ("Sam: Pepper", "Sam's cat is called Pepper.", "fact"),
            chunk("Sam: Waffles", "Sam said they got a puppy called Waffles now."),
        ),
        # A pet's news that does not name it again.
        (
            ("Sam: Pepper", "Sam's cat is called Pepper.", "fact"),
            chunk("Sam: vet", "Sam's cat is poorly now and sleeps all day."),
        ),
        # Someone else's pet.
        (
            ("Mira: Sunny", "Mira's canary is called Sunny.", "fact"),
            chunk("Sam: Mango", "Sam said they renamed the canary; he's called Mango now."),
        ),
        # Someone else's loss: Sam's friend's dog is not Sam's.
        (
            ("Sam: dog Rex", "Sam's dog is called Rex.", "fact"),
            chunk("Mira: Rex", "Mira said her neighbour's dog Rex died."),
        ),
        # A loss that names nobody the old memory names.
        (
            ("Sam: boyfriend Tom", "Sam's boyfriend Tom is a chef.", "relationship"),
            chunk("Sam: grandmother", "Sam's grandmother Ida passed away in May."),
        ),
        # A friend is no partner: a friend's news leaves the memory of the friend alone.
        (
            ("Sam: friend Tom", "Sam's friend Tom is a chef.", "relationship"),
            chunk("Sam: Tom", "Sam and Tom split up the band last month."),
        ),
        # The old memory holds another fact too: retiring it would lose the cat.
        (
            ("Sam: facts", "Sam works as a nurse. Sam has a cat called Pixel.", "fact"),
            chunk("Sam: teacher", "Sam is a teacher now."),
        ),
    ],
)
def test_changes_of_another_persons_slot_or_of_a_fuller_memory_are_added(old, new):
    assert decide([new], existing(old), names=("Sam", "Mira")) == ["add"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A home is a place a dwelling word ties to the person, in any wording or order.
        (
            ("Kai: Bristol", "Kai stays with friends in Bristol.", "fact"),
            chunk("Kai: Cardiff", "Kai relocated to Cardiff in the spring.", "important_event"),
        ),
        (
            ("Kai: Dundee", "Home for Kai is Dundee.", "fact"),
            chunk("Kai: Perth", "Kai moved to Perth.", "important_event"),
        ),
        (
            ("Kai: room", "Kai rents a room in Bristol.", "fact"),
            chunk("Kai: Cardiff", "Cardiff is Kai's home now."),
        ),
        # "new" before the word naming the slot says it changed, whatever the verb.
        (
            ("Kai: girlfriend Lena", "Kai's girlfriend is Lena.", "relationship"),
            chunk("Kai: Tess", "Kai's new girlfriend is Tess.", "relationship"),
        ),
        (
            ("Kai: welder", "Kai works as a welder.", "fact"),
            chunk("Kai: docks", "Kai's new job is at the docks."),
        ),
        # Ending things with the partner the old memory names.
        (
            ("Kai: partner Ines", "Kai's partner Ines sings in a choir.", "relationship"),
            chunk("Kai: Ines", "Kai and Ines ended things last winter.", "relationship"),
        ),
    ],
)
def test_a_change_is_read_from_the_sentences_shape_not_a_list_of_wordings(old, new):
    assert decide([new], existing(old), names=("Kai", "Mira")) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Moving a thing is no move of home: no place is tied to the person.
        (
            ("Kai: Bristol", "Kai lives in Bristol.", "fact"),
            chunk("Kai: piano", "Kai moved the piano to the attic now."),
        ),
        # The same place again is no new value.
        (
            ("Kai: Bristol", "Kai lives in Bristol.", "fact"),
            chunk("Kai: house", "Kai painted the house in Bristol again."),
        ),
        # A visit is not a home.
        (
            ("Kai: Bristol", "Kai lives in Bristol.", "fact"),
            chunk("Kai: concert", "Kai went to a concert in Cardiff."),
        ),
        # "new" before another word: a new boss or a new kitten changes no home or partner.
        (
            ("Kai: Bristol", "Kai lives in Bristol.", "fact"),
            chunk("Kai: boss", "Kai's new boss is from Leeds."),
        ),
        (
            ("Kai: girlfriend Lena", "Kai's girlfriend is Lena.", "relationship"),
            chunk("Kai: kitten", "Kai and Lena have a new kitten."),
        ),
        # Someone else's home.
        (
            ("Kai: Bristol", "Kai lives in Bristol.", "fact"),
            chunk("Kai: sister", "Kai's sister lives in Cardiff now."),
        ),
    ],
)
def test_shape_look_alikes_are_added(old, new):
    assert decide([new], existing(old), names=("Kai", "Mira")) == ["add"]
