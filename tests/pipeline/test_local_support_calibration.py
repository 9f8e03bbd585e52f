"""The local support check weighs a claim's words and meaning together (one calibrated
score) once the hard rules let it through: a close meaning, a clause the messages do not
carry and a detail nothing backs each move the verdict, none decides it alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from memories.pipeline.grounding import local_verdict
from memories.pipeline.local_support import (
    CUT,
    SUPPORT_THRESHOLD,
    Evidence,
    clauses,
    probability,
    support_logit,
)
from tests.embeddings.conftest import local_embedder, local_embedding_settings  # noqa: F401
from tests.pipeline.conftest import chunk, said_by_ada

PEOPLE = ("Ada", "Mara")

# A claim every word of which the messages say, close in meaning to one of their sentences.
SAID_AS_IS = Evidence(
    coverage=1.0,
    words_as_said=1.0,
    similarity=0.7,
    weakest_clause=0.6,
    detail_margin=0.3,
    details_below_bar=0,
)


def kept(evidence: Evidence) -> bool:
    return support_logit(evidence) >= CUT


def test_a_claim_said_as_it_is_is_kept_and_its_score_is_the_probability_of_the_weights():
    assert kept(SAID_AS_IS)
    assert probability(CUT) == pytest.approx(SUPPORT_THRESHOLD)
    assert 0 < SUPPORT_THRESHOLD < probability(support_logit(SAID_AS_IS)) < 1


def test_a_detail_nothing_backs_refuses_a_claim_whose_meaning_is_only_fair():
    invented = replace(SAID_AS_IS, words_as_said=0.9, detail_margin=-0.2, details_below_bar=1)
    assert not kept(invented)
    # The same claim with every word backed is kept: the detail is what refused it.
    assert kept(replace(invented, detail_margin=0.3, details_below_bar=0))


def test_a_close_meaning_makes_up_for_words_said_in_other_words_and_a_far_one_does_not():
    paraphrased = replace(SAID_AS_IS, coverage=0.6, words_as_said=0.4, detail_margin=0.1)
    assert kept(replace(paraphrased, similarity=0.6, weakest_clause=0.5))
    assert not kept(replace(paraphrased, similarity=0.1, weakest_clause=0.05))


def test_a_closer_meaning_and_more_words_said_never_lower_the_score():
    base = replace(SAID_AS_IS, coverage=0.6, words_as_said=0.5, similarity=0.4)
    for figure in ("coverage", "words_as_said", "similarity", "weakest_clause"):
        closer = replace(base, **{figure: getattr(base, figure) + 0.2})
        assert support_logit(closer) > support_logit(base), figure
    assert support_logit(replace(base, details_below_bar=1)) < support_logit(base)


def test_a_claim_is_read_clause_by_clause():
    assert clauses("Ada has a dog called Biscuit and finds him exhausting, but worth it.") == [
        "Ada has a dog called Biscuit",
        "finds him exhausting",
    ]
    # A claim with no clause of two content words is read whole.
    assert clauses("Ada cooks.") == ["Ada cooks."]


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_claim_in_other_words_of_what_a_message_says_is_kept():
    said = said_by_ada(
        "Honestly I'm drowning between the night shifts and my little brother's homework."
    )
    verdict = local_verdict(
        chunk("Ada finds juggling night shifts and her brother's homework overwhelming."),
        said,
        people=PEOPLE,
    )
    assert verdict.supported, verdict.reason
    assert verdict.score >= SUPPORT_THRESHOLD


@pytest.mark.usefixtures("local_embedding_settings")
@pytest.mark.parametrize(
    ("content", "named"),
    [
        # A clause the message does not say, joined to one it does.
        ("Ada painted the harbour at dawn last spring and sold it to a museum.", "sold"),
        # One word of a true sentence swapped for an unrelated one.
        ("Ada painted the harbour at dawn last spring, which holds special beekeeping.", None),
    ],
)
def test_what_the_message_does_not_carry_is_refused_in_a_true_sentence(content, named):
    said = said_by_ada("I painted the harbour at dawn last spring. It's special to me.")
    verdict = local_verdict(chunk(content), said, people=PEOPLE)
    assert not verdict.supported, verdict.reason
    assert verdict.score < SUPPORT_THRESHOLD
    if named:
        assert f"it says {named}" in verdict.reason
