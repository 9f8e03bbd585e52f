"""The support check's labelled set: every fabricated chunk differs from the true one it
was made from."""

from __future__ import annotations

from datetime import UTC, datetime

from benchmarks.locomo import Conversation, Observation, Turn
from benchmarks.support_set import examples


def conversation(observation: str) -> Conversation:
    said = datetime(2023, 5, 1, tzinfo=UTC)
    return Conversation(
        sample_id="syn-9",
        speaker_a="Jon",
        speaker_b="Gina",
        turns=(
            Turn("D1:1", 1, "Jon", "Dancing makes me so happy, Gina.", said),
            Turn("D1:2", 1, "Gina", "You light up when you dance!", said),
        ),
        observations=(Observation(1, "Jon", observation, ("D1:1",)),),
        summaries=(),
        questions=(),
    )


def test_a_change_that_changes_nothing_makes_no_fabricated_chunk():
    """ "Jon" is not a word of "Jonathan": renaming it leaves the text as it was, which
    would be the true chunk labelled invented."""
    made = examples(conversation("Jonathan finds happiness in dancing."))
    kinds = [example.kind for example in made]
    assert "wrong_name" not in kinds and "swapped_speaker" not in kinds
    true = next(example for example in made if example.kind == "true")
    assert all(e.content != true.content for e in made if e.fabricated)
    # Where the name is there, the renamed and the swapped chunks are made.
    kinds = [example.kind for example in examples(conversation("Jon finds happiness in dancing."))]
    assert "wrong_name" in kinds and "swapped_speaker" in kinds
