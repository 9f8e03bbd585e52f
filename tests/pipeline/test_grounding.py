"""Grounding: a chunk's cited seqs are checked against the job's messages, and the offline
(local) support check passes what was said and rejects what was made up."""

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
from memories.pipeline.schema import Chunk
from tests.embeddings.conftest import local_embedder, local_embedding_settings  # noqa: F401
from tests.pipeline.conftest import job_context, transcript

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


def said_by_ada(text: str) -> tuple[TranscriptMessage, ...]:
    """``text`` as the only message of a job, Ada's, at seq 1."""
    return transcript([(1, "user", text)], user="Ada")


def chunk(content: str, seqs, title: str = "Ada", kind: str = "fact") -> Chunk:
    return Chunk(title=title, content=content, type=kind, source_seqs=tuple(seqs))


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
    assert verdict.score > SUPPORT_THRESHOLD  # the words alone would have let it through
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
    verdict = local_verdict(chunk(content, [1]), said_by_ada(said), people=("Ada", "Mara"))
    assert verdict.supported, verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_name_opening_the_memory_is_held_to_the_messages_even_when_it_is_a_word():
    """ "Marcus" is in the dictionary, but as a proper noun: it is a name, and nobody said it."""
    said = said_by_ada("I have a dog called Biscuit who steals socks.")
    renamed = chunk("Marcus has a dog called Biscuit who steals socks.", [1], title="Biscuit")
    verdict = local_verdict(renamed, said, people=("Ada", "Mara"))
    assert not verdict.supported
    assert "names marcus" in verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_negation_in_another_clause_of_the_message_does_not_back_a_negated_memory():
    said = said_by_ada("Sharing my story isn't always easy, but I feel it's important.")
    negated = chunk("Ada never feels sharing her story is important.", [1])
    verdict = local_verdict(negated, said, people=("Ada", "Mara"))
    assert not verdict.supported
    assert "negates what the messages do not negate" in verdict.reason
    kept = chunk("Ada feels sharing her story is important.", [1])
    assert local_verdict(kept, said, people=("Ada", "Mara")).supported


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_negation_ending_its_clause_is_backed_by_the_same_said_in_the_message():
    """ "...if I move back, but I won't": the memory's "but they won't" negates no word, and
    the message says it; a memory whose message says no negation at all is still refused."""
    said = said_by_ada("My cousin keeps asking if I'll join her band, but I won't.")
    bare = chunk("Ada's cousin keeps asking if they'll join her band, but they won't.", [1])
    verdict = local_verdict(bare, said, people=("Ada", "Mara"))
    assert verdict.supported, verdict.reason
    agreed = said_by_ada("My cousin keeps asking if I'll join her band, and I will.")
    verdict = local_verdict(bare, agreed, people=("Ada", "Mara"))
    assert not verdict.supported
    assert "negates what the messages do not negate" in verdict.reason


# --------------------------------------------------------------------------- the chat around it


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_memory_naming_the_person_a_message_speaks_to_is_kept():
    """Ada thanks Mara ("you"): a memory naming Mara as the one thanked says nothing new."""
    said = said_by_ada("Thanks so much for all your support, it means a lot.")
    grateful = chunk("Ada is grateful for Mara's support.", [1])
    verdict = local_verdict(grateful, said, people=("Ada", "Mara"))
    assert verdict.supported, verdict.reason
    # Nobody is spoken to here: Mara is not in it, and the memory is refused.
    unaddressed = said_by_ada("Thanks so much for all the support, it means a lot.")
    verdict = local_verdict(grateful, unaddressed, people=("Ada", "Mara"))
    assert not verdict.supported


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_memory_matching_one_sentence_of_a_long_message_is_kept():
    said = said_by_ada(
        "Hey Mara! A lot has happened since we last talked, work has been wild and the rain "
        "never stops here. Anyway, it's been so helpful to have people around me who accept "
        "and support me. Oh, and I finally fixed the bike."
    )
    kept = chunk("Ada values having people around her who accept and support her.", [1])
    verdict = local_verdict(kept, said, people=("Ada", "Mara"))
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
    verdict = local_verdict(rehearsal, [messages[2]], people=("Ada", "Mara"), thread=thread)
    assert verdict.supported, verdict.reason
    # A name nobody in the chat says is still refused.
    renamed = chunk("Ada's choir with Priya rehearses every Tuesday evening.", [3])
    verdict = local_verdict(renamed, [messages[2]], people=("Ada", "Mara"), thread=thread)
    assert not verdict.supported
    assert "names priya" in verdict.reason


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_detail_moved_from_elsewhere_in_the_chat_is_refused():
    """ "submarine" is said in the chat, not in the message cited, and has nothing to do
    with it."""
    messages = transcript(CHAT, user="Ada", character="Mara")
    thread = [message.content for message in messages]
    moved = chunk("Ada sings old submarine songs with her choir every Tuesday evening.", [3])
    verdict = local_verdict(moved, [messages[2]], people=("Ada", "Mara"), thread=thread)
    assert not verdict.supported
    assert "submarine" in verdict.reason
    kept = chunk("Ada sings old folk songs with her choir every Tuesday evening.", [3])
    verdict = local_verdict(kept, [messages[2]], people=("Ada", "Mara"), thread=thread)
    assert verdict.supported, verdict.reason


# --------------------------------------------------------------------------- said another way


@pytest.mark.usefixtures("local_embedding_settings")
def test_a_preposition_the_message_does_not_use_is_no_invented_detail():
    said = said_by_ada(
        "It was a tough call. Handling changes has been hard, but I'm staying positive and "
        "looking ahead."
    )
    kept = chunk("Ada is handling changes positively and looking ahead despite the hard part.", [1])
    verdict = local_verdict(kept, said, people=("Ada", "Mara"))
    assert verdict.supported, verdict.reason
    invented = chunk("Ada is handling changes positively despite her submarine.", [1])
    verdict = local_verdict(invented, said, people=("Ada", "Mara"))
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
    verdict = local_verdict(kept, said, people=("Ada", "Mara"))
    assert verdict.supported, verdict.reason
    invented = chunk("Mara compliments Ada's saxophone and hard work.", [1], title="Mara")
    verdict = local_verdict(invented, said, people=("Ada", "Mara"))
    assert not verdict.supported
    assert "saxophone" in verdict.reason


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
    verdict = local_verdict(kept, [messages[2]], people=("Ada", "Mara"), thread=thread)
    assert verdict.supported, verdict.reason
    moved = chunk("Ada's terrier Luna is sweet and playful on the submarine.", [3], title="Luna")
    verdict = local_verdict(moved, [messages[2]], people=("Ada", "Mara"), thread=thread)
    assert not verdict.supported
