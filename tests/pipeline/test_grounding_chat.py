"""The local support check reads a memory against the chat around its cited messages: the
person a message speaks to, one sentence of a long message, what the chat says elsewhere of a
name (which may stand in a memory) and of other things (which may not be moved into it), and
the long form of a person's name."""

from __future__ import annotations

import pytest

from memories.pipeline.grounding import local_verdict
from tests.embeddings.conftest import local_embedder, local_embedding_settings  # noqa: F401
from tests.pipeline.conftest import chunk, said_by_ada, transcript

PEOPLE = ("Ada", "Mara")


# --------------------------------------------------------------------------- the chat around it


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_memory_naming_the_person_a_message_speaks_to_is_kept():
    """Ada thanks Mara ("you"): a memory naming Mara as the one thanked says nothing new."""
    said = said_by_ada("Thanks so much for all your support, it means a lot.")
    grateful = chunk("Ada is grateful for Mara's support.", [1])
    verdict = local_verdict(grateful, said, people=PEOPLE)
    assert verdict.supported, verdict.reason
    # Nobody is spoken to here: Mara is not in it, and the memory is refused.
    unaddressed = said_by_ada("Thanks so much for all the support, it means a lot.")
    verdict = local_verdict(grateful, unaddressed, people=PEOPLE)
    assert not verdict.supported


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_memory_matching_one_sentence_of_a_long_message_is_kept():
    said = said_by_ada(
        "Hey Mara! A lot has happened since we last talked, work has been wild and the rain "
        "never stops here. Anyway, it's been so helpful to have people around me who accept "
        "and support me. Oh, and I finally fixed the bike."
    )
    kept = chunk("Ada values having people around her who accept and support her.", [1])
    verdict = local_verdict(kept, said, people=PEOPLE)
    assert verdict.supported, verdict.reason


CHAT = [
    (1, "user", "I joined the LGBTQ choir at the community centre last month."),
    (2, "assistant", "A choir! What do you sing?"),
    (3, "user", "Mostly old folk songs. We rehearse every Tuesday evening."),
    (4, "user", "I also toured an old submarine down at the harbour."),
]


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_name_the_chat_says_elsewhere_may_stand_in_a_memory_of_a_later_message():
    messages = transcript(CHAT, user="Ada", character="Mara")
    thread = [message.content for message in messages]
    rehearsal = chunk("Ada's LGBTQ choir rehearses every Tuesday evening.", [3])
    verdict = local_verdict(rehearsal, [messages[2]], people=PEOPLE, thread=thread)
    assert verdict.supported, verdict.reason
    # A name nobody in the chat says is still refused.
    renamed = chunk("Ada's choir with Priya rehearses every Tuesday evening.", [3])
    verdict = local_verdict(renamed, [messages[2]], people=PEOPLE, thread=thread)
    assert not verdict.supported
    assert "names priya" in verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_detail_moved_from_elsewhere_in_the_chat_is_refused():
    """ "submarine" is said in the chat, not in the message cited, and has nothing to do
    with it."""
    messages = transcript(CHAT, user="Ada", character="Mara")
    thread = [message.content for message in messages]
    moved = chunk("Ada sings old submarine songs with her choir every Tuesday evening.", [3])
    verdict = local_verdict(moved, [messages[2]], people=PEOPLE, thread=thread)
    assert not verdict.supported
    assert "submarine" in verdict.reason
    kept = chunk("Ada sings old folk songs with her choir every Tuesday evening.", [3])
    verdict = local_verdict(kept, [messages[2]], people=PEOPLE, thread=thread)
    assert verdict.supported, verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_the_long_form_of_a_persons_name_is_that_person():
    said = transcript(
        [(1, "user", "Dancing makes me so happy."), (2, "assistant", "I love watching you.")],
        user="Jon",
        character="Gina",
    )
    long_form = chunk("Jonathan finds happiness in dancing.", [1], title="Jonathan")
    verdict = local_verdict(long_form, [said[0]], people=("Jon", "Gina"))
    assert verdict.supported, verdict.reason
    # Still the speaker rule's Jon: Gina's message does not back it.
    verdict = local_verdict(long_form, [said[1]], people=("Jon", "Gina"))
    assert not verdict.supported
    assert "about Jon" in verdict.reason
    stranger = chunk("Priya finds happiness in dancing.", [1], title="Priya")
    assert not local_verdict(stranger, [said[0]], people=("Jon", "Gina")).supported


PETS = [
    (1, "user", "My terrier Luna chews everything. I also toured an old submarine last week."),
    (2, "assistant", "Ha! What is she up to now?"),
    (3, "user", "Luna is so sweet and playful these days."),
]


@pytest.mark.usefixtures("local_embedding_settings")
def test_what_the_chat_says_of_a_name_counts_as_said():
    """Luna is a terrier that chews everything in an earlier message: a memory of the later
    one may say so; a word the chat says elsewhere, not of Luna, is still held to the detail
    rule."""
    messages = transcript(PETS, user="Ada", character="Mara")
    thread = [message.content for message in messages]
    kept = chunk("Ada's terrier Luna chews everything and is sweet.", [3], title="Luna")
    verdict = local_verdict(kept, [messages[2]], people=PEOPLE, thread=thread)
    assert verdict.supported, verdict.reason
    moved = chunk("Ada's terrier Luna is sweet and playful on the submarine.", [3], title="Luna")
    verdict = local_verdict(moved, [messages[2]], people=PEOPLE, thread=thread)
    assert not verdict.supported
