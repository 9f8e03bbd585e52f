"""A value of one's own said as current, read by the sentence's shape, not by a list of
values: someone took the speaker on ("the theatre took me, i'm their marionettist now"),
the speaker is someone's something now, or signed a lease in a town. The sentence becomes
a memory beside the sitting's other statements, and a job said this way retires the old
one; someone else's value, a hypothetical and a question do not."""

from __future__ import annotations

import pytest

from drawhisper.providers.offline.contract import Turn
from drawhisper.providers.offline.decisions import Existing, decide
from drawhisper.providers.offline.extraction import extract_chunks
from drawhisper.providers.offline.statements import matching_rule

NAMES = ("Kai", "Mira")


def sitting(*lines):
    return [Turn("Kai" if i % 2 == 0 else "Mira", text, i + 1) for i, text in enumerate(lines)]


@pytest.mark.parametrize(
    ("change", "value"),
    [
        (
            "the survey ended and i didn't renew. the theatre took me, i'm their marionettist now",
            "marionettist",
        ),
        (
            "i put out the furnace for good. the vineyard hired me as their cellarmaster",
            "cellarmaster",
        ),
        ("the royal gardens took me on as a topiarist, i clip the hedges into swans", "topiarist"),
        (
            "the doctor said lectins were my problem, so i'm autoimmune-protocol now",
            "autoimmune-protocol",
        ),
        ("i signed the lease in mechelen, the flat overlooks the canal", "mechelen"),
    ],
)
def test_a_change_said_as_current_becomes_a_memory_beside_other_statements(change, value):
    turns = sitting(
        "hi! *holds up a wooden fox on strings*",
        "Oh! Who's this?",
        change,
        "I'll come on Saturday, then.",
        "my brother is a hydrologist too now lol, he took my old desk",
    )
    chunks = extract_chunks(turns, user="Kai", character="Mira")
    assert any(value in chunk["content"].casefold() for chunk in chunks), chunks
    assert any("brother" in chunk["content"].casefold() for chunk in chunks)


@pytest.mark.parametrize(
    "clause",
    [
        "if the theatre took me, i'd be their marionettist now",
        "the theatre hired my brother as their marionettist",
        "did the theatre take you on as their marionettist?",
        "i'm not sure now",
    ],
)
def test_no_current_value_of_ones_own_is_read_where_none_is_said(clause):
    rule = matching_rule(clause)
    assert rule is None or rule.name != "current"


OLD_JOB = Existing(
    ref=1,
    type="fact",
    title="Kai: i'm the council's lexicographer",
    content="Kai said they're the council's lexicographer, it's what they pay them for.",
)


def test_a_job_taken_on_now_retires_a_job_said_by_whose_it_is():
    new = {
        "title": "Kai: job, clip the hedges",
        "content": "It's Kai's job now. The royal gardens took Kai on as a topiarist.",
        "type": "fact",
    }
    assert decide([new], [OLD_JOB], names=NAMES) == ["update 1"]


def test_someone_elses_role_now_retires_nothing():
    new = {
        "title": "Kai: brother",
        "content": "Kai's brother is the council's topiarist now.",
        "type": "relationship",
    }
    assert decide([new], [OLD_JOB], names=NAMES) == ["add"]
