"""A pet told of by its kind as often as by its name: "my tortoise lives with my gran now"
ends the memory of the tortoise and its name, for the same person; a neighbour's tortoise,
another kind of animal, or a partner named only by role end nothing."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.decisions import Existing, decide

NAMES = ("Kai", "Mira")
OLD_TORTOISE = Existing(
    ref=1, type="fact", title="Kai: pebble, tortoise", content="Pebble is Kai's tortoise."
)


def chunk(content):
    return {"title": "Kai: new pet", "content": content, "type": "fact"}


@pytest.mark.parametrize(
    "content",
    [
        "Kai's tortoise lives with Kai's gran now. Kai adopted a kitten and called her Saffron.",
        "The tortoise lives with Kai's parents on the farm now, there's more grass.",
        "Kai's tortoise went to live with the children next door. Saffron is Kai's cat.",
    ],
)
def test_a_pet_gone_to_live_elsewhere_told_by_its_kind_retires_its_memory(content):
    assert decide([chunk(content)], [OLD_TORTOISE], names=NAMES) == ["update 1"]


@pytest.mark.parametrize(
    "content",
    [
        # Someone else's tortoise.
        "Kai's neighbour's tortoise lives with their gran now.",
        # Another kind of animal of Kai's.
        "Kai's hamster lives with Kai's sister now.",
        # The tortoise is named, but nothing of it ended.
        "Kai's tortoise loves strawberries.",
    ],
)
def test_nothing_ended_for_the_persons_own_pet_of_that_kind_keeps_its_memory(content):
    assert decide([chunk(content)], [OLD_TORTOISE], names=NAMES) == ["add"]


def test_a_partner_named_only_by_role_living_elsewhere_ends_nothing():
    old = Existing(
        ref=1, type="relationship", title="Kai: noor", content="Kai's girlfriend is Noor."
    )
    new = {
        "title": "Kai: sister, week",
        "content": "Kai's girlfriend lives with her sister this month.",
        "type": "relationship",
    }
    assert decide([new], [old], names=NAMES) == ["add"]
