"""The lorebook matcher decides which entries fire, as SillyTavern's World Info does."""

from __future__ import annotations

import random

import pytest

from characters.lorebooks.matching import LoreEntry, ScanSettings, key_matches, scan


def entry(id, keys=(), content=None, **fields):
    return LoreEntry(id=id, uid=id, keys=tuple(keys), content=content or f"content {id}", **fields)


def fired(result):
    return [activation.entry.id for activation in result.activated]


def words(text):
    return len(text.split())


def test_primary_key_fires_and_reports_the_key():
    result = scan([entry(1, ["dragon", "wyrm"]), entry(2, ["castle"])], ["A WYRM circles above."])
    assert fired(result) == [1]
    assert result.activated[0].matched_key == "wyrm"
    assert result.activated[0].reason == "key"


def test_unmentioned_entry_does_not_fire():
    assert fired(scan([entry(1, ["dragon"])], ["We walk to the market."])) == []


def test_constant_entry_always_fires_and_disabled_never_does():
    entries = [entry(1, ["x"], constant=True), entry(2, ["market"], enabled=False)]
    result = scan(entries, ["the market"])
    assert fired(result) == [1]
    assert result.activated[0].matched_key == ""
    assert result.activated[0].reason == "constant"


def test_empty_keys_never_match():
    assert fired(scan([entry(1, ["", "  "])], ["anything at all"])) == []


@pytest.mark.parametrize(
    ("logic", "text", "fires"),
    [
        ("and_any", "the king and the queen", True),
        ("and_any", "the king alone", False),
        ("and_all", "the king, the queen and the jester", True),
        ("and_all", "the king and the queen", False),
        ("not_any", "the king alone", True),
        ("not_any", "the king and the jester", False),
        ("not_all", "the king and the queen", True),
        ("not_all", "the king, the queen and the jester", False),
    ],
)
def test_secondary_keys_filter_by_selective_logic(logic, text, fires):
    selective = entry(
        1, ["king"], secondary_keys=("queen", "jester"), selective=True, selective_logic=logic
    )
    assert (fired(scan([selective], [text])) == [1]) is fires


def test_secondary_keys_are_ignored_when_not_selective():
    plain = entry(1, ["king"], secondary_keys=("queen",), selective=False)
    assert fired(scan([plain], ["the king alone"])) == [1]


def test_and_any_reports_the_secondary_key():
    selective = entry(1, ["king"], secondary_keys=("queen",), selective=True)
    assert scan([selective], ["king and QUEEN"]).activated[0].secondary_key == "queen"


def test_case_sensitivity_per_entry_and_per_book():
    sensitive = entry(1, ["Rose"], case_sensitive=True)
    assert fired(scan([sensitive], ["a rose"])) == []
    assert fired(scan([sensitive], ["a Rose"])) == [1]
    book_sensitive = ScanSettings(case_sensitive=True)
    assert fired(scan([entry(2, ["Rose"])], ["a rose"], book_sensitive)) == []
    assert fired(scan([entry(3, ["Rose"], case_sensitive=False)], ["a rose"], book_sensitive)) == [
        3
    ]


def test_whole_words():
    whole = entry(1, ["cat"], match_whole_words=True)
    assert fired(scan([whole], ["a category error"])) == []
    assert fired(scan([whole], ["the cat, asleep"])) == [1]
    assert fired(scan([entry(2, ["cat"])], ["a category error"])) == [2]
    phrase = entry(3, ["black cat"], match_whole_words=True)
    assert fired(scan([phrase], ["a black cat crossed"])) == [3]


def test_regex_keys():
    assert key_matches("/drag(on|oness)/i", "The DRAGONESS wakes")
    assert not key_matches("/drag(on|oness)/", "The DRAGONESS wakes")
    regex_entry = entry(1, [r"\bsil(ver|ken)\b"], use_regex=True)
    assert fired(scan([regex_entry], ["Silken threads"])) == [1]
    assert not key_matches("/([unclosed/", "anything")  # a broken pattern never matches


def test_scan_depth_limits_how_far_back_keys_are_looked_for():
    messages = ["newest", "older", "the dragon, long ago"]  # newest first
    assert fired(scan([entry(1, ["dragon"])], messages, ScanSettings(scan_depth=2))) == []
    assert fired(scan([entry(1, ["dragon"])], messages, ScanSettings(scan_depth=3))) == [1]
    own_depth = entry(2, ["dragon"], scan_depth=3)
    assert fired(scan([own_depth], messages, ScanSettings(scan_depth=1))) == [2]


def test_recursive_scanning_follows_content_up_to_the_depth_limit():
    chain = [
        entry(1, ["alpha"], content="mentions beta"),
        entry(2, ["beta"], content="mentions gamma"),
        entry(3, ["gamma"], content="mentions delta"),
        entry(4, ["delta"], content="the end"),
    ]
    everything = scan(chain, ["alpha"], ScanSettings(max_recursion=5))
    assert fired(everything) == [1, 2, 3, 4]
    assert [a.recursion_step for a in everything.activated] == [0, 1, 2, 3]
    assert fired(scan(chain, ["alpha"], ScanSettings(max_recursion=1))) == [1, 2]
    assert fired(scan(chain, ["alpha"], ScanSettings(recursive=False))) == [1]


def test_recursion_exclusions():
    entries = [
        entry(1, ["alpha"], content="beta and gamma", prevent_recursion=False),
        entry(2, ["beta"], exclude_recursion=True),
        entry(3, ["gamma"], content="delta"),
        entry(4, ["delta"]),
        entry(5, ["omega"], content="gamma", prevent_recursion=True),
    ]
    assert fired(scan(entries, ["alpha"])) == [1, 3, 4]  # 2 fires only from the chat
    assert fired(scan(entries, ["omega"])) == [5]  # 5's content feeds no further pass


def test_constant_content_is_scanned_recursively():
    entries = [entry(1, [], content="the tower", constant=True), entry(2, ["tower"])]
    assert fired(scan(entries, ["hello"])) == [1, 2]


def test_probability_is_rolled_with_the_given_generator():
    unlikely = entry(1, ["moon"], probability=30)
    rolls = [fired(scan([unlikely], ["moon"], rng=random.Random(seed))) for seed in range(200)]
    hits = sum(1 for result in rolls if result)
    assert 30 < hits < 90  # about 30% of 200
    certain = entry(2, ["moon"], probability=30, use_probability=False)
    assert all(fired(scan([certain], ["moon"], rng=random.Random(seed))) for seed in range(20))
    never = entry(3, ["moon"], probability=0)
    assert not any(fired(scan([never], ["moon"], rng=random.Random(seed))) for seed in range(20))


def test_prompt_order_is_ascending_insertion_order():
    entries = [
        entry(1, ["a"], insertion_order=300),
        entry(2, ["a"], insertion_order=100),
        entry(3, ["a"], insertion_order=200),
    ]
    assert fired(scan(entries, ["a"])) == [2, 3, 1]


def test_token_budget_keeps_constant_then_most_important_and_reports_the_rest():
    entries = [
        entry(1, ["a"], content="one two three", insertion_order=10),
        entry(2, ["a"], content="one two three", insertion_order=50),
        entry(3, [], content="one two", constant=True, insertion_order=1),
        entry(4, ["a"], content="one two three", insertion_order=5, priority=99),
    ]
    result = scan(entries, ["a"], ScanSettings(token_budget=7), count_tokens=words)
    assert fired(result) == [3, 4]  # constant (2) + priority 99 (3) fit in 7; the next 3 do not
    assert sorted(a.entry.id for a in result.dropped) == [1, 2]
    assert result.tokens == 5
    assert [a.tokens for a in result.activated] == [2, 3]


def test_dropped_entries_do_not_feed_recursion():
    entries = [
        entry(1, ["a"], content="big content mentions zeta", insertion_order=1),
        entry(2, ["zeta"], content="z"),
    ]
    result = scan(entries, ["a"], ScanSettings(token_budget=2), count_tokens=words)
    assert fired(result) == []
    assert [a.entry.id for a in result.dropped] == [1]


def test_entries_of_two_books_with_the_same_id_are_kept_apart():
    first = LoreEntry(id=1, uid=0, keys=("sun",), content="first", lorebook_id=1)
    second = LoreEntry(id=1, uid=0, keys=("sun",), content="second", lorebook_id=2)
    assert [a.entry.content for a in scan([first, second], ["sun"]).activated] == [
        "first",
        "second",
    ]
