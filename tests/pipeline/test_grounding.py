"""Grounding: a chunk's cited seqs are checked against the job's messages, the offline
(local) support check passes what was said and rejects what was made up, and a model's
verification answer is read. How the local check reads paraphrases, stance and negation is in
``test_local_support_readings.py``; how it reads the chat around a message, in
``test_grounding_chat.py``."""

from __future__ import annotations

import pytest

from memories.pipeline import JobContext, TranscriptMessage
from memories.pipeline.grounding import (
    UNGROUNDED_REASON,
    check_chunks,
    grounded_seqs,
    local_verdict,
    parse_answer,
)
from memories.pipeline.local_support import SUPPORT_THRESHOLD, lexical_coverage
from tests.embeddings.conftest import local_embedder, local_embedding_settings  # noqa: F401
from tests.pipeline.conftest import chunk, job_context, said_by_ada, transcript

SAID = [
    (3, "user", "I have a dog called Biscuit, a scruffy terrier who steals socks."),
    (4, "assistant", "Biscuit sounds like trouble. Does he come on the boat with you?"),
    (5, "user", "Never. I'm terrified of deep water since I nearly drowned when I was seven."),
    (7, "user", "My brother Tomas mends nets down at the harbour in Porto."),
]


def messages() -> tuple[TranscriptMessage, ...]:
    return transcript(SAID, user="Ada", character="Mara", id_offset=100)


def context() -> JobContext:
    return job_context(SAID, user="Ada", character="Mara", id_offset=100)


# --------------------------------------------------------------------------- seq validation


def test_cited_seqs_outside_the_range_or_without_a_message_are_dropped():
    # 2 is before the range, 6 is inside it but no message of the job has it (deleted or
    # empty), 9 is after it: only 3 and 5 are messages of the job.
    cited = chunk("Ada has a dog called Biscuit.", [9, 5, 2, 6, 3, 3])
    assert cited.source_seqs == (2, 3, 5, 6, 9)  # sorted, repeats gone
    assert grounded_seqs(cited, messages()) == (3, 5)


def test_a_chunk_left_without_a_cited_message_is_ungrounded_and_not_supported():
    verdicts = check_chunks(
        [
            chunk("Ada has a dog called Biscuit.", [1, 2, 40]),
            chunk("Ada has a dog called Biscuit.", []),
        ],
        context(),
    )
    for verdict in verdicts:
        assert (verdict.supported, verdict.source_seqs, verdict.method) == (False, (), "none")
        assert verdict.reason == UNGROUNDED_REASON


# --------------------------------------------------------------------------- offline check


def test_a_chunk_that_reports_what_was_said_is_supported():
    [verdict] = check_chunks(
        [
            chunk(
                "Ada is terrified of deep water since she nearly drowned at seven.",
                [5],
                title="Ada: deep water",
                kind="emotion",
            )
        ],
        context(),
    )
    assert verdict.supported and verdict.method == "local"
    assert verdict.source_seqs == (5,)
    assert verdict.score > SUPPORT_THRESHOLD


def test_an_invented_chunk_is_not_supported_even_when_it_cites_a_real_message():
    [verdict] = check_chunks(
        [chunk("Ada owns a red sailing yacht moored at the club.", [3], title="Ada's yacht")],
        context(),
    )
    assert not verdict.supported
    assert verdict.score <= SUPPORT_THRESHOLD
    assert "too little of it was said there" in verdict.reason


def test_two_true_things_joined_into_a_false_one_are_not_supported():
    """Biscuit and the fear of deep water were both said, but not that Biscuit fears it."""
    [verdict] = check_chunks(
        [chunk("Ada's dog Biscuit is afraid of deep water.", [3], title="Biscuit")], context()
    )
    assert not verdict.supported


def test_a_true_chunk_citing_the_wrong_message_is_not_supported():
    """Support is checked against exactly the cited messages, not the whole range."""
    true_elsewhere = chunk("Ada's brother Tomas mends nets at the harbour in Porto.", [3])
    assert not local_verdict(true_elsewhere, [messages()[0]]).supported
    assert local_verdict(true_elsewhere, [messages()[3]]).supported


def test_plurals_and_third_persons_meet_their_plain_word():
    said = ["I eat no meat", "I keep a dog", "Ada"]
    assert lexical_coverage("Ada eats no meat and keeps dogs", said) == 1.0


def test_word_forms_and_the_speakers_name_count_as_said():
    assert (
        lexical_coverage("Ada works nights and loves dogs", ["I work nights", "I love dogs", "Ada"])
        == 1.0
    )
    assert lexical_coverage("Ada works nights", ["I sleep all day"]) == 0.0


def test_a_calendar_date_worked_out_from_yesterday_is_not_held_against_a_chunk():
    assert (
        lexical_coverage("Ada adopted Pixel on 2026-11-28", ["Ada", "I adopted Pixel yesterday"])
        == 1.0
    )


def test_a_paraphrase_in_other_word_forms_is_supported():
    """ "went" meets "go", "children" meets "child": the lemma counts, not the spelling."""
    said = said_by_ada("I go sailing with the child I mind.")
    paraphrase = chunk("Ada went sailing with the children she minds.", [1])
    assert local_verdict(paraphrase, said, people=("Ada", "Mara")).supported


@pytest.mark.parametrize(
    ("content", "seqs", "refused_because"),
    [
        # A name nobody said: the brother is Tomas, not Luis.
        ("Ada's brother Luis mends nets at the harbour in Porto.", [7], "names luis"),
        # A number changed: seven, not nine.
        ("Ada is terrified of deep water since she nearly drowned at nine.", [5], "say 9"),
        # The claim negated: she has a dog.
        ("Ada never had a dog called Biscuit, a scruffy terrier who steals socks.", [3], "negat"),
        # Ada's fact given to Mara, who said none of the cited messages.
        ("Mara has a dog called Biscuit, a scruffy terrier who steals socks.", [3], "about mara"),
    ],
)
def test_a_chunk_that_changes_who_or_what_was_said_is_refused(content, seqs, refused_because):
    [verdict] = check_chunks([chunk(content, seqs, title="Ada")], context())
    assert not verdict.supported
    assert refused_because in verdict.reason.lower()


def test_a_negation_the_message_also_makes_is_supported():
    [verdict] = check_chunks(
        [chunk("Ada never goes on the boat; she is terrified of deep water.", [5], title="Ada")],
        context(),
    )
    # "Never." answers "Does he come on the boat", so the claim's negated words are not the
    # message's: what the message negates is checked word for word.
    said = said_by_ada("I never eat meat, not since I was ten.")
    vegetarian = chunk("Ada never eats meat, not since she was ten.", [1])
    assert local_verdict(vegetarian, said, people=("Ada", "Mara")).supported
    assert verdict.method == "local"
    # A stop is a "no more": "stopped eating meat" supports "eats no meat".
    stopped = said_by_ada("I stopped eating meat last year.")
    assert local_verdict(chunk("Ada eats no meat.", [1]), stopped, people=("Ada",)).supported


@pytest.mark.usefixtures("local_embedding_settings")
@pytest.mark.parametrize(
    ("content", "invented"),
    [
        # One object swapped in a long, otherwise true sentence: socks -> accordions.
        ("Ada has a dog called Biscuit, a scruffy terrier who steals accordions.", "accordions"),
        # A place added that nobody in the chat mentions.
        (
            "Ada has a dog called Biscuit, a scruffy terrier who steals socks at the lighthouse.",
            "lighthouse",
        ),
    ],
)
def test_a_single_invented_detail_in_a_true_sentence_is_refused(content, invented):
    [verdict] = check_chunks([chunk(content, [3], title="Ada's dog")], context())
    assert not verdict.supported
    # The words alone would have let it through: most of them are in the message.
    assert int(verdict.reason.split("%")[0]) >= 80
    assert f"it says {invented}, which the messages neither say nor come close to" in (
        verdict.reason
    )


@pytest.mark.usefixtures("local_embedding_settings")
@pytest.mark.parametrize(
    "content",
    [
        "Ada has a dog called Biscuit, a scruffy terrier who pinches socks.",
        "Ada has a puppy called Biscuit, a scruffy terrier who steals socks.",
    ],
)
def test_a_word_close_in_meaning_to_what_was_said_is_supported(content):
    [verdict] = check_chunks([chunk(content, [3], title="Ada's dog")], context())
    assert verdict.supported, verdict.reason


# --------------------------------------------------------------------------- model answers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"supported": true, "reason": "Ada says so in 5."}', (True, "Ada says so in 5.")),
        ('```json\n{"supported": false, "reason": "Not said."}\n```', (False, "Not said.")),
        ('<think>hmm</think>{"supported": false, "reason": ""}', (False, "")),
    ],
)
def test_a_verification_answer_is_read(text, expected):
    assert parse_answer(text) == expected


@pytest.mark.parametrize("text", ["yes", '{"supported": "yes"}', "[]", ""])
def test_an_unreadable_verification_answer_is_refused(text):
    with pytest.raises(ValueError):
        parse_answer(text)
