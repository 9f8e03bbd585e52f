"""The offline model remembers the people, not itself: what someone says about themselves
becomes a typed memory in third person, and a change told over two sentences is one memory
(that the stand-in's own replies never become one: test_offline_stand_in)."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.contract import Turn, participants
from drawhisper.providers.offline.extraction import extract_chunks
from drawhisper.providers.offline.statements import matching_rule, report_statement
from drawhisper.providers.offline.statements import statement_type as type_of
from tests.providers.offline_turns import EXTRACT_SYSTEM, lines_with_stand_in


def statement(sentence: str) -> tuple[str, str] | None:
    rule = matching_rule(sentence)
    if rule is None:
        return None
    return type_of(rule, sentence), report_statement(sentence, speaker="Lena", other="Odo")


@pytest.mark.parametrize(
    ("sentence", "kind", "reported"),
    [
        (
            "I'm scared of spiders bigger than a coin.",
            "emotion",
            "Lena is scared of spiders bigger than a coin.",
        ),
        (
            "I have two cats named Salt and Pepper.",
            "fact",
            "Lena has two cats named Salt and Pepper.",
        ),
        (
            "We relocated to Hobart last spring.",
            "fact",
            "Lena said they relocated to Hobart last spring.",
        ),
        (
            "My sister Ines keeps bees in Falmouth.",
            "relationship",
            "Lena's sister Ines keeps bees in Falmouth.",
        ),
        (
            "Well, I teach chemistry at a school in Porto, you know.",
            "fact",
            "Lena teaches chemistry at a school in Porto.",
        ),
        ("I grew up on a farm outside Cork.", "fact", "Lena grew up on a farm outside Cork."),
        (
            "I absolutely hate the sound of thunder.",
            "preference",
            "Lena absolutely hates the sound of thunder.",
        ),
        ("My favourite book is Moby-Dick.", "preference", "Lena's favourite book is Moby-Dick."),
        ("I'm 27 and I'm left-handed.", "fact", "Lena is 27 and they're left-handed."),
        (
            "My birthday falls on the second of June.",
            "fact",
            "Lena's birthday falls on the second of June.",
        ),
        ("I moved to Oslo last autumn.", "important_event", "Lena moved to Oslo last autumn."),
        ("I speak three languages.", "fact", "Lena speaks three languages."),
        ("I feel lonely in big cities.", "emotion", "Lena feels lonely in big cities."),
        ("I trust you completely.", "relationship", "Lena trusts Odo completely."),
        (
            "I've been a ferry pilot since my father retired.",
            "fact",
            "Lena has been a ferry pilot since their father retired.",
        ),
        ("I'm allergic to peanuts.", "fact", "Lena is allergic to peanuts."),
        # A change of one's own: the speaker named first, "we" told as "they".
        ("Nora and I broke up in the spring.", "fact", "Lena and Nora broke up in the spring."),
        (
            "We renamed the cat; she's called Miso now.",
            "fact",
            "Lena said they renamed the cat; she's called Miso now.",
        ),
        ("I'm seeing someone new now.", "relationship", "Lena is seeing someone new now."),
        # What to call the speaker.
        ("I go by he/him, by the way.", "fact", "Lena goes by he/him."),
        ("My pronouns are they/them.", "fact", "Lena's pronouns are they/them."),
        ("Please, call me Alex.", "fact", "Lena goes by Alex."),
        ("I use she/her pronouns.", "fact", "Lena uses she/her pronouns."),
    ],
)
def test_a_statement_about_oneself_is_typed_and_told_in_third_person(sentence, kind, reported):
    assert statement(sentence) == (kind, reported)


@pytest.mark.parametrize(
    "sentence",
    [
        "Do you like tea?",
        "I love that!",
        "I'm sorry about earlier.",
        "I'm not sure what you mean.",
        "I sit down by the window and watch the rain.",
        "I think it will rain tonight.",
        "If I were a bird, I would fly south.",
        "I have to leave soon.",
        "I'm a bit cold.",
        "The harbour is quiet tonight.",
    ],
)
def test_questions_reactions_and_actions_are_not_statements(sentence):
    assert matching_rule(sentence) is None


def test_you_is_the_other_person_or_the_sentence_is_quoted():
    assert (
        report_statement("You remind me of my uncle.", speaker="Lena", other="Odo")
        == "Odo reminds Lena of their uncle."
    )
    assert (
        report_statement("I trust you.", speaker="Lena", other=None) == 'Lena said: "I trust you."'
    )


def test_the_pipeline_prompt_names_the_user_and_the_character():
    assert participants(EXTRACT_SYSTEM) == ("Lena", "Odo")
    assert participants("You are Odo.") == (None, None)


@pytest.mark.parametrize(
    ("said", "told"),
    [
        (
            "Kiwi flew off through an open window. We got a new parrot called Mango.",
            "Lena said Kiwi flew off through an open window. They got a new parrot called Mango.",
        ),
        (
            "Nora and I broke up in the spring. I'm seeing someone new now, her name is Elena.",
            "Lena and Nora broke up in the spring. They're seeing someone new now, her name is "
            "Elena.",
        ),
        (
            "Ines and I ended things last winter. These days I'm with Cal.",
            "Lena and Ines ended things last winter. These days they're with Cal.",
        ),
        # The end said last joins the sentence before it.
        (
            "We adopted a puppy called Waffles. Our old dog Biscuit died in March.",
            "Lena said they adopted a puppy called Waffles. Their old dog Biscuit died in March.",
        ),
        # Written as chat users write: lower case, no apostrophes, an ending of a thing.
        (
            "ok so my doctor put me on keto. which means the vegetarian era is officially over",
            "Lena's doctor put them on keto. which means the vegetarian era is officially over.",
        ),
        (
            "im done with the dairy farm. my aunt took me on at her flower shop",
            "Lena is done with the dairy farm. Their aunt took them on at her flower shop.",
        ),
        # A sentence going on from a change ("but ...") is part of it.
        (
            "I'm living in Tucson with my sister. but Tucson's home now",
            "Lena is living in Tucson with their sister. but Tucson's home now.",
        ),
        # A hedge is no question: "pescatarian i guess??" says something.
        (
            "atkins is dead. its fish and veg only now, pescatarian i guess??",
            "Lena said atkins is dead. its fish and veg only now, pescatarian they guess.",
        ),
    ],
)
def test_a_change_told_in_two_sentences_is_one_memory_with_both(said, told):
    turns = [Turn("Lena", said, seq=3), Turn("Odo", "The river is high this spring.", seq=4)]

    chunks = extract_chunks(turns, user="Lena", character="Odo")

    mine = [chunk for chunk in chunks if chunk["title"].startswith("Lena")]
    assert [chunk["content"] for chunk in mine] == [told]
    assert mine[0]["source_seqs"] == [3]


def test_sentences_of_different_messages_are_not_joined():
    turns = [
        Turn("Lena", "Nora and I broke up in the spring.", seq=1),
        Turn("Lena", "I love plum jam.", seq=2),
    ]

    chunks = extract_chunks(turns, user="Lena", character="Odo")

    assert not any("Nora" in chunk["content"] and "jam" in chunk["content"] for chunk in chunks)


def test_a_change_is_not_joined_to_a_question_or_to_an_unrelated_statement():
    turns = [
        Turn("Lena", "Nora and I broke up. Do you think I should call her?", seq=1),
        Turn("Lena", "I moved to Galway in 2019. My flatmate Jo plays the drums.", seq=2),
    ]

    contents = [chunk["content"] for chunk in extract_chunks(turns, user="Lena", character="Odo")]

    assert not any("broke up" in content and "call" in content for content in contents)
    assert not any("Galway" in content and "drums" in content for content in contents)


def test_the_character_is_remembered_when_the_user_leaves_room():
    turns = lines_with_stand_in("I live on a houseboat near the old mill.")

    chunks = extract_chunks(turns, user="Lena", character="Odo")

    assert [chunk["content"] for chunk in chunks] == [
        "Odo has rowed this river since they were ten.",
        "Lena lives on a houseboat near the old mill.",
    ]


def test_without_names_in_the_prompt_the_stand_ins_speaker_is_the_character():
    turns = lines_with_stand_in("I trust you more than my own brother.")

    chunks = extract_chunks(turns)

    assert any(
        chunk["content"] == "Lena trusts Odo more than their own brother." for chunk in chunks
    )


def test_many_statements_share_three_chunks_by_type_and_none_is_lost():
    said = [
        "I work nights at a bakery on Mill Lane.",
        "My grandmother taught me to knit.",
        "I'm terrified of horses.",
        "I adore plum jam.",
        "I moved to Galway in 2019.",
        "My flatmate Jo plays the drums.",
        "I'm vegan.",
    ]

    chunks = extract_chunks(lines_with_stand_in(*said), user="Lena", character="Odo")

    assert len(chunks) == 3
    content = " ".join(chunk["content"] for chunk in chunks)
    for reported in (
        "Lena works nights at a bakery on Mill Lane.",
        "Lena's grandmother taught them to knit.",
        "Lena is terrified of horses.",
        "Lena adores plum jam.",
        "Lena moved to Galway in 2019.",
        "Lena's flatmate Jo plays the drums.",
        "Lena is vegan.",
    ):
        assert reported in content
    by_type = {chunk["type"]: chunk["content"] for chunk in chunks}
    assert set(by_type) == {"fact", "relationship", "emotion"}
    assert "horses" in by_type["emotion"] and "plum jam" in by_type["emotion"]


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("moved to oslo last week, still no furniture", "Lena moved to oslo last week"),
        ("been flexitarian since march", "Lena has been flexitarian since march."),
        ("vegetarian now, three months in", "Lena is vegetarian now, three months in."),
        ("married to Jun for 8 yrs now", "Lena is married to Jun for 8 yrs now."),
        ("work as a bank teller, counting money all day", "Lena works as a bank teller"),
        ("🎉 started as an associate attorney this week", "Lena started as an associate"),
    ],
)
def test_a_sentence_said_without_i_is_still_a_statement_about_the_speaker(said, told):
    chunks = extract_chunks([Turn("Lena", said, seq=1)], user="Lena", character="Odo")

    assert any(chunk["content"].startswith(told) for chunk in chunks), chunks


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("I went vegan last month", "fact"),
        ("I'm on the mediterranean diet now", "fact"),
        ("I'm with Leila now", None),
        ("we call her Mochi now", "fact"),
        ("we adopted a rescue greyhound", None),
    ],
)
def test_a_change_one_made_or_a_pet_named_is_a_statement(sentence, kind):
    rule = matching_rule(sentence)

    assert rule is not None
    assert kind is None or type_of(rule, sentence) == kind


def test_an_ending_and_what_came_instead_in_the_next_message_are_one_memory():
    turns = [
        Turn("Lena", "fudge escaped and never came back", seq=1),
        Turn("Odo", "I'll keep an eye out.", seq=2),
        Turn("Lena", "new hamster is called Button, she's a girl", seq=3),
    ]

    chunks = extract_chunks(turns, user="Lena", character="Odo")

    mine = [chunk for chunk in chunks if chunk["title"].startswith("Lena")]
    assert len(mine) == 1
    assert "fudge" in mine[0]["content"] and "Button" in mine[0]["content"]
    assert mine[0]["source_seqs"] == [1, 3]


def test_an_ending_is_not_joined_to_a_message_two_turns_later():
    turns = [
        Turn("Lena", "fudge escaped and never came back", seq=1),
        Turn("Odo", "I'll keep an eye out.", seq=2),
        Turn("Lena", "how's the farm?", seq=3),
        Turn("Odo", "Muddy.", seq=4),
        Turn("Lena", "new hamster is called Button, she's a girl", seq=5),
    ]

    contents = [chunk["content"] for chunk in extract_chunks(turns, user="Lena", character="Odo")]

    assert not any("fudge" in content and "Button" in content for content in contents)
