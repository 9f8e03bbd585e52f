"""One knowledge-update case: a chat in two sittings a month apart, and the people, sittings
and small talk the ``tuned`` part uses by default."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from benchmarks.locomo import Conversation, Turn

USER = "Sam"
CHARACTER = "Mira"
FIRST_SITTING = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
SECOND_SITTING = datetime(2026, 4, 6, 19, 0, tzinfo=UTC)

SMALL_TALK_FIRST = (
    (USER, "Long day. The trains were late again and it rained the whole way home."),
    (CHARACTER, "That sounds miserable. Sit down, I'll put the kettle on."),
)
SMALL_TALK_SECOND = (
    (USER, "Hi again! Sorry it's been a while, work got hectic."),
    (CHARACTER, "No need to apologise. It's good to see you. How have you been?"),
)


@dataclass(frozen=True)
class Case:
    attribute: str
    name: str
    said_first: str  # the user's old fact
    character_line: str  # the character's own value of the same kind
    said_second: str  # the user's change
    question: str
    old: tuple[str, ...]
    new: tuple[str, ...]
    character_value: tuple[str, ...]
    user: str = USER
    character: str = CHARACTER
    small_talk_first: tuple[str, str] = tuple(text for _, text in SMALL_TALK_FIRST)
    small_talk_second: tuple[str, str] = tuple(text for _, text in SMALL_TALK_SECOND)
    character_reply: str = "Thank you for telling me. That's a real change."
    # A case whose old fact sits in a memory with other facts: words of another fact of that
    # memory, and a question about it. Retiring the old memory must not lose them: some
    # memory in context for ``kept_question`` names one (``benchmarks.memory``).
    kept: tuple[str, ...] = ()
    kept_question: str = ""
    # When given, the two sittings turn by turn as ("user" | "character", text), in place of
    # the fixed layout below; said_first, character_line and said_second are among them, so
    # where a fact sits in its sitting can vary.
    sittings: tuple[tuple[tuple[str, str], ...], ...] = ()

    def _lines(self) -> list[tuple[int, tuple[str, str]]]:
        user, character = self.user, self.character
        if self.sittings:
            speakers = {"user": user, "character": character}
            return [
                (session, (speakers[role], text))
                for session, sitting in enumerate(self.sittings, start=1)
                for role, text in sitting
            ]
        return [
            (1, (user, self.small_talk_first[0])),
            (1, (character, self.small_talk_first[1])),
            (1, (user, self.said_first)),
            (1, (character, self.character_line)),
            (2, (user, self.small_talk_second[0])),
            (2, (character, self.small_talk_second[1])),
            (2, (user, self.said_second)),
            (2, (character, self.character_reply)),
        ]

    def conversation(self) -> Conversation:
        user, character = self.user, self.character
        lines = self._lines()
        counters = {1: 0, 2: 0}
        turns = []
        for session, (speaker, text) in lines:
            counters[session] += 1
            turns.append(
                Turn(
                    dia_id=f"D{session}:{counters[session]}",
                    session=session,
                    speaker=speaker,
                    text=text,
                    said_at=FIRST_SITTING if session == 1 else SECOND_SITTING,
                )
            )
        return Conversation(
            sample_id=f"ku-{self.name}",
            speaker_a=user,
            speaker_b=character,
            turns=tuple(turns),
            observations=(),
            summaries=(),
            questions=(),
        )
