"""A knowledge-update suite: facts about the user that change over a chat (``bench_memory``).

Each case is a short chat in two sittings a month apart. In the first the user states a fact
(diet, job, city, partner, pet's name) among small talk, and the character mentions its own
value of the same kind (a distractor for speaker attribution); in the second the user says
the fact changed. Each sitting is one memory job. Afterwards "what is X now" is asked of the
chat's retrieval, and the memories in context must hold the latest value only:

- right: some memory in context names a word of the new value, and no memory in context
  names a word of the old value without one of the new (a memory saying "quit nursing and
  teaches now" holds the change, not the stale fact);
- attribution: a memory naming a planted value (the user's old or new value, or the
  character's own) must name the person who said it: naming only the other person is an
  attribution error; naming neither or both is not counted.

The suite has sixteen parts, printed apart by ``bench_memory``, each with its own baseline and
scored by the same code (``benchmarks.memory.KNOWLEDGE_UPDATE_PARTS``; the full list, with
``dev3`` to ``dev8``, is in ``benchmarks.knowledge_update_parts``). This package holds the case type
(``case``) and the first two parts (``tuned``, ``seen``); the others have modules of their own:

- ``tuned``: ``CASES``, the part the offline provider's update rules were tuned on;
  Its last cases put the old fact in one message with another fact of the user's ("I live
  in Tobermory ... I work as a vet ..."), which the offline extractor keeps as one memory: the
  change must retire the old fact and keep the other (``Case.kept``, scored as "kept").
- ``seen``: ``HELD_OUT_CASES``, written afterwards in other words, with other people (``Jo``
  and ``Odile``), other small talk and other values, before the last round of rule changes;
  nothing was tuned on it, but its failures were looked at after that round, so it is no
  longer unseen;
- ``fresh`` (printed "fresh-1"): ``benchmarks.knowledge_updates_fresh.FRESH_CASES``,
  written held out before a round of rule changes; from 2 December its failures were read
  and the rules tuned on it, so it is a tuning part like the other two. Its chats give their
  sittings turn by turn (``Case.sittings``), so where a fact sits varies;
- ``dev``: ``benchmarks.knowledge_updates_dev.DEV_CASES``, sixty chats in the fresh part's
  format, written to tune on before a round of rule changes (dropped "I", changes over two
  messages or implied by an event, third persons' values beside the user's) and then read
  and tuned on;
- ``dev2``: ``benchmarks.knowledge_updates_dev2.DEV2_CASES``, thirty chats in the same format,
  written to tune on before a later round of rule changes (values no lexicon holds, denials
  such as "not in kyoto anymore", jobs without a verb, a pet that went with an ex, third
  persons' values beside the user's);
- ``dev3``: ``benchmarks.knowledge_updates_dev3.DEV3_CASES``, forty chats written to tune on,
  each with a non-change after the change (a hypothetical, a plan, a trip, a friend's value,
  an older value recalled);
- ``dev4``: ``benchmarks.knowledge_updates_dev4.DEV4_CASES``, forty chats written to tune on,
  eight pairs of people each in its own role-play scene, the change said in the user's own
  words and mostly indirectly, with non-changes after it (a trip back to the old town, a
  relative's question, an old partner kept as a friend, a neighbour's pet, a joke);
- ``fresh2``: ``benchmarks.knowledge_updates_fresh2.FRESH2_CASES``, forty chats in the fresh
  part's format with other people and values, written without reading the update rules and
  held out: nothing is tuned on it and its failures are not read (``--ku-parts
  tuned,seen,fresh,dev`` leaves it out while tuning);
- ``fresh3`` (printed "fresh-3"): ``benchmarks.knowledge_updates_fresh3.FRESH3_CASES``, fifty
  chats, ten per attribute, written the same way while the update rules were being tuned,
  with other people and values again, and held out on the same terms;
- ``fresh4`` (printed "fresh-4"): ``benchmarks.knowledge_updates_fresh4.FRESH4_CASES``, fifty
  chats, ten per attribute, a new clean held-out part written the same way, with other people
  and values again (none planted by another part, the dev parts and fresh-3 included), held
  out on the same terms;
- ``fresh5`` (printed "fresh-5"): ``benchmarks.knowledge_updates_fresh5.FRESH5_CASES``, fifty
  chats, ten per attribute, another clean held-out part written the same way, with other
  people and values again (none planted by another part), held out on the same terms;
- ``fresh6`` (printed "fresh-6"): ``benchmarks.knowledge_updates_fresh6.FRESH6_CASES``, forty
  chats, eight per attribute, a clean held-out part written beside dev4 the same way, with
  its own people and values (none planted or named by another part), held out on the same
  terms.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates.case import (
    CHARACTER,
    FIRST_SITTING,
    SECOND_SITTING,
    SMALL_TALK_FIRST,
    SMALL_TALK_SECOND,
    USER,
    Case,
)
from benchmarks.knowledge_updates.seen import HELD_OUT_CASES, HELD_OUT_CHARACTER, HELD_OUT_USER
from benchmarks.knowledge_updates.tuned import CASES

__all__ = [
    "CASES",
    "CHARACTER",
    "FIRST_SITTING",
    "HELD_OUT_CASES",
    "HELD_OUT_CHARACTER",
    "HELD_OUT_USER",
    "SECOND_SITTING",
    "SMALL_TALK_FIRST",
    "SMALL_TALK_SECOND",
    "USER",
    "Case",
]
