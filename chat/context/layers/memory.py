"""The memory layers: pinned, shared, retrieved and the rolling summary.

They read the memory app only through ``memories.context`` (the seam between the apps),
looked up at call time. Each is a section of the system message under its heading.
"""

from __future__ import annotations

from chat.context.budget import plain_line
from chat.context.layers.base import Turn
from chat.context.layers.shapes import SectionLayer
from memories import context as memory_context
from memories.context import ContextItem


def pinned_and_shared(turn: Turn):
    """The pinned and the shared memories in one read per turn, when the turn knows the
    thread's owner and character (none while the thread's board stamp is unchanged since a
    turn of this process read them); else None (each layer reads its own)."""
    if turn.owner_id is None or turn.character_id is None:
        return None
    return turn.remember(
        "pinned_and_shared",
        lambda: memory_context.pinned_and_shared_memories(
            thread_id=turn.thread_id,
            owner_id=turn.owner_id,
            character_id=turn.character_id,
            stamp=turn.sources.board_stamp,
        ),
    )


class _BoardLayer(SectionLayer):
    """A section of the memories kept in view of a thread: one of the two lists of
    ``pinned_and_shared`` (``section``), or, when the turn cannot make that read, its own."""

    section: int

    def read_alone(self, turn: Turn) -> list[ContextItem]:
        raise NotImplementedError

    def gather(self, turn: Turn, budget: int) -> list[ContextItem]:
        sections = pinned_and_shared(turn)
        if sections is None:
            return self.read_alone(turn)
        return sections[self.section]


class PinnedLayer(_BoardLayer):
    """Memories pinned to this thread, oldest pin first; always offered."""

    name = "pinned"
    heading = "### Pinned memories"
    section = 0

    def read_alone(self, turn: Turn) -> list[ContextItem]:
        return memory_context.pinned_memories(thread_id=turn.thread_id)


class SharedLayer(_BoardLayer):
    """Memories shared across the user's chats with this character, oldest first."""

    name = "shared"
    heading = "### Shared memories"
    section = 1

    def read_alone(self, turn: Turn) -> list[ContextItem]:
        return memory_context.shared_memories(thread_id=turn.thread_id)


class SummaryLayer(SectionLayer):
    """The newest summary of the thread, as a plain line."""

    name = "summary"
    heading = "### Story so far"
    line = staticmethod(plain_line)

    def gather(self, turn: Turn, budget: int) -> list[ContextItem]:
        if turn.sources.summary_read:  # read with the profile
            summary = turn.sources.summary
        else:
            summary = memory_context.rolling_summary(thread_id=turn.thread_id)
        return [] if summary is None else [summary]


def window_start(turn: Turn) -> int | None:
    """The first seq the model sees as a chat message: the oldest recent message kept, else
    the new message."""
    recent = turn.fitted.get("recent")
    if recent is not None and recent.kept:
        return recent.kept[0].seq
    return turn.new_message.seq if turn.new_message is not None else None


def inside_window(item: ContextItem, start: int | None) -> bool:
    """An archived message at or after the window's start would repeat what the model sees."""
    seq = item.start_seq if item.start_seq is not None else item.end_seq
    return start is not None and seq is not None and seq >= start


class RetrievedLayer(SectionLayer):
    """Memories, summaries and archived messages found for the new message (hybrid search),
    best first. Filled after the recent window, because it looks only before it; it asks the
    search to skip the memories earlier layers claimed, so their room goes to others."""

    name = "retrieved"
    heading = "### Relevant memories"

    def gather(self, turn: Turn, budget: int) -> list[ContextItem]:
        query = turn.query
        if not query or budget <= 0:
            return []
        start = window_start(turn)
        found = memory_context.retrieve(
            thread_id=turn.thread_id,
            query=query,
            budget_tokens=budget,
            exclude_memory_ids=sorted(turn.claimed_ids("memory")),
            before_seq=start,
            read_scope=turn.sources.retrieval,
        )
        return [
            item for item in found if not (item.kind == "message" and inside_window(item, start))
        ]
