"""Inclusion groups and timed effects in the lorebook matcher, as SillyTavern's World Info
applies them."""

from __future__ import annotations

from characters.lorebooks.matching import LoreEntry, ScanSettings, scan
from characters.lorebooks.timing import TimedState, timed_state


def entry(id, keys=(), **fields):
    return LoreEntry(id=id, uid=id, keys=tuple(keys), content=f"content {id}", **fields)


def fired(result):
    return [activation.entry.id for activation in result.activated]


def held(result):
    return {
        held_entry.id: why if isinstance(why, str) else why.why
        for held_entry, why in result.held_back
    }


def test_of_a_groups_fired_entries_only_one_goes_in():
    entries = [entry(1, ["rain"], group="weather"), entry(2, ["sun"], group="weather")]
    result = scan(entries, ["rain and sun"], group_seed="7:3")
    assert len(fired(result)) == 1
    assert set(held(result)) == {1, 2} - set(fired(result))
    assert held(result) == {({1, 2} - set(fired(result))).pop(): "weight"}
    # Entries of no group, or of another, are untouched.
    entries.append(entry(3, ["sun"], group="mood"))
    entries.append(entry(4, ["rain"]))
    result = scan(entries, ["rain and sun"], group_seed="7:3")
    assert {3, 4} <= set(fired(result)) and len(fired(result)) == 3


def test_the_weighted_draw_is_the_same_for_the_same_turn_and_follows_the_weights():
    entries = [
        entry(1, ["rain"], group="weather", group_weight=1),
        entry(2, ["sun"], group="weather", group_weight=99),
    ]
    winners = [fired(scan(entries, ["rain, sun"], group_seed=f"5:{seq}"))[0] for seq in range(200)]
    assert winners == [
        fired(scan(entries, ["rain, sun"], group_seed=f"5:{seq}"))[0] for seq in range(200)
    ]
    assert winners.count(2) > 180 and winners.count(1) >= 1
    zero = [entry(1, ["rain"], group="weather", group_weight=0), entries[1]]
    assert {fired(scan(zero, ["rain, sun"], group_seed=f"5:{seq}"))[0] for seq in range(50)} == {2}


def test_an_override_entry_wins_its_group_by_the_highest_order():
    entries = [
        entry(1, ["rain"], group="weather", group_weight=1000),
        entry(2, ["sun"], group="weather", group_override=True, insertion_order=10),
        entry(3, ["fog"], group="weather", group_override=True, insertion_order=50),
    ]
    for seed in ("1:1", "1:2", "9:9"):
        result = scan(entries, ["rain, sun and fog"], group_seed=seed)
        assert fired(result) == [3]
        assert held(result) == {1: "override", 2: "override"}


def test_group_scoring_keeps_the_entries_that_matched_the_most_keys():
    entries = [
        entry(1, ["storm", "thunder", "lightning"], group="weather", use_group_scoring=True),
        entry(2, ["storm"], group="weather", use_group_scoring=True),
    ]
    result = scan(entries, ["a storm with thunder"], group_seed="1:1")
    assert fired(result) == [1] and held(result) == {2: "score"}
    # Scoring off (the default): the draw decides, so either may win over many turns.
    plain = [entry(1, ["storm", "thunder"], group="weather"), entry(2, ["storm"], group="weather")]
    winners = {
        fired(scan(plain, ["a storm with thunder"], group_seed=f"1:{n}"))[0] for n in range(40)
    }
    assert winners == {1, 2}
    # The scan's default turns it on for entries that leave it null.
    result = scan(plain, ["a storm with thunder"], ScanSettings(use_group_scoring=True))
    assert fired(result) == [1]


def test_an_entry_out_by_one_group_still_takes_part_in_its_other_groups_choice():
    # As SillyTavern: the harbour lost "town" to the market, and still wins "coast" by order,
    # so "coast" puts no entry in (the lighthouse does not step up in its place).
    entries = [
        entry(1, ["harbour"], group="town, coast", group_override=True, insertion_order=50),
        entry(2, ["market"], group="town", group_override=True, insertion_order=90),
        entry(3, ["lighthouse"], group="coast", insertion_order=10),
    ]
    for seed in ("1:1", "2:7", "9:9"):
        result = scan(entries, ["the harbour, the market, the lighthouse"], group_seed=seed)
        assert fired(result) == [2]
        assert held(result) == {1: "override", 3: "override"}
    # Losing by score leaves only that group's draw: the harbour, outscored in "town", is out,
    # and "coast" is still drawn between the two of them, never left to the lighthouse alone.
    scored = [
        entry(1, ["harbour"], group="town, coast", use_group_scoring=True),
        entry(2, ["market", "stall"], group="town", use_group_scoring=True),
        entry(3, ["lighthouse"], group="coast"),
    ]
    outcomes = {
        tuple(fired(scan(scored, ["harbour, market stall, lighthouse"], group_seed=f"3:{n}")))
        for n in range(40)
    }
    assert outcomes == {(2,), (2, 3)}


def test_a_group_filled_in_one_pass_takes_no_entry_from_recursion():
    entries = [
        LoreEntry(id=1, uid=1, keys=("castle",), content="The castle has a moat.", group="place"),
        LoreEntry(id=2, uid=2, keys=("moat",), content="The moat is deep.", group="place"),
    ]
    result = scan(entries, ["the castle"])
    assert fired(result) == [1] and held(result) == {2: "taken"}


def past(*turns):
    """(messages ago, {entry id: type}) newest first, from (ago, id, type) triples."""
    return [(ago, {entry_id: kind} if entry_id else {}) for ago, entry_id, kind in turns]


def test_a_sticky_entry_stays_in_for_its_messages_without_its_key_then_goes():
    entries = [entry(1, ["dragon"], sticky=5, probability=0)]
    # Fired by key in the last reply, 2 messages ago (the user's new message stands after it).
    state = timed_state(entries, past((2, 1, "key")), chat_length=4)
    result = scan(entries, ["we walk on"], timed=state)
    assert fired(result) == [1] and result.activated[0].reason == "sticky"
    # A turn on (4 messages from its firing) it is still in, carried ...
    state = timed_state(entries, past((2, 1, "sticky"), (4, 1, "key")), chat_length=6)
    assert fired(scan(entries, ["still walking"], timed=state)) == [1]
    # ... and at 6 messages from its firing, it is gone.
    state = timed_state(
        entries, past((2, 1, "sticky"), (4, 1, "sticky"), (6, 1, "key")), chat_length=8
    )
    assert state.sticky_ids == frozenset()
    assert fired(scan(entries, ["still walking"], timed=state)) == []


def test_a_sticky_carry_over_never_starts_a_new_sticky():
    entries = [entry(1, ["dragon"], sticky=3)]
    state = timed_state(entries, past((2, 1, "sticky"), (4, 1, "key")), chat_length=6)
    assert state.sticky_ids == frozenset()


def test_a_sticky_wins_its_group_over_a_fresh_match():
    entries = [
        entry(1, ["rain"], group="weather", sticky=4),
        entry(2, ["sun"], group="weather", group_override=True),
    ]
    state = timed_state(entries, past((2, 1, "key")), chat_length=4)
    result = scan(entries, ["the sun is out"], timed=state)
    assert fired(result) == [1] and held(result) == {2: "sticky"}


def test_an_entry_on_cooldown_cannot_fire_until_its_messages_pass():
    entries = [entry(1, ["dragon"], cooldown=3)]
    state = timed_state(entries, past((2, 1, "key")), chat_length=4)
    result = scan(entries, ["the dragon again"], timed=state)
    assert fired(result) == [] and held(result) == {1: "cooldown"}
    state = timed_state(entries, past((2, None, ""), (4, 1, "key")), chat_length=6)
    assert fired(scan(entries, ["the dragon again"], timed=state)) == [1]


def test_a_sticky_entry_cools_down_after_its_sticky_ends():
    entries = [entry(1, ["dragon"], sticky=2, cooldown=3)]
    # Fired 4 messages ago; its sticky (2) ended at the last reply, 2 messages ago, which
    # starts the cooldown (3): this turn it cannot fire by its key.
    state = timed_state(entries, past((2, None, ""), (4, 1, "key")), chat_length=6)
    assert state.sticky_ids == frozenset() and state.cooldown_ids == {1}
    assert held(scan(entries, ["dragon"], timed=state)) == {1: "cooldown"}
    state = timed_state(entries, past((2, None, ""), (4, None, ""), (6, 1, "key")), chat_length=8)
    assert fired(scan(entries, ["dragon"], timed=state)) == [1]


def test_a_delayed_entry_waits_for_enough_messages():
    entries = [entry(1, ["dragon"], delay=4)]
    result = scan(entries, ["dragon"], timed=TimedState(chat_length=3))
    assert fired(result) == [] and held(result) == {1: "delay"}
    assert fired(scan(entries, ["dragon"], timed=TimedState(chat_length=4))) == [1]
