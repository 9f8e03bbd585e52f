"""The offline model's decisions about existing memories: conservative, so a true memory is
never retired by a look-alike (two favourite foods, a sister and the sister's job), while a
changed single value (diet, job, city) and a plain repeat are still recognised."""

from __future__ import annotations

import json

import pytest

from drawhisper.providers.base import ChatMessage
from drawhisper.providers.offline import OfflineChatBackend
from drawhisper.providers.offline.decisions import Existing, decide
from memories.pipeline.schema import EXTRACT_SCHEMA, parse_chunks

NAMES = ("Alice", "Mira")


def chunk(title, content, type_="fact"):
    return {"title": title, "content": content, "type": type_}


def existing(*memories):
    return [
        Existing(ref=ref, type=type_, title=title, content=content)
        for ref, (title, content, type_) in enumerate(memories, start=1)
    ]


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
    ],
)
def test_an_ending_or_a_new_value_said_in_chat_style_replaces_the_old_memory(old, new):
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
    ],
)
def test_endings_and_chat_style_look_alikes_are_added(old, new):
    assert decide([new], existing(old), names=("Kai", "Mira")) == ["add"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
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
            ("Kai: paralegal", "Kai is a paralegal and the partners dump everything on them."),
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
    if len(old) == 2:
        old = (*old, "fact")
    if isinstance(new, tuple):
        new = chunk(*new)
    assert decide([new], existing(old), names=("Kai", "Mira")) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
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
