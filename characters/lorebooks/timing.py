"""SillyTavern's timed effects of lorebook entries, derived from what went into earlier
replies (no state of their own, so a branch, a regenerate, a deleted message or an imported
chat reads right).

Counted in messages, as SillyTavern counts its chat's length (the new message included):

- ``sticky`` N: once an entry fires, it stays in (type "sticky", without its keys, without a
  probability roll) while the chat has fewer than N more messages than when it fired.
- ``cooldown`` N: after an entry fired, it cannot fire while the chat has fewer than N more
  messages than then; an entry with a sticky cools down from the first reply after its
  sticky ended instead (that reply's turn included).
- ``delay`` N: it cannot fire while the chat has fewer than N messages.

``past`` lists the earlier replies newest first, each as (messages ago, {entry id: receipt
type}): a reply is ``i + 1`` messages ago when ``i`` messages stand between it and the end of
the chat (the new message counted). An entry's firing is its newest appearance of a type other
than "sticky"; a sticky carry-over never starts a new one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

STICKY = "sticky"

PastTurns = Sequence[tuple[int, Mapping[int, str]]]


@dataclass(frozen=True)
class TimedState:
    """The timed effects in force for one turn."""

    chat_length: int = 1  # messages in the chat, the new one included
    sticky_ids: frozenset[int] = frozenset()  # entries in by sticky
    cooldown_ids: frozenset[int] = frozenset()  # entries that cannot fire


def lookback(entries) -> int:
    """How many messages back the earlier replies matter (0: none has a sticky or cooldown)."""
    longest = max(((entry.sticky or 0) + (entry.cooldown or 0) for entry in entries), default=0)
    return longest + 2 if longest else 0  # + one turn: a sticky's end is seen at the next reply


def timed_state(entries, past: PastTurns, *, chat_length: int) -> TimedState:
    sticky: set[int] = set()
    cooling: set[int] = set()
    for entry in entries:
        if not (entry.sticky or entry.cooldown):
            continue
        fired = next(
            (ago for ago, types in past if types.get(entry.id, STICKY) != STICKY),
            None,
        )
        if fired is None:
            continue
        if entry.sticky:
            if fired < entry.sticky:
                sticky.add(entry.id)
                continue
            if not entry.cooldown:
                continue
            # The first reply (or this turn, 0 messages ago) at or after the sticky's end.
            ended = max((ago for ago, _ in past if ago <= fired - entry.sticky), default=0)
            if ended < entry.cooldown:
                cooling.add(entry.id)
        elif fired < entry.cooldown:
            cooling.add(entry.id)
    return TimedState(
        chat_length=chat_length, sticky_ids=frozenset(sticky), cooldown_ids=frozenset(cooling)
    )


def held_by_time(entry, state: TimedState) -> str:
    """ "cooldown" or "delay" when ``entry`` cannot fire this turn, else ""."""
    if entry.id in state.sticky_ids:
        return ""
    if entry.id in state.cooldown_ids:
        return "cooldown"
    if entry.delay and state.chat_length < entry.delay:
        return "delay"
    return ""
