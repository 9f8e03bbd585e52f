"""The offline update rules read a value written in lower case, as chat users write it, by the
sentence's shape: a home one "is in" beside a dwelling word ("i'm in dunmore now, a tiny flat
by the harbour"), a trade with a hyphen ("a roof-thatcher") or the one worker of a place ("the
ferryman for the whole lake"), and a pet shown by name ("this is pickle, my cat") whose name
is said to be no more ("she's not pickle any more")."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import Existing, decide

NAMES = ("Tove", "Orrin")


def chunk(content, type_="fact"):
    return {"title": "Tove: news", "content": content, "type": type_}


def existing(content, type_="fact"):
    return [Existing(ref=1, type=type_, title="Tove: before", content=content)]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A home in lower case, said by being in a place beside a dwelling word.
        (
            "Tove lives in dunmore, they grew up on the hill road above the church.",
            "Tove is in carrowkeel now, a tiny flat over the bakery.",
        ),
        # A trade written with a hyphen.
        (
            "Tove is a roof-thatcher, they finished the mill roof this morning.",
            "Tove is a court stenographer now, mostly at the crown court.",
        ),
        # The one worker of a place.
        (
            "Tove said they're the ferryman for the whole lake, a copper a crossing.",
            "Tove is a glassblower now, apprenticed at the furnace by the square.",
        ),
        # A pet shown by name, whose name is said to be no more.
        (
            "This is pickle, Tove's cat.",
            "Tove gave up calling her that, she's not pickle any more. she's soot now.",
        ),
    ],
)
def test_a_value_written_in_lower_case_is_replaced_by_its_change(old, new):
    assert decide([chunk(new)], existing(old), names=NAMES) == ["update 1"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # Being in hospital beside a house is no new home.
        (
            "Tove lives in dunmore, they grew up on the hill road above the church.",
            "Tove is in hospital now, the house is empty.",
        ),
        # Being in a place with no dwelling word is a trip, not a home.
        (
            "Tove lives in dunmore, they grew up on the hill road above the church.",
            "Tove is in carrowkeel now for the fair.",
        ),
        # Someone else's trade beside the old one.
        (
            "Tove is a roof-thatcher, they finished the mill roof this morning.",
            "Tove's brother is a court stenographer now.",
        ),
        # Leader, owner, winner of a place are no trades.
        (
            "Tove said they're the ferryman for the whole lake, a copper a crossing.",
            "Tove is now the winner of the lake swim.",
        ),
        # Another pet's name said gone leaves this one.
        (
            "This is pickle, Tove's cat.",
            "Tove's neighbour's dog is not rufus any more, they renamed him.",
        ),
    ],
)
def test_look_alikes_of_a_lower_case_value_are_added(old, new):
    assert decide([chunk(new)], existing(old), names=NAMES) == ["add"]
