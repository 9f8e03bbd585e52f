"""The dev8 part of the knowledge-update suite (``DEV8_CASES``): a tuning part, written on 4
December 2026 after dev7 by dev7's writer, on the same terms, whose failures may be read.

Forty chats, eight per attribute (diet, job, city, partner, pet's name), written to widen
again what the offline update rules are tuned on (printed "dev8 (written to tune on)"): its
figure says how well the rules fit chats that are looked at, not how they do on a new user's
chat. They give their sittings turn by turn in the fresh part's format
(``benchmarks.knowledge_updates_fresh``), written one turn a line as in dev5
(``benchmarks.knowledge_updates_dev5.people.sitting``), and are scored by the same code
(``benchmarks.memory.measure_knowledge_updates``). One module per attribute (``diet``,
``job``, ``city``, ``partner``, ``pet``); ``people`` holds the pairs.

Eight pairs of people none of the other parts uses, each in five chats (one per attribute),
each pair in its own scene, none of another part's, dev7's included: two fantasy (a
vampire's stall at a night market, a clockwork-golem maker's workshop in a clock tower), two
science fiction (the waiting lounge at the foot of a space elevator, a cryo-revival ward on
a colony moon), two modern (a karaoke box in Osaka, the cafe deck of an Orkney ferry) and
two historical (a coffeehouse in Istanbul in the 1600s, a saloon in the Klondike gold rush).
What differs from dev7: the change is said as a correction of the character ("no, i'm not in
duskmoor any more"), in an out-of-character aside after a time skip ("(ooc: a year later)"),
as a question back ("did i not tell you?"), with the old value denied ("not a salaryman
anymore", "daisuke's not my husband any more"), after the character guesses wrong ("A climber
crew?" "close."), in a toast, or as what a letter or a doctor said, reported in the user's
words; the sitting may open with the old value's end told by the character (a flooded town,
a failed pet pod, a remarried wife), the user then taking up the new one. After the change
come non-changes: the old partner married to a friend or to a widow, a child or a
neighbour's child who names a pet after the old one, a parent or a friend who stays in the
old town or on the old diet, the old job offered for one day a year, a plan for a town or a
diet "one day", and the character's own partner or pet asked after. No planted value (old,
new or the character's own, diets included) nor person is planted or named by another part,
dev7 included (the suite's test), and each chat follows the fresh part's rules: the new value
never before the change, neither person says the other's values. Each case is fair: a
careful reader of the chat answers its question with the new value only.

Written on dev7's terms: the offline provider, the pipeline, any part's failures and the
held-out parts' cases were not read, and dev7's first reading was not looked at before the
forty chats were written. Candidate people and values were checked against the other parts
programmatically, printing only the candidates that collided (and, for a held-out part, not
which part), and the forty chats were committed before the part was run once. After they
were written, a failing test's message showed a few lines of other parts' chats, held-out
ones perhaps among them; nothing here is modelled on them.

Written for this benchmark."""

from __future__ import annotations

from benchmarks.knowledge_updates_dev8.city import CITY_CASES
from benchmarks.knowledge_updates_dev8.diet import DIET_CASES
from benchmarks.knowledge_updates_dev8.job import JOB_CASES
from benchmarks.knowledge_updates_dev8.partner import PARTNER_CASES
from benchmarks.knowledge_updates_dev8.pet import PET_CASES

DEV8_CASES = (*DIET_CASES, *JOB_CASES, *CITY_CASES, *PARTNER_CASES, *PET_CASES)

__all__ = ["DEV8_CASES"]
