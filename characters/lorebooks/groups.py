"""SillyTavern's inclusion groups: of the entries of one group that fire in a scan pass, only
one goes in. Applied to each pass's matches (keys, recursion, meaning) before probability rolls
and the token budget, in SillyTavern's order:

1. A group with an entry in by ``sticky`` keeps its sticky entries and nothing else.
2. Group scoring (the entry's ``use_group_scoring``, null following the scan's default): of the
   scored entries, those that matched fewer keys than the group's best drop out.
3. A group that already put an entry in during an earlier pass takes no more.
4. An entry with ``group_override`` wins by the highest ``insertion_order`` (then the lower uid).
5. Otherwise one is drawn by ``group_weight`` from a generator seeded by the chat, the turn and
   the group, so a regenerated reply makes the same choice.

An entry may belong to several groups (names comma-separated); losing any one drops it. As in
SillyTavern's ``filterByInclusionGroups``, it still takes part in its other groups' overrides
and draws (only a group's own score losers leave its draw), so a group whose choice is an entry
that lost another group puts no entry in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass


def group_names(entry) -> tuple[str, ...]:
    return tuple(dict.fromkeys(name.strip() for name in entry.group.split(",") if name.strip()))


@dataclass(frozen=True)
class GroupLoss:
    entry_id: int
    group: str
    why: str  # "sticky" | "score" | "taken" | "override" | "weight"
    winner_id: int | None = None


def choose_in_groups(
    candidates: Sequence,
    *,
    sticky_ids: frozenset[int],
    taken_groups: set[str],
    score_of: Callable[[object], int],
    use_group_scoring: bool,
    seed: str,
) -> tuple[set[int], list[GroupLoss]]:
    """Entry ids (of ``candidates``, ``LoreEntry``-like) that lose their groups, and why."""
    grouped: dict[str, list] = {}
    for entry in candidates:
        for name in group_names(entry):
            grouped.setdefault(name, []).append(entry)
    losers: set[int] = set()
    losses: list[GroupLoss] = []

    def lose(entry, group: str, why: str, winner=None) -> None:
        if entry.id not in losers:
            losers.add(entry.id)
            losses.append(GroupLoss(entry.id, group, why, winner.id if winner else None))

    for name, members in grouped.items():
        stuck = [entry for entry in members if entry.id in sticky_ids]
        if stuck:
            for entry in members:
                if entry.id not in sticky_ids:
                    lose(entry, name, "sticky", stuck[0])
            continue
        score_losers: set[int] = set()
        scored = [
            entry
            for entry in members
            if (
                entry.use_group_scoring
                if entry.use_group_scoring is not None
                else use_group_scoring
            )
        ]
        if scored:
            best = max(score_of(entry) for entry in members)
            leader = max(members, key=score_of)
            for entry in scored:
                if score_of(entry) < best:
                    score_losers.add(entry.id)
                    lose(entry, name, "score", leader)
        standing = [entry for entry in members if entry.id not in score_losers]
        if name in taken_groups:
            for entry in standing:
                lose(entry, name, "taken")
            continue
        if len(standing) <= 1:
            continue
        overriding = [entry for entry in standing if entry.group_override]
        if overriding:
            winner = min(overriding, key=lambda entry: (-entry.insertion_order, entry.uid))
            why = "override"
        else:
            total = sum(entry.group_weight for entry in standing)
            roll = random.Random(f"{seed}:{name}").random() * total
            winner, running = standing[-1], 0
            for entry in standing:
                running += entry.group_weight
                if roll <= running:
                    winner = entry
                    break
            why = "weight"
        for entry in standing:
            if entry is not winner:
                lose(entry, name, why, winner)
    return losers, losses
