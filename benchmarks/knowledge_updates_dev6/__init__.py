"""The dev6 part of the knowledge-update suite (``DEV6_CASES``): a tuning part, written on 4
December 2026 to tune on, whose failures may be read.

Forty chats, eight per attribute (diet, job, city, partner, pet's name), written after dev5
to widen again what the offline update rules are tuned on (printed "dev6 (written to tune
on)"): its figure says how well the rules fit chats that are looked at, not how they do on a
new user's chat. They give their sittings turn by turn in the fresh part's format
(``benchmarks.knowledge_updates_fresh``), written one turn a line as in dev5
(``benchmarks.knowledge_updates_dev5.people.sitting``), and are scored by the same code
(``benchmarks.memory.measure_knowledge_updates``). One module per attribute (``diet``,
``job``, ``city``, ``partner``, ``pet``); ``people`` holds the pairs.

Eight pairs of people none of the other parts uses, each in five chats (one per attribute),
each pair in its own scene, none of dev5's: two fantasy (a goblin's toll bridge over a marsh
river, a griffin riders' aerie), two science fiction (a body-mod clinic in a rain-soaked
megacity, an asteroid-belt tug's cockpit), two modern (a hospital's night-shift break room,
a late-night laundrette in a Welsh town) and two historical (a teahouse in Edo, a Soho jazz
club in the 1960s). What differs from dev5: the new value is often said at once, in the
second sitting's first message (after a time skip in an out-of-character aside, or as the
user walks in wearing a porter's tunic or carrying a bottle of lemon water), with the old one
recalled after it as past; another value of the same kind is weighed and turned down next to
the change ("i looked at the abbey town too but the rents were wicked", "i thought about
going further, five days with nothing at all"), or taken up only for one night or as a hobby
("maybe one night at the ovens, as a favour, not as a job", "a lantern for your garden, once a
year"); someone else keeps a stale record or name of the old value (a pharmacy that still has
the old diet, a mother who tells the neighbours the old job, a landlady who waits for the old
partner, children who name their toad after the old pet); and the old value turns up in
someone else's life (an apprentice who is the ratcatcher now, a sister who reuses the old
pet's name). Each case is fair: a careful reader of the chat answers its question with the
new value only. No planted value (old, new or the character's own, diets included) nor person
is planted or named by another part, dev5 included (the suite's test), and each chat follows
the fresh part's rules: the new value never before the change, neither person says the
other's values.

Written by the author of dev5, on dev5's terms: the offline provider, the pipeline and the
held-out parts' cases were not read, and nothing here is modelled on the few lines of other
parts dev5's docstring says were shown by mistake. Candidate people and values were checked
against the other parts programmatically, printing only the candidates that collided, and
the forty chats were committed before the part was run once.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev6.city import CITY_CASES
from benchmarks.knowledge_updates_dev6.diet import DIET_CASES
from benchmarks.knowledge_updates_dev6.job import JOB_CASES
from benchmarks.knowledge_updates_dev6.partner import PARTNER_CASES
from benchmarks.knowledge_updates_dev6.pet import PET_CASES

DEV6_CASES = (*DIET_CASES, *JOB_CASES, *CITY_CASES, *PARTNER_CASES, *PET_CASES)

__all__ = ["DEV6_CASES"]
