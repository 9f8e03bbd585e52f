"""The dev4 part of the knowledge-update suite (``DEV4_CASES``): written to tune on.

Forty chats, eight per attribute (diet, job, city, partner, pet's name), written to widen
what the offline update rules are tuned on (printed "dev4 (written to tune on)"): its figure
says how well the rules fit chats that are looked at, not how they do on a new user's chat.
They give their sittings turn by turn in the fresh part's format
(``benchmarks.knowledge_updates_fresh``) and are scored by the same code
(``benchmarks.memory.measure_knowledge_updates``). One module per attribute (``diet``,
``job``, ``city``, ``partner``, ``pet``); ``people`` holds the pairs and the helper.

Eight pairs of people none of the other parts uses, each in five chats (one per attribute),
each pair in its own scene (a witch's apothecary, a space freighter's galley, a private eye's
office, a dragon's cave, a night train, a mermaid's harbour rocks, a village tavern, a
haunted house), written the way role-play users write: in character (*actions in
asterisks*), lower case, slang, emoji. The change is said in the user's own words, with
values no list would hold ("i'm seagan now", "i'm a zamboni driver now at the rink",
"i live in longyearbyen now", "i called her pavlova"), and usually indirectly: the old value
ends in one message (a cinema sold to a gym, a divorce, a tortoise gone to a gran's garden,
a gut healed) and the new one comes a turn or more later, often without the old value named
again. After the change, in the same sitting, come NON-changes that must not retire the new
value: a hypothetical ("if i ever end up back on ..."), a plan ("next year i might do a
course"), a trip back to the old town, a friend's, sibling's or flatmate's value of the same
kind, a parent who says the old value, an old partner who stays a friend, a neighbour's or
pet sitter's pet, a question from a relative, a joke. Some of these name the old value, so a
memory made of one names the old value without the new. No planted value (old, new or the
character's own, diets included) nor person is planted or named by another part (the suite's
test checks it programmatically, and each chat follows the fresh part's rules: the new value
never before the change, neither person says the other's values). Each case is fair: a
careful reader of the chat answers its question with the new value only.

Written by reading only the suite's ``Case`` and scoring, the ``_case`` helper, the parts'
module docstrings and registry, the ``bench_memory`` command, the parts' test and the method
list in docs/benchmarks.md; not the offline provider, the pipeline or any part's cases (the
name, people and three values of dev3's first case were seen by mistake; nothing here is
modelled on them or plants them). Candidate people and values were checked against the other
parts programmatically, printing only the candidates that collided, and the forty chats were
committed before the part was run once.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev4.city import CITY_CASES
from benchmarks.knowledge_updates_dev4.diet import DIET_CASES
from benchmarks.knowledge_updates_dev4.job import JOB_CASES
from benchmarks.knowledge_updates_dev4.partner import PARTNER_CASES
from benchmarks.knowledge_updates_dev4.pet import PET_CASES

DEV4_CASES = (*DIET_CASES, *JOB_CASES, *CITY_CASES, *PARTNER_CASES, *PET_CASES)

__all__ = ["DEV4_CASES"]
