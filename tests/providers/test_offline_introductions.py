"""A name said on its own ("noor.", "meet biscuit!!", "this is pepper.") is told of in the
sentences after it: the memory made of them holds the name."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.extraction import extract_chunks


def sitting(change):
    return [
        Turn("Kai", "evening! the lamps are lit early today", 1),
        Turn("Mira", "Come in, sit by the stove.", 2),
        Turn("Kai", change, 3),
    ]


@pytest.mark.parametrize(
    ("change", "name"),
    [
        ("noor. she teaches the harp at the college, we've been together since october", "noor"),
        ("meet biscuit!! she's a tiny grey whippet and she's mine now", "biscuit"),
        ("this is pepper. he's a lop rabbit, i got him from the shelter last week", "pepper"),
        # Going on from the message before: "and this is ...".
        ("and this is crumble. i got him from the farm, he's a tiny lop", "crumble"),
    ],
)
def test_a_name_said_on_its_own_is_kept_with_what_is_said_of_it(change, name):
    chunks = extract_chunks(sitting(change), user="Kai", character="Mira")
    told = [chunk["content"].casefold() for chunk in chunks if name in chunk["content"].casefold()]
    assert told, chunks
    assert any(len(content.split()) > 4 for content in told)


def test_a_word_that_answers_is_no_name_and_joins_nothing():
    chunks = extract_chunks(
        sitting("guilty. i'm a ferry pilot now, the harbour took me on in june"),
        user="Kai",
        character="Mira",
    )
    contents = [chunk["content"].casefold() for chunk in chunks]
    assert any("ferry pilot" in content for content in contents), chunks
    assert not any("guilty" in content and "ferry" in content for content in contents)


def test_a_newcomer_introduced_by_name_is_a_statement_among_others():
    """Beside the speaker's other statements, which fill the chunks, the newcomer told of by a
    name said on its own is one of them, not left out as plain talk."""
    turns = [
        Turn("Kai", "i'm a ferry pilot now, the harbour took me on in june", 1),
        Turn("Mira", "Congratulations!", 2),
        Turn("Kai", "i moved to a flat over the chandlery last month", 3),
        Turn("Mira", "And who is this?", 4),
        Turn("Kai", "this is juniper. i found her in a box by the bins, she's tiny", 5),
        Turn("Kai", "my brother is a welder at the shipyard and i love plum jam", 6),
    ]
    chunks = extract_chunks(turns, user="Kai", character="Mira")
    assert any("juniper" in chunk["content"].casefold() for chunk in chunks), chunks
