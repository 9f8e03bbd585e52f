"""The scoring rules of bench_locomo, pinned on hand-computed cases (no database)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from benchmarks.evaluate import MethodScores, _Scorer
from benchmarks.loader import LoadedConversation
from benchmarks.locomo import Conversation, Question, Turn
from benchmarks.scoring import answer_coverage, content_words

SAID_AT = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
# Session 1 is turns 1-4, session 2 turns 5-8.
TURNS = tuple(
    Turn(f"D{1 + (seq - 1) // 4}:{1 + (seq - 1) % 4}", 1 + (seq - 1) // 4, "Ava", "hi", SAID_AT)
    for seq in range(1, 9)
)
SUMMARY_1, SUMMARY_2 = 101, 102
MEMORY_TWO_OF_THREE, MEMORY_UNCITED = 201, 202


@dataclass(frozen=True)
class Item:
    kind: str
    id: int
    start_seq: int | None
    end_seq: int | None
    text: str = ""
    tokens: int = 10


def loaded(*questions: Question) -> LoadedConversation:
    conversation = Conversation("hand", "Ava", "Bruno", TURNS, (), (), tuple(questions))
    session_1, session_2 = frozenset({1, 2, 3, 4}), frozenset({5, 6, 7, 8})
    return LoadedConversation(
        conversation=conversation,
        user_id=1,
        character_id=1,
        thread_id=1,
        seq_by_dia_id={turn.dia_id: seq for seq, turn in enumerate(TURNS, start=1)},
        # Cites D1:1 and D1:3 (turns 1 and 3); the range 1-3 also holds turn 2.
        memory_cover={MEMORY_TWO_OF_THREE: frozenset({1, 3}), MEMORY_UNCITED: frozenset()},
        memory_session={MEMORY_TWO_OF_THREE: session_1, MEMORY_UNCITED: session_2},
        summary_cover={SUMMARY_1: session_1, SUMMARY_2: session_2},
    )


def score(question: Question, items: list[Item]) -> dict:
    scores = MethodScores()
    _Scorer(loaded(question), question).score([scores], items)
    return scores.summary("strict")


QUESTION = Question("What did Ava say?", 4, ("D1:1", "D1:3", "D1:4"), answer="hi")


def test_a_summary_retrieved_alone_scores_zero_strict_and_its_session_generous():
    summary = Item("summary", SUMMARY_1, 1, 4)
    result = score(QUESTION, [summary])
    assert result["overall_recall"] == 0.0
    assert result["recall_by_scoring"] == {"strict": 0.0, "generous": 100.0}


def test_a_memory_citing_two_of_three_evidence_turns_scores_two_thirds():
    memory = Item("memory", MEMORY_TWO_OF_THREE, 1, 3)
    result = score(QUESTION, [memory])
    assert result["overall_recall"] == round(100 * 2 / 3, 1) == 66.7
    # Generous adds nothing: the memory cites turns, so it is credited with those only.
    assert result["recall_by_scoring"]["generous"] == 66.7
    assert result["all_evidence_share"] == 0.0


def test_a_memory_citing_nothing_covers_nothing_strict_and_its_session_generous():
    question = Question("What happened later?", 2, ("D2:2",), answer="x")
    result = score(question, [Item("memory", MEMORY_UNCITED, 5, 8)])
    assert result["recall_by_scoring"] == {"strict": 0.0, "generous": 100.0}


def test_a_message_covers_its_own_turn_and_items_add_up():
    items = [Item("message", 9001, 4, 4), Item("memory", MEMORY_TWO_OF_THREE, 1, 3)]
    result = score(QUESTION, items)
    assert result["overall_recall"] == 100.0
    assert result["all_evidence_share"] == 100.0
    assert result["mean_tokens"] == 20 and result["mean_items"] == 2


def test_the_summary_of_the_wrong_session_covers_nothing_even_generous():
    result = score(QUESTION, [Item("summary", SUMMARY_2, 5, 8)])
    assert result["recall_by_scoring"] == {"strict": 0.0, "generous": 0.0}


def test_recall_is_averaged_per_question_and_per_category():
    scores = MethodScores()
    other = Question("Where?", 1, ("D2:1", "D2:2"), answer="Porto")
    _Scorer(loaded(QUESTION), QUESTION).score([scores], [Item("message", 1, 1, 1)])
    _Scorer(loaded(other), other).score([scores], [Item("message", 5, 5, 5)])
    result = scores.summary("strict")
    # 1/3 for the single-hop question, 1/2 for the multi-hop one.
    assert result["recall"] == {"multi-hop": 50.0, "single-hop": 33.3}
    assert result["overall_recall"] == round(100 * (1 / 3 + 1 / 2) / 2, 1) == 41.7


def test_answer_coverage_counts_content_words_with_dates_and_numbers_normalised():
    assert content_words("The Saturday after 19 April 2024") == {"saturday", "19", "april", "2024"}
    assert answer_coverage("The Saturday after 19 April 2024", ["[19 Apr 2024] Bruno: hi"]) == 0.75
    assert answer_coverage("two dogs", ["Ava: I have 2 dogs"]) == 1.0
    assert answer_coverage("7th of May", ["On May 7 we met"]) == 1.0
    assert answer_coverage("Caroline's daughter", ["caroline has a daughter"]) == 1.0
    assert answer_coverage("pottery, cello", ["Ava: pottery class"]) == 0.5
    assert answer_coverage("Likely yes", ["anything"]) is None  # no content word: left out


def test_a_summary_earns_answer_coverage_but_no_strict_evidence():
    question = Question("What does Ava play?", 4, ("D1:2",), answer="the cello")
    summary = Item("summary", SUMMARY_1, 1, 4, text="Ava plays the cello on weekends.")
    result = score(question, [summary])
    assert result["overall_recall"] == 0.0
    assert result["answer_coverage"] == {"single-hop": 100.0, "overall": 100.0}
    assert result["answer_coverage_questions"] == 1


def test_adversarial_questions_have_no_answer_coverage():
    question = Question("What does Bruno fear?", 5, (), answer="")
    result = score(question, [Item("message", 1, 1, 1, text="hi")])
    assert result["recall"] == {"adversarial": 100.0}  # no evidence counts as covered
    assert result["answer_coverage"] == {"overall": None}
    assert result["answer_coverage_questions"] == 0


def test_an_unknown_scoring_rule_is_refused():
    with pytest.raises(ValueError, match="unknown scoring"):
        loaded().cover("message", 1, 1, 1, scoring="lenient")
