"""A chunk that goes on about a value its sitting changed is kept with the change: the
memory of the old value never stands alone beside the new one, and nothing is dropped."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import Existing, keep_mentions_with_changes

NAMES = ("Kai", "Mira")
OLD_HOME = Existing(
    ref=1, type="fact", title="Kai: tarbert, pier", content="Kai lives in Tarbert by the pier."
)


def chunk(title, content, seqs):
    return {"title": title, "content": content, "type": "fact", "source_seqs": seqs}


def test_a_mention_of_the_old_value_is_folded_into_the_change_that_retires_it():
    change = chunk("Kai: dunoon", "Kai moved to Dunoon in May, a flat over the ferry office.", [3])
    uncle = chunk("Kai: uncle", "Kai's uncle still runs the chip shop in Tarbert.", [5])
    chunks, decisions = keep_mentions_with_changes(
        [change, uncle], [OLD_HOME], [("update 1", ""), ("add", "")], names=NAMES
    )
    assert decisions == [("update 1", "")]
    assert len(chunks) == 1
    content = chunks[0]["content"]
    assert "Dunoon" in content and "uncle still runs the chip shop in Tarbert" in content
    assert chunks[0]["source_seqs"] == [3, 5]


def test_chunks_that_do_not_name_the_old_value_keep_their_own_memories():
    change = chunk("Kai: dunoon", "Kai moved to Dunoon in May.", [3])
    # Another speaker's line naming the old town, a chunk of other things, and one with a
    # decision of its own all stay as they are.
    theirs = chunk("Mira: tarbert", "Mira sailed past Tarbert once.", [4])
    other = chunk("Kai: guitar", "Kai is learning the guitar.", [5])
    same = chunk("Kai: pier", "Kai lives in Tarbert by the pier.", [6])
    chunks, decisions = keep_mentions_with_changes(
        [change, theirs, other, same],
        [OLD_HOME, Existing(ref=2, type="fact", title="Kai: pier", content="x")],
        [("update 1", ""), ("add", ""), ("add", ""), ("same 2", "")],
        names=NAMES,
    )
    assert [c["content"] for c in chunks] == [
        "Kai moved to Dunoon in May.",
        "Mira sailed past Tarbert once.",
        "Kai is learning the guitar.",
        "Kai lives in Tarbert by the pier.",
    ]
    assert decisions == [("update 1", ""), ("add", ""), ("add", ""), ("same 2", "")]


@pytest.mark.parametrize(
    "change",
    ["Kai rents a flat in Largs now.", "Kai left Oban and rents a flat in Largs now."],
)
def test_a_word_the_change_says_itself_ties_no_mention_to_the_old_value(change):
    """The old memory and the change both say "flat": only what was retired (the town, also
    when the change says it left it) ties a chunk to it, so a chunk about the new flat's
    boiler is its own memory."""
    old = Existing(ref=1, type="fact", title="Kai: flat", content="Kai rents a flat in Oban.")
    boiler = chunk("Kai: boiler", "The boiler in Kai's flat keeps breaking.", [4])
    chunks, _ = keep_mentions_with_changes(
        [chunk("Kai: largs", change, [3]), boiler],
        [old],
        [("update 1", ""), ("add", "")],
        names=NAMES,
    )
    assert len(chunks) == 2


def test_the_old_value_the_change_says_it_left_still_ties_a_mention_to_it():
    """The change naming the old town as left ("left Tarbert"): a later chunk about a cousin
    still there is a mention of the old value, kept with the change."""
    change = chunk("Kai: dunoon", "Kai has left Tarbert; their flat is in Dunoon now.", [3])
    cousin = chunk("Kai: cousin", "Kai's cousin still runs the bakery in Tarbert.", [5])
    chunks, decisions = keep_mentions_with_changes(
        [change, cousin], [OLD_HOME], [("update 1", ""), ("add", "")], names=NAMES
    )
    assert decisions == [("update 1", "")]
    assert "cousin still runs the bakery in Tarbert" in chunks[0]["content"]
    assert "Dunoon" in chunks[0]["content"]


PARTNER = Existing(
    ref=1, type="relationship", title="Kai: noor", content="Kai's girlfriend Noor paints boats."
)
HAMSTER = Existing(ref=1, type="fact", title="Kai: pip", content="That's pip, Kai's hamster.")


@pytest.mark.parametrize(
    ("old", "change", "newcomer"),
    [
        (
            PARTNER,
            "Kai and Noor broke up in the spring.",
            "Kai is seeing someone from the choir, they sing together on fridays.",
        ),
        # The pet that came instead is of another kind than the one that left.
        (HAMSTER, "Pip went to live with Kai's aunt.", "This is clover, Kai's new rabbit."),
        # ... or introduced by its name on its own, its kind unsaid.
        (HAMSTER, "Pip went to live with Kai's aunt.", "This is juniper. Kai found her in a box."),
    ],
)
def test_who_came_instead_is_kept_with_the_change_that_says_the_old_one_went(old, change, newcomer):
    chunks, decisions = keep_mentions_with_changes(
        [chunk("Kai: gone", change, [3]), chunk("Kai: new", newcomer, [5])],
        [old],
        [("update 1", ""), ("add", "")],
        names=NAMES,
    )
    assert decisions == [("update 1", "")]
    assert change in chunks[0]["content"] and newcomer in chunks[0]["content"]
    assert chunks[0]["source_seqs"] == [3, 5]


@pytest.mark.parametrize(
    ("old", "change", "other"),
    [
        # The change already says who came instead: another partner chunk is its own.
        (
            PARTNER,
            "Kai and Noor broke up. Kai's boyfriend idris moved in in june.",
            "Kai's brother's wife cooks on sundays.",
        ),
        # The old memory is no partner's or pet's: a pet chunk beside a move is its own.
        (OLD_HOME, "Kai moved to Dunoon in May.", "This is clover, Kai's new rabbit."),
    ],
)
def test_a_partner_or_pet_chunk_beside_a_change_that_needs_none_is_its_own(old, change, other):
    chunks, _ = keep_mentions_with_changes(
        [chunk("Kai: change", change, [3]), chunk("Kai: other", other, [5])],
        [old],
        [("update 1", ""), ("add", "")],
        names=NAMES,
    )
    assert [c["content"] for c in chunks] == [change, other]
