"""The parts of the knowledge-update suite (``benchmarks.knowledge_update_parts``): the sixteen
in order, and what keeps each part what it says it is: no sentence, person or value pair
shared between parts, the held-out parts' own people and values, no value a stricter part
plants that another plants, and each fresh chat's old value said before its change."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from benchmarks.knowledge_update_parts import KNOWLEDGE_UPDATE_PARTS
from benchmarks.knowledge_updates import CASES, HELD_OUT_CASES, USER
from benchmarks.knowledge_updates_dev import DEV_CASES
from benchmarks.knowledge_updates_dev2 import DEV2_CASES
from benchmarks.knowledge_updates_dev3 import DEV3_CASES
from benchmarks.knowledge_updates_dev4 import DEV4_CASES
from benchmarks.knowledge_updates_dev5 import DEV5_CASES
from benchmarks.knowledge_updates_dev6 import DEV6_CASES
from benchmarks.knowledge_updates_dev7 import DEV7_CASES
from benchmarks.knowledge_updates_dev8 import DEV8_CASES
from benchmarks.knowledge_updates_fresh import FRESH_CASES
from benchmarks.knowledge_updates_fresh2 import FRESH2_CASES
from benchmarks.knowledge_updates_fresh3 import FRESH3_CASES
from benchmarks.knowledge_updates_fresh4 import FRESH4_CASES
from benchmarks.knowledge_updates_fresh5 import FRESH5_CASES
from benchmarks.knowledge_updates_fresh6 import FRESH6_CASES
from benchmarks.memory import latest_only


def test_the_held_out_chats_say_their_facts_in_other_words_with_other_people():
    tuned_lines = {line for case in CASES for line in (case.said_first, case.said_second)}
    tuned_values = {value for case in CASES for value in (*case.old, *case.new)}
    for case in HELD_OUT_CASES:
        assert (case.user, case.character) != (USER, CASES[0].character)
        assert not {case.said_first, case.said_second} & tuned_lines
        conversation = case.conversation()
        assert conversation.speaker_a == case.user
        assert [turn.speaker for turn in conversation.turns][:2] == [case.user, case.character]
    # Not one old/new pair of values is repeated from the tuned part.
    assert not {(case.old, case.new) for case in HELD_OUT_CASES} & {
        (case.old, case.new) for case in CASES
    }
    assert {value for case in HELD_OUT_CASES for value in (*case.old, *case.new)} != tuned_values


def _lines(cases) -> set[str]:
    return {turn.text for case in cases for turn in case.conversation().turns}


def test_the_parts_are_the_sixteen_in_order():
    assert [part.name for part in KNOWLEDGE_UPDATE_PARTS] == [
        "tuned",
        "seen",
        "fresh",
        "dev",
        "dev2",
        "dev3",
        "dev4",
        "dev5",
        "dev6",
        "dev7",
        "dev8",
        "fresh2",
        "fresh3",
        "fresh4",
        "fresh5",
        "fresh6",
    ]
    assert [part.cases for part in KNOWLEDGE_UPDATE_PARTS] == [
        CASES,
        HELD_OUT_CASES,
        FRESH_CASES,
        DEV_CASES,
        DEV2_CASES,
        DEV3_CASES,
        DEV4_CASES,
        DEV5_CASES,
        DEV6_CASES,
        DEV7_CASES,
        DEV8_CASES,
        FRESH2_CASES,
        FRESH3_CASES,
        FRESH4_CASES,
        FRESH5_CASES,
        FRESH6_CASES,
    ]


@pytest.mark.parametrize(
    ("cases", "per_attribute", "earlier"),
    [
        (FRESH_CASES, 5, (*CASES, *HELD_OUT_CASES)),
        (FRESH2_CASES, 8, (*CASES, *HELD_OUT_CASES, *FRESH_CASES)),
        (FRESH3_CASES, 10, (*CASES, *HELD_OUT_CASES, *FRESH_CASES, *FRESH2_CASES)),
        (DEV_CASES, 12, (*CASES, *HELD_OUT_CASES, *FRESH_CASES)),
        (DEV2_CASES, 6, (*CASES, *HELD_OUT_CASES, *FRESH_CASES, *DEV_CASES)),
        (
            FRESH4_CASES,
            10,
            (
                *CASES,
                *HELD_OUT_CASES,
                *FRESH_CASES,
                *DEV_CASES,
                *DEV2_CASES,
                *FRESH2_CASES,
                *FRESH3_CASES,
            ),
        ),
        (
            FRESH5_CASES,
            10,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not FRESH5_CASES
                for case in part.cases
            ),
        ),
        (
            DEV3_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not DEV3_CASES
                for case in part.cases
            ),
        ),
        (
            DEV4_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not DEV4_CASES
                for case in part.cases
            ),
        ),
        (
            DEV5_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not DEV5_CASES
                for case in part.cases
            ),
        ),
        (
            DEV6_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not DEV6_CASES
                for case in part.cases
            ),
        ),
        (
            DEV7_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not DEV7_CASES
                for case in part.cases
            ),
        ),
        (
            DEV8_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not DEV8_CASES
                for case in part.cases
            ),
        ),
        (
            FRESH6_CASES,
            8,
            tuple(
                case
                for part in KNOWLEDGE_UPDATE_PARTS
                if part.cases is not FRESH6_CASES
                for case in part.cases
            ),
        ),
    ],
    ids=[
        "fresh",
        "fresh2",
        "fresh3",
        "dev",
        "dev2",
        "fresh4",
        "fresh5",
        "dev3",
        "dev4",
        "dev5",
        "dev6",
        "dev7",
        "dev8",
        "fresh6",
    ],
)
def test_the_fresh_chats_share_no_sentence_no_person_and_no_value_pair_with_the_others(
    cases, per_attribute, earlier
):
    assert Counter(case.attribute for case in cases) == {
        attribute: per_attribute for attribute in ("diet", "job", "city", "partner", "pet")
    }
    assert len({case.name for case in cases}) == len(cases)
    # Not one line of any sitting (facts and small talk alike) is said in another part.
    assert not _lines(cases) & _lines(earlier)
    assert not _lines(CASES) & _lines(HELD_OUT_CASES)
    people = {name for case in earlier for name in (case.user, case.character)}
    assert not {name for case in cases for name in (case.user, case.character)} & people
    pairs = {(case.old, case.new) for case in earlier}
    assert not {(case.old, case.new) for case in cases} & pairs
    # Whole values of people, places, jobs and pets are new (a diet has few words to choose).
    earlier_values = {value.lower() for case in earlier for value in (*case.old, *case.new)}
    for case in cases:
        if case.attribute != "diet":
            assert not {value.lower() for value in (*case.old, *case.new)} & earlier_values


@pytest.mark.parametrize(
    "cases",
    [FRESH2_CASES, FRESH3_CASES, FRESH4_CASES, FRESH5_CASES, FRESH6_CASES],
    ids=["fresh2", "fresh3", "fresh4", "fresh5", "fresh6"],
)
def test_every_held_out_fresh_chat_has_its_own_people_and_values(cases):
    people = [name for case in cases for name in (case.user, case.character)]
    assert len(set(people)) == len(people)
    values = [
        value.lower()
        for case in cases
        if case.attribute != "diet"
        for value in (*case.old, *case.new, *case.character_value)
    ]
    assert len(set(values)) == len(values)
    # A planted value is never a person of any part, so naming a person is not naming a value.
    everyone = {
        name.lower()
        for part in KNOWLEDGE_UPDATE_PARTS
        for case in part.cases
        for name in (case.user, case.character)
    }
    assert not set(values) & everyone


def _planted(cases) -> list[str]:
    """Every value the chats plant (old, new and the character's own, diets included)."""
    return [
        value.lower() for case in cases for value in (*case.old, *case.new, *case.character_value)
    ]


def _assert_plants_only_its_own_values(cases, *, others) -> None:
    """No value of ``cases`` repeats inside them, is planted by a part of ``others``, or is
    the name of one of their people."""
    planted = _planted(cases)
    assert len(set(planted)) == len(planted)
    shared = set(planted) & {value for part in others for value in _planted(part.cases)}
    assert not shared
    assert not set(planted) & {
        name.lower() for case in cases for name in (case.user, case.character)
    }


def test_the_third_fresh_part_plants_no_value_another_part_planted():
    # Stricter than the older parts: the diets too, and the character's own values, are
    # words no other part plants, so nothing tuned on another part's words reaches them.
    # The dev part was written at the same time, independently of it, and is left out, as is
    # the dev2 part, written later without reading it.
    _assert_plants_only_its_own_values(
        FRESH3_CASES,
        others=[
            part
            for part in KNOWLEDGE_UPDATE_PARTS
            if part.cases not in (FRESH3_CASES, DEV_CASES, DEV2_CASES)
        ],
    )


def test_the_fourth_fresh_part_plants_no_value_any_other_part_planted():
    # As strict as the third, and against every other part, the dev parts and fresh-3
    # included: diets and the character's own values too.
    _assert_plants_only_its_own_values(
        FRESH4_CASES,
        others=[part for part in KNOWLEDGE_UPDATE_PARTS if part.cases is not FRESH4_CASES],
    )


def test_the_fifth_fresh_part_plants_no_value_any_other_part_planted():
    # As strict as the fourth, against every other part: diets and the character's own
    # values too, and no value is the name of a person of any part.
    _assert_plants_only_its_own_values(
        FRESH5_CASES,
        others=[part for part in KNOWLEDGE_UPDATE_PARTS if part.cases is not FRESH5_CASES],
    )


@pytest.mark.parametrize(
    "cases",
    [DEV3_CASES, DEV4_CASES, DEV5_CASES, DEV6_CASES, DEV7_CASES, DEV8_CASES, FRESH6_CASES],
    ids=["dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "fresh6"],
)
def test_a_late_part_plants_and_names_nothing_another_part_says(cases):
    # Its people and planted values (diets and the character's own included) are planted by
    # no other part, and no other part's chats, questions or people name one of them.
    others = [part for part in KNOWLEDGE_UPDATE_PARTS if part.cases is not cases]
    _assert_plants_only_its_own_values(cases, others=others)
    mine = set(_planted(cases)) | {
        name.lower() for case in cases for name in (case.user, case.character)
    }
    for part in others:
        for case in part.cases:
            texts = [turn.text for turn in case.conversation().turns]
            texts += [case.question, case.kept_question, case.user, case.character]
            named = {word for word in mine if any(_names_any(text, (word,)) for text in texts)}
            assert not named, part.name
    people = {name.lower() for case in cases for name in (case.user, case.character)}
    assert not people & {value for part in others for value in _planted(part.cases)}


@pytest.mark.parametrize(
    "case",
    (
        *FRESH_CASES,
        *DEV_CASES,
        *DEV2_CASES,
        *DEV3_CASES,
        *DEV4_CASES,
        *DEV5_CASES,
        *DEV6_CASES,
        *DEV7_CASES,
        *DEV8_CASES,
        *FRESH2_CASES,
        *FRESH3_CASES,
        *FRESH4_CASES,
        *FRESH5_CASES,
        *FRESH6_CASES,
    ),
    ids=lambda case: case.name,
)
def test_a_fresh_chat_says_its_old_value_first_and_its_new_value_only_after_the_change(case):
    conversation = case.conversation()
    first = [turn for turn in conversation.turns if turn.session == 1]
    second = [turn for turn in conversation.turns if turn.session == 2]
    assert first and second and conversation.turns[0].speaker == case.user
    said = {(turn.session, turn.speaker, turn.text) for turn in conversation.turns}
    assert (1, case.user, case.said_first) in said
    assert (1, case.character, case.character_line) in said
    assert (2, case.user, case.said_second) in said
    assert _names_any(case.said_first, case.old) and _names_any(case.said_second, case.new)
    assert _names_any(case.character_line, case.character_value)
    for turn in conversation.turns:
        # The new value is never said before the change, nor the user's values by the
        # character, nor the character's value by the user: attribution stays decidable.
        assert not (turn.session == 1 and _names_any(turn.text, case.new)), turn.text
        if turn.speaker == case.character:
            assert not _names_any(turn.text, case.old + case.new), turn.text
        else:
            assert not _names_any(turn.text, case.character_value), turn.text
    assert not _names_any(case.question, case.old + case.new + case.character_value)
    # The same scoring rule as the other parts: the new value alone is right, the old alone
    # or beside an unrelated new memory is stale.
    new_memory = f"{case.user} {case.new[0]}."
    assert latest_only([new_memory], case)
    assert not latest_only([new_memory, f"{case.user} {case.old[0]}."], case)


def _names_any(text: str, values) -> bool:
    return any(
        re.search(rf"\b{re.escape(value.lower())}\b", text.lower()) is not None for value in values
    )
