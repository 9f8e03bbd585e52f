"""The parts of the knowledge-update suite (``KNOWLEDGE_UPDATE_PARTS``), each printed apart by
``bench_memory`` with its own baseline and scored by the same code
(``benchmarks.memory.measure_knowledge_updates``):

- ``tuned`` (``CASES``): the offline update rules were tuned on it;
- ``seen`` (``HELD_OUT_CASES``): held out last round, but its failures were looked at, so it
  is no longer unseen;
- ``fresh`` (``benchmarks.knowledge_updates_fresh.FRESH_CASES``, printed as "fresh-1"):
  written held out, before a round of rule changes; its failures were read and the rules
  tuned on it from 2 December, so it is a tuning part now (its last held-out reading, 40.0%,
  is in docs/benchmarks.md);
- ``dev`` (``benchmarks.knowledge_updates_dev.DEV_CASES``): sixty chats written to tune on,
  before a round of rule changes;
- ``dev2`` (``benchmarks.knowledge_updates_dev2.DEV2_CASES``): thirty more chats written the
  same way to tune on, with values no lexicon holds, denials, jobs without a verb and third
  persons' values;
- ``dev3`` (``benchmarks.knowledge_updates_dev3.DEV3_CASES``): forty more chats written to
  tune on, with non-changes beside the change (a hypothetical, a plan, a trip, a friend's
  value, an older value recalled, a pet sitter's dog) that must not retire the value;
- ``dev4`` (``benchmarks.knowledge_updates_dev4.DEV4_CASES``): forty more chats written to
  tune on, each pair of people in its own role-play scene, the change said in the user's own
  words and mostly indirectly, with non-changes after it (a trip back, a relative's
  question, an old partner kept as a friend, a joke) that must not retire the value;
- ``dev5`` (``benchmarks.knowledge_updates_dev5.DEV5_CASES``): a tuning part, written on 4
  December to tune on, whose failures may be read: forty more chats, eight pairs of people in
  fantasy, science-fiction, modern and historical scenes, the change said in passing, with a
  negation or over two messages, often drawn out by the character, and followed by
  non-changes (someone else's value, a hypothetical, a question, the old value recalled as
  past, a negation, a value that stays the same) that must not retire the value;
- ``dev6`` (``benchmarks.knowledge_updates_dev6.DEV6_CASES``): a tuning part written the same
  way after dev5, whose failures may be read: forty more chats, eight more pairs in scenes of
  their own, the new value often said at once as the second sitting opens, another value
  weighed and turned down beside the change or taken up for one night only, and stale names
  and records of the old value kept by others;
- ``dev7`` (``benchmarks.knowledge_updates_dev7.DEV7_CASES``): a tuning part written on 4
  December by someone who wrote no other part, on dev5's and dev6's terms, whose failures may
  be read: forty chats, eight more pairs in scenes of their own, the change told as a story,
  implied, said as a sitting opens or drawn out by the character, the new pet often of
  another kind, and relatives, exes and neighbours who keep the old value;
- ``dev8`` (``benchmarks.knowledge_updates_dev8.DEV8_CASES``): a tuning part written the same
  way after dev7 by dev7's writer, whose failures may be read: forty chats, eight more pairs
  in scenes of their own, the change said as a correction, in an out-of-character aside, as a
  question back or with the old value denied, and old partners, pets and towns that live on
  in others' lives;
- ``fresh2`` (``benchmarks.knowledge_updates_fresh2.FRESH2_CASES``): a second part written
  without reading the update rules, held out: nothing is tuned on it and its failures are
  not read;
- ``fresh3`` (``benchmarks.knowledge_updates_fresh3.FRESH3_CASES``, printed as "fresh-3"): a
  third part written the same way while the rules were being tuned, held out on the same
  terms;
- ``fresh4`` (``benchmarks.knowledge_updates_fresh4.FRESH4_CASES``, printed as "fresh-4"): a
  fourth written the same way as a new clean held-out part, held out on the same terms;
- ``fresh5`` (``benchmarks.knowledge_updates_fresh5.FRESH5_CASES``, printed as "fresh-5"): a
  fifth written the same way as a new clean held-out part, held out on the same terms;
- ``fresh6`` (``benchmarks.knowledge_updates_fresh6.FRESH6_CASES``, printed as "fresh-6"): a
  sixth written the same way beside dev4, as a new clean held-out part, held out on the same
  terms.

``bench_memory --ku-parts tuned,seen,fresh,dev,dev2,dev3,dev4,dev5,dev6,dev7,dev8`` leaves the
held-out parts out while tuning. A new part is registered here, not in the scoring code.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.knowledge_updates import CASES, HELD_OUT_CASES, Case
from benchmarks.knowledge_updates_dev import DEV_CASES
from benchmarks.knowledge_updates_dev2 import DEV2_CASES
from benchmarks.knowledge_updates_dev3 import DEV3_CASES
from benchmarks.knowledge_updates_dev4 import DEV4_CASES
from benchmarks.knowledge_updates_dev5 import DEV5_CASES
from benchmarks.knowledge_updates_dev6 import DEV6_CASES
from benchmarks.knowledge_updates_dev7 import DEV7_CASES
from benchmarks.knowledge_updates_dev8 import DEV8_CASES
from benchmarks.knowledge_updates_fresh import FRESH_CASES
from benchmarks.knowledge_updates_fresh2 import FRESH2_CASES
from benchmarks.knowledge_updates_fresh3 import FRESH3_CASES
from benchmarks.knowledge_updates_fresh4 import FRESH4_CASES
from benchmarks.knowledge_updates_fresh5 import FRESH5_CASES
from benchmarks.knowledge_updates_fresh6 import FRESH6_CASES


@dataclass(frozen=True)
class KnowledgeUpdatePart:
    """One part of the knowledge-update suite: its ``--ku-parts`` name, the key of its
    figures in the results, its cases and the label printed beside its figure."""

    name: str
    key: str
    cases: tuple[Case, ...]
    label: str


KNOWLEDGE_UPDATE_PARTS = (
    KnowledgeUpdatePart("tuned", "knowledge_updates", CASES, "tuned"),
    KnowledgeUpdatePart(
        "seen",
        "knowledge_updates_held_out",
        HELD_OUT_CASES,
        "seen (held out last round; its failures were looked at)",
    ),
    KnowledgeUpdatePart(
        "fresh",
        "knowledge_updates_fresh",
        FRESH_CASES,
        "fresh-1 (written held out; read and tuned on from 2 December)",
    ),
    KnowledgeUpdatePart("dev", "knowledge_updates_dev", DEV_CASES, "dev (written to tune on)"),
    KnowledgeUpdatePart("dev2", "knowledge_updates_dev2", DEV2_CASES, "dev2 (written to tune on)"),
    KnowledgeUpdatePart("dev3", "knowledge_updates_dev3", DEV3_CASES, "dev3 (written to tune on)"),
    KnowledgeUpdatePart("dev4", "knowledge_updates_dev4", DEV4_CASES, "dev4 (written to tune on)"),
    KnowledgeUpdatePart("dev5", "knowledge_updates_dev5", DEV5_CASES, "dev5 (written to tune on)"),
    KnowledgeUpdatePart("dev6", "knowledge_updates_dev6", DEV6_CASES, "dev6 (written to tune on)"),
    KnowledgeUpdatePart("dev7", "knowledge_updates_dev7", DEV7_CASES, "dev7 (written to tune on)"),
    KnowledgeUpdatePart("dev8", "knowledge_updates_dev8", DEV8_CASES, "dev8 (written to tune on)"),
    KnowledgeUpdatePart(
        "fresh2",
        "knowledge_updates_fresh2",
        FRESH2_CASES,
        "fresh-2 (held out: not tuned on)",
    ),
    KnowledgeUpdatePart(
        "fresh3",
        "knowledge_updates_fresh3",
        FRESH3_CASES,
        "fresh-3 (held out)",
    ),
    KnowledgeUpdatePart(
        "fresh4",
        "knowledge_updates_fresh4",
        FRESH4_CASES,
        "fresh-4 (held out)",
    ),
    KnowledgeUpdatePart(
        "fresh5",
        "knowledge_updates_fresh5",
        FRESH5_CASES,
        "fresh-5 (held out)",
    ),
    KnowledgeUpdatePart(
        "fresh6",
        "knowledge_updates_fresh6",
        FRESH6_CASES,
        "fresh-6 (held out)",
    ),
)
