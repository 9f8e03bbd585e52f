"""How the local support check reads what a memory says against its messages: a memory in
the third person against a message in the first (who it is about is the speaker rule's
business, what it says is read without them), and a number however it is written."""

from __future__ import annotations

import pytest

from memories.pipeline.grounding import local_verdict
from memories.pipeline.local_support import number_values, without_people
from memories.pipeline.schema import Chunk
from tests.embeddings.conftest import local_embedder, local_embedding_settings  # noqa: F401
from tests.pipeline.conftest import transcript

PEOPLE = ("Ada", "Mara")


def said_by_ada(text: str):
    return transcript([(1, "user", text)], user="Ada")


def chunk(content: str, title: str = "Ada") -> Chunk:
    return Chunk(title=title, content=content, type="fact", source_seqs=(1,))


def test_the_people_and_pronouns_are_left_out_of_a_reading_without_them():
    assert without_people("Ada's friends support her, and I'm glad.", PEOPLE) == (
        "friends support , and glad."
    )
    # A word that only begins like a pronoun or a name stays.
    assert without_people("Adam is at home with Marathon runners.", PEOPLE) == (
        "Adam is at home with Marathon runners."
    )


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_memory_of_what_a_message_says_in_its_own_words_is_kept_in_another_person():
    """Every word is Ada's, but "Ada ... her" sits far from "I ... me" in the embedder."""
    said = said_by_ada(
        "It's been so helpful to have people around me who accept and support me, "
        "so I know I'll be ok!"
    )
    kept = chunk("Ada values having people around her who accept and support her.")
    verdict = local_verdict(kept, said, people=PEOPLE)
    assert verdict.supported, verdict.reason
    # Read without the people, it is still not moved to the other one.
    moved = chunk("Mara values having people around her who accept and support her.", "Mara")
    verdict = local_verdict(moved, said, people=PEOPLE)
    assert not verdict.supported
    assert "about Mara" in verdict.reason


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("She turned twenty-one in May.", {"21"}),
        ("my 21st birthday", {"21"}),
        ("two hundred and fifty dogs", {"250"}),
        ("1,500 people came", {"1500"}),
        ("fifteen hundred people came", {"1500"}),
        ("we go twice a year", {"2"}),
        ("two dozen eggs", {"24"}),
        ("one and two", {"1", "2"}),
        ("left a secure 9-5 job", {"9"}),
        ("one-on-one lessons", {"1"}),
        ("the hike took 2.5 hours", {"2.5"}),
        ("on 2023-05-07 we met", set()),
    ],
)
def test_a_number_is_read_however_it_is_written(text, values):
    assert number_values(text) == values


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_number_in_words_backs_the_same_number_in_digits_and_no_other():
    said = said_by_ada("My grandmother turned ninety-one last week and we threw her a party.")
    kept = chunk("Ada's grandmother turned 91 and they threw her a party.")
    verdict = local_verdict(kept, said, people=PEOPLE)
    assert verdict.supported, verdict.reason
    changed = chunk("Ada's grandmother turned 94 and they threw her a party.")
    verdict = local_verdict(changed, said, people=PEOPLE)
    assert not verdict.supported
    assert "do not say 94" in verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_number_changed_inside_a_hyphenated_word_is_refused():
    said = said_by_ada("I left my secure 9-5 job at the bank to teach dance.")
    changed = chunk("Ada left her secure 12-5 job at the bank to teach dance.")
    verdict = local_verdict(changed, said, people=PEOPLE)
    assert not verdict.supported
    assert "do not say 12" in verdict.reason
    kept = chunk("Ada left her secure 9-5 job at the bank to teach dance.")
    assert local_verdict(kept, said, people=PEOPLE).supported


@pytest.mark.usefixtures("local_embedding_settings")
def test_what_a_person_says_of_the_one_they_speak_to_is_not_theirs():
    """Ada thanks Mara for her support: Mara supports Ada, Ada does not support Mara."""
    said = said_by_ada("Thanks, Mara. Your support and encouragement mean a lot to me.")
    swapped = chunk("Ada supports and encourages Mara.")
    verdict = local_verdict(swapped, said, people=PEOPLE)
    assert not verdict.supported
    assert "what the messages say of the person spoken to" in verdict.reason
    # What Ada says of herself is hers, even beside a "you".
    own = said_by_ada("Thanks, Mara. I support and encourage you.")
    verdict = local_verdict(swapped, own, people=PEOPLE)
    assert verdict.supported, verdict.reason
