"""How the dev parts from dev4 on are built: eight pairs of people, each in five chats (one per
attribute); from dev5 on, sittings written one turn a line (``people.sitting``), and every
chat asking of its user with non-changes said after its change."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.knowledge_updates_dev4 import DEV4_CASES
from benchmarks.knowledge_updates_dev5 import DEV5_CASES
from benchmarks.knowledge_updates_dev6 import DEV6_CASES
from benchmarks.knowledge_updates_dev7 import DEV7_CASES
from benchmarks.knowledge_updates_dev8 import DEV8_CASES


@pytest.mark.parametrize(
    "cases",
    [DEV4_CASES, DEV5_CASES, DEV6_CASES, DEV7_CASES, DEV8_CASES],
    ids=["dev4", "dev5", "dev6", "dev7", "dev8"],
)
def test_a_dev_part_keeps_its_eight_pairs_in_five_chats_each(cases):
    # One chat per attribute for each pair, so every pair meets every kind of change once.
    pairs = Counter((case.user, case.character) for case in cases)
    assert len(pairs) == 8 and set(pairs.values()) == {5}
    for pair in pairs:
        attributes = {case.attribute for case in cases if (case.user, case.character) == pair}
        assert attributes == {"diet", "job", "city", "partner", "pet"}


def test_a_dev5_sitting_is_read_one_turn_a_line_and_refuses_a_turn_of_no_kind():
    from benchmarks.knowledge_updates_dev5.people import sitting

    assert sitting(
        """
        user: *waves* hi: it's me
        change: i'm a lampwright now
        """
    ) == (("user", "*waves* hi: it's me"), ("change", "i'm a lampwright now"))
    # A turn without a known kind is an error, not a line given to someone silently.
    for script in ("narrator: the wind howls", "user hi there", "character: "):
        with pytest.raises(ValueError, match="kind: text"):
            sitting(script)


@pytest.mark.parametrize(
    "cases",
    [DEV5_CASES, DEV6_CASES, DEV7_CASES, DEV8_CASES],
    ids=["dev5", "dev6", "dev7", "dev8"],
)
def test_every_late_dev_chat_asks_of_its_user_and_says_non_changes_after_its_change(cases):
    # The answer key of each chat: one old, one new and one character's value, a question
    # about the user the chat is about, and at least two turns after the change in its
    # sitting, so that a rule taking a non-change for a change retires the new value.
    for case in cases:
        assert case.user in case.question and case.question.endswith("?")
        assert len(case.old) == len(case.new) == len(case.character_value) == 1
        second = [text for _, text in case.sittings[1]]
        assert len(second) - second.index(case.said_second) >= 3, case.name
