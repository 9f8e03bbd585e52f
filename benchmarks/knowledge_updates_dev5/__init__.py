"""The dev5 part of the knowledge-update suite (``DEV5_CASES``): a tuning part, written on 4
December 2026 to tune on, whose failures may be read.

Forty chats, eight per attribute (diet, job, city, partner, pet's name), written to widen what
the offline update rules are tuned on (printed "dev5 (written to tune on)"): its figure says
how well the rules fit chats that are looked at, not how they do on a new user's chat. They
give their sittings turn by turn in the fresh part's format (``benchmarks.knowledge_updates_fresh``),
written one turn a line (``people.sitting``), and are scored by the same code
(``benchmarks.memory.measure_knowledge_updates``). One module per attribute (``diet``,
``job``, ``city``, ``partner``, ``pet``); ``people`` holds the pairs and the helpers.

Eight pairs of people none of the other parts uses, each in five chats (one per attribute),
each pair in its own scene: two fantasy (a dwarf smith's forge under the mountain, an elven
archive in a tree city), two science fiction (an orbital station's hydroponics bay, a
generation ship's observation deck), two modern (a Glasgow barbershop, a seaside tattoo
parlour) and two historical (a Yorkshire telegraph office in the 1890s, a bathhouse in Roman
Britain). Written the way role-play users and characters talk: in character, actions between
asterisks, lower case, slang and emoji from the user, period speech from the character. The
change is said in passing ("the walk from emberdeep is longer than they told me"), with a
negation ("she's not clinker any more. she's slagheap now"), or over two messages: the old
value ends in one (a blood pressure come good, a flat sold, a broken engagement by letter, an
owl flown off to the wild) and the new one comes a turn or more later, often after the
character asks or notices something (ink on the fingers, a ring, white fur on a jacket).
Either speaker moves the change along; the new value itself is always the user's words,
since a character never names the user's values in the suite's format (attribution stays
decidable). After it, in the same sitting, come non-changes that must not retire it:
someone else's value of the same kind (a cousin who took the old gem-wheel, a sister still on
the old diet, a mother still in the old town), a hypothetical, a question (a relative's, or
the user's own "should i ...?"), the old value recalled as past ("when i was a seamstress my
fingers were pricked raw"), a negation naming the old value, an old partner kept as a friend,
and a value that stays the same (the character's own, said again as unchanged, or an
unrelated habit kept). Some of these name the old value, so a memory made of one names it
without the new. No planted value (old, new or the character's own, diets included) nor
person is planted or named by another part (the suite's test checks it programmatically), and
each chat follows the fresh part's rules: the new value never before the change, neither
person says the other's values. Each case is fair: a careful reader of the chat answers its
question with the new value only.

Written by reading only the suite's ``Case`` and scoring, the ``_case`` helper, the parts'
registry, dev4's docstring and diet chats, the ``bench_memory`` command and the parts' test;
not the offline provider, the pipeline or any held-out part's cases. Candidate people and
values were checked against the other parts programmatically, printing only the candidates
that collided, and the forty chats were committed before the part was run once. After all
forty were written, a failing test's message and a text search each showed a few lines of
other parts' chats, held-out ones among them; two lines here that another part also says
were reworded, and nothing here is modelled on what was shown.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev5.city import CITY_CASES
from benchmarks.knowledge_updates_dev5.diet import DIET_CASES
from benchmarks.knowledge_updates_dev5.job import JOB_CASES
from benchmarks.knowledge_updates_dev5.partner import PARTNER_CASES
from benchmarks.knowledge_updates_dev5.pet import PET_CASES

DEV5_CASES = (*DIET_CASES, *JOB_CASES, *CITY_CASES, *PARTNER_CASES, *PET_CASES)

__all__ = ["DEV5_CASES"]
