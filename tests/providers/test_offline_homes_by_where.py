"""A home said by where one lives rather than by a town's name ("lives above the bakery on
the high street", "a flat near the old mill"): it is the person's home all the same, so a
move said later retires it; a way of living ("lives for the weekend", "lives on toast",
"living in the moment") is no home."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import Existing, decide, names_a_slot

NAMES = ("Kai", "Mira")


@pytest.mark.parametrize(
    "old",
    [
        "Kai lives above the bakery on the high street.",
        "Kai lives right by the canal, the boats wake them at six.",
        "Kai has a flat near the old mill.",
    ],
)
def test_a_home_said_by_where_is_retired_by_a_move(old):
    memory = Existing(ref=1, type="fact", title="Kai: bakery", content=old)
    move = {
        "title": "Kai: dunedin, harbour",
        "content": "Kai moved to dunedin in march and now lives by the harbour.",
        "type": "fact",
    }
    assert decide([move], [memory], names=NAMES) == ["update 1"]


@pytest.mark.parametrize(
    "text",
    [
        "Kai lives for the weekend.",
        "Kai lives on toast and coffee.",
        "Kai is living in the moment.",
        "Kai lives with their sister.",
    ],
)
def test_a_way_of_living_names_no_home(text):
    assert not names_a_slot(text)
