"""The dev7 part of the knowledge-update suite (``DEV7_CASES``): a tuning part, written on 4
December 2026 to tune on, whose failures may be read.

Forty chats, eight per attribute (diet, job, city, partner, pet's name), written by someone
who wrote no other part, to widen again what the offline update rules are tuned on (printed
"dev7 (written to tune on)"): its figure says how well the rules fit chats that are looked
at, not how they do on a new user's chat. They give their sittings turn by turn in the fresh
part's format (``benchmarks.knowledge_updates_fresh``), written one turn a line as in dev5
(``benchmarks.knowledge_updates_dev5.people.sitting``), and are scored by the same code
(``benchmarks.memory.measure_knowledge_updates``). One module per attribute (``diet``,
``job``, ``city``, ``partner``, ``pet``); ``people`` holds the pairs.

Eight pairs of people none of the other parts uses, each in five chats (one per attribute),
each pair in its own scene, none of another part's: two fantasy (a gnome burrow's mushroom
cellar, the crow's nest of a sky-pirate airship), two science fiction (a research habitat
under the ice of Europa, a droid-repair stall in a desert spaceport), two modern (a bowling
alley in small-town Ohio, a lifeguard tower on Bondi beach) and two historical (a
caravanserai on the Silk Road, a Mississippi steamboat in the 1880s). Written as role-play
users write: lower case, typos, asides, actions between asterisks. The change is told as a
story ("so i sold the broom and bought the pig ... i'm a truffle-hunter"), implied ("first
week as the captain's windreader was brutal"), said at once as the second sitting opens ("i'm
the new customs inspector. please declare your stones"), or over several messages drawn out
by the character ("Who?", "Out west where?"), the old value ended in one of them (a rig
swallowed by the ice, a dome evacuated, a divorce, a gull flown off with a flock). The new
pet is often of another kind than the old (a hawk after a cat, a canary after a raccoon).
After it come non-changes that must not retire it: someone else in the old job or with the
old pet's name (a son, a neighbour, an ex, a niece), a relative who still names the old
value (a gran's ham every month, a mother who writes to the old town, a mama who prays for
the old husband), another value weighed and turned down (the galley, a card room upriver,
the cabbage soup, the toadstool terraces), the old place or food taken up for one night or
one saturday, the character's own value and people's values of their own. No planted value
(old, new or the character's own, diets included) nor person is planted or named by another
part (the suite's test), and each chat follows the fresh part's rules: the new value never
before the change, neither person says the other's values. Each case is fair: a careful
reader of the chat answers its question with the new value only.

Written by reading only the suite's ``Case`` and scoring, the ``_case`` and ``sitting``
helpers, the parts' registry and docstrings, dev5's and dev6's chats, the benchmark notes'
description of them and the parts' test; not the offline provider, the pipeline, any part's
failures or any held-out part's cases. Candidate people and values were checked against the
other parts programmatically, printing only the candidates that collided (and, for a
held-out part, not which part), and the forty chats were committed before the part was run
once.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev7.city import CITY_CASES
from benchmarks.knowledge_updates_dev7.diet import DIET_CASES
from benchmarks.knowledge_updates_dev7.job import JOB_CASES
from benchmarks.knowledge_updates_dev7.partner import PARTNER_CASES
from benchmarks.knowledge_updates_dev7.pet import PET_CASES

DEV7_CASES = (*DIET_CASES, *JOB_CASES, *CITY_CASES, *PARTNER_CASES, *PET_CASES)

__all__ = ["DEV7_CASES"]
