"""A loaded conversation: its user, character and thread ids, the seq of every turn, what
each stored memory and summary covers (``benchmarks.scoring``), its owner, a session's seqs
and its stored memories through the memory panel's selector.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

from benchmarks.locomo import Conversation, Observation
from benchmarks.scoring import DEFAULT_SCORING, Provenance

USERNAME_PREFIX = "locomo-"


# A trigger no chat reaches: loading a conversation creates no memory job by itself.
NO_MEMORY_JOB = 10**12


Progress = Callable[[int], None]


@dataclass
class LoadedConversation:
    conversation: Conversation
    user_id: int
    character_id: int
    thread_id: int
    seq_by_dia_id: dict[str, int]
    # The turns (as seqs) each stored memory's observation cites (possibly none), and the
    # turns of the session each memory and summary was written from.
    memory_cover: dict[int, frozenset[int]] = field(default_factory=dict)
    memory_session: dict[int, frozenset[int]] = field(default_factory=dict)
    summary_cover: dict[int, frozenset[int]] = field(default_factory=dict)
    # Where the memories came from ("gold" or "pipeline"), and for a pipeline run the jobs
    # that failed (session, error) and how many chunks each session's job stored.
    memories: str = "gold"
    failed_sessions: list[tuple[int, str]] = field(default_factory=list)
    stored_per_session: dict[int, int] = field(default_factory=dict)
    # The observation each gold memory was stored from.
    memory_observation: dict[int, Observation] = field(default_factory=dict)

    @property
    def last_seq(self) -> int:
        return max(self.seq_by_dia_id.values(), default=0)

    @property
    def provenance(self) -> Provenance:
        return Provenance(
            memory_evidence=self.memory_cover,
            memory_session=self.memory_session,
            summary_session=self.summary_cover,
        )

    def cover(
        self,
        kind: str,
        item_id: int,
        start_seq: int | None,
        end_seq: int | None,
        *,
        scoring: str = DEFAULT_SCORING,
    ) -> frozenset[int]:
        """The turns a retrieved item covers under ``scoring`` (``benchmarks.scoring``)."""
        return self.provenance.cover(kind, item_id, start_seq, end_seq, scoring=scoring)

    def evidence_seqs(self, evidence: tuple[str, ...]) -> set[int]:
        return {self.seq_by_dia_id[dia_id] for dia_id in evidence if dia_id in self.seq_by_dia_id}


def session_seqs(conversation: Conversation, session: int) -> list[int]:
    return [seq for seq, turn in enumerate(conversation.turns, start=1) if turn.session == session]


def owner(loaded: LoadedConversation):
    return get_user_model().objects.get(pk=loaded.user_id)


def stored_memories(loaded: LoadedConversation, ids=None) -> list:
    """The conversation's memories, whatever their status (the memory panel's selector);
    only those of ``ids`` when given."""
    from memories.selectors import MemoryFilters, memory_list

    filters = MemoryFilters(character_id=loaded.character_id, status=None)
    rows = list(memory_list(user=owner(loaded), filters=filters))
    if ids is None:
        return rows
    wanted = set(ids)
    return [row for row in rows if row.pk in wanted]
