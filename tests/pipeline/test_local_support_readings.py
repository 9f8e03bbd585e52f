"""How the local support check reads what a memory says against its messages: a memory in
the third person against a message in the first (who it is about is the speaker rule's
business, what it says is read without them), a number however it is written, other words
of the same meaning and verbs of stance, a name opening a memory, negations, prepositions
the message does not use, and a report of how a thing was said."""

from __future__ import annotations

import pytest

from memories.pipeline.grounding import local_verdict
from memories.pipeline.local_support import number_values
from tests.embeddings.conftest import local_embedder, local_embedding_settings  # noqa: F401
from tests.pipeline.conftest import chunk, said_by_ada, transcript

PEOPLE = ("Ada", "Mara")


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
    moved = chunk("Mara values having people around her who accept and support her.", title="Mara")
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


# --------------------------------------------------------------------------- paraphrase and stance


@pytest.mark.usefixtures("local_embedding_settings")
@pytest.mark.parametrize(
    ("content", "said"),
    [
        # Other words of the same meaning: kids/children, amazed/loved, bones/fossils.
        (
            "Ada's kids were amazed by the dinosaur bones.",
            "The children loved the fossils at the museum.",
        ),
        # A verb of stance reports the attitude the message's words carry.
        (
            "Ada values family time and finds it special.",
            "Family time matters to me, it's special.",
        ),
        (
            "Ada considers Mara a partner in this journey.",
            "It's like having a partner on this journey with you, Mara!",
        ),
    ],
)
def test_a_memory_in_other_words_than_the_message_is_kept(content, said):
    verdict = local_verdict(chunk(content, [1]), said_by_ada(said), people=PEOPLE)
    assert verdict.supported, verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_name_opening_the_memory_is_held_to_the_messages_even_when_it_is_a_word():
    """ "Marcus" is in the dictionary, but as a proper noun: it is a name, and nobody said it."""
    said = said_by_ada("I have a dog called Biscuit who steals socks.")
    renamed = chunk("Marcus has a dog called Biscuit who steals socks.", [1], title="Biscuit")
    verdict = local_verdict(renamed, said, people=PEOPLE)
    assert not verdict.supported
    assert "names marcus" in verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_negation_in_another_clause_of_the_message_does_not_back_a_negated_memory():
    said = said_by_ada("Sharing my story isn't always easy, but I feel it's important.")
    negated = chunk("Ada never feels sharing her story is important.", [1])
    verdict = local_verdict(negated, said, people=PEOPLE)
    assert not verdict.supported
    assert "negates what the messages do not negate" in verdict.reason
    kept = chunk("Ada feels sharing her story is important.", [1])
    assert local_verdict(kept, said, people=PEOPLE).supported


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_negation_ending_its_clause_is_backed_by_the_same_said_in_the_message():
    """ "...if I move back, but I won't": the memory's "but they won't" negates no word, and
    the message says it; a memory whose message says no negation at all is still refused."""
    said = said_by_ada("My cousin keeps asking if I'll join her band, but I won't.")
    bare = chunk("Ada's cousin keeps asking if they'll join her band, but they won't.", [1])
    verdict = local_verdict(bare, said, people=PEOPLE)
    assert verdict.supported, verdict.reason
    agreed = said_by_ada("My cousin keeps asking if I'll join her band, and I will.")
    verdict = local_verdict(bare, agreed, people=PEOPLE)
    assert not verdict.supported
    assert "negates what the messages do not negate" in verdict.reason


# --------------------------------------------------------------------------- said another way


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_preposition_the_message_does_not_use_is_no_invented_detail():
    said = said_by_ada(
        "It was a tough call. Handling changes has been hard, but I'm staying positive and "
        "looking ahead."
    )
    kept = chunk("Ada is handling changes positively and looking ahead despite the hard part.", [1])
    verdict = local_verdict(kept, said, people=PEOPLE)
    assert verdict.supported, verdict.reason
    invented = chunk("Ada is handling changes positively despite her submarine.", [1])
    verdict = local_verdict(invented, said, people=PEOPLE)
    assert not verdict.supported


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_memory_reporting_how_a_thing_was_said_is_kept():
    """ "compliments" reports the speech act; the message says the compliment itself."""
    said = transcript(
        [
            (
                1,
                "assistant",
                "Wow Ada, you're gonna kill it. Your hard work and talent will pay off!",
            )
        ],
        user="Ada",
        character="Mara",
    )
    kept = chunk("Mara compliments Ada's talent and hard work.", [1], title="Mara")
    verdict = local_verdict(kept, said, people=PEOPLE)
    assert verdict.supported, verdict.reason
    invented = chunk("Mara compliments Ada's saxophone and hard work.", [1], title="Mara")
    verdict = local_verdict(invented, said, people=PEOPLE)
    assert not verdict.supported
    assert "saxophone" in verdict.reason
