"""The sixth fresh part of the knowledge-update suite (``FRESH6_CASES``): held out, not tuned on.

Written as a new clean held-out part beside the dev4 tuning part, for a figure on chats
nobody changing the offline provider's update rules has read. Written without reading the
offline provider, its lexicons, its extraction or update rules, the pipeline's steps, or any
part's cases or failures: only the suite's ``Case`` and its scoring (``benchmarks.knowledge_updates``,
``benchmarks.memory``), the fresh part's ``_case`` helper, the parts' module docstrings and
registry (``benchmarks.knowledge_update_parts``), the ``bench_memory`` command, the parts'
test and the method list in docs/benchmarks.md were read. Seen by mistake, before this part
was written: the name, people and three values of dev3's first case, and, in a failing
test's message cut short, a few lines of other parts (out-of-character asides about a dragon
who runs a pub, a talking raven and a regency chaperone aunt, a lisped "hello", a goat called
for its supper, a house moved to a city on the Loire); none here is modelled on them and none
of their values is planted here. Values and people were checked against the other parts
programmatically, printing only the candidates that collided, and the forty chats were
committed without being run. Keep it that way: nobody tunes on these cases, nobody reads
their failures to change the product, and the part is left out while tuning
(``--ku-parts`` without ``fresh6``); once either happens, write a new held-out part and call
this one seen.

The cases are ``benchmarks.knowledge_updates.Case`` in the fresh part's turn-by-turn format
(``benchmarks.knowledge_updates_fresh``), scored by the same code
(``benchmarks.memory.measure_knowledge_updates``). Forty chats, eight per attribute (diet,
job, city, partner, pet's name; one module each), each with its own pair of people none of
the other parts uses, and, as in fresh-3 to fresh-5, no planted value (old, new or the
character's own, diets included) that another part plants, dev4 included, or that repeats
inside the part; no other part's chats name one of them (the suite's test).

The writing varies the way role-play users write: in character with actions in asterisks (a
ship's hold, a neon noodle bar, a wizards' library, a bunker under a dust storm, a space
station, a circus caravan, a fire tower, a winter barn, a saloon porch, a ski lodge, an
airship's gondola, a monastery's bell, an Antarctic mess hut, a fae market, a houseboat, a
canal lock), OOC asides in (( )), lower case, slang, emoji; values no list would hold ("i'm
low-purine now", "i'm 80/10/10 now", "i'm a death doula now", "i live in tórshavn now",
"i called him picard"); the old value ended by an event first (gout, a father's heart
attack, a back hurt throwing out a cowboy, a season not gone back to, an ex who kept the
dog) and the new value a turn or more later, often without the old one named again, or as
the answer to the character's question; then non-changes that must not retire it: a
one-night return to the old work, a trip back to the old town, a relative's doubt, a
hypothetical return, an old partner who stays kind, videos of the old pet, a friend's or
neighbour's pet. Each case is fair: a careful reader of the chat answers its question with
the new value only.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates_fresh6.city import CITY_CASES
from benchmarks.knowledge_updates_fresh6.diet import DIET_CASES
from benchmarks.knowledge_updates_fresh6.job import JOB_CASES
from benchmarks.knowledge_updates_fresh6.partner import PARTNER_CASES
from benchmarks.knowledge_updates_fresh6.pet import PET_CASES

FRESH6_CASES = (*DIET_CASES, *JOB_CASES, *CITY_CASES, *PARTNER_CASES, *PET_CASES)

__all__ = ["FRESH6_CASES"]
