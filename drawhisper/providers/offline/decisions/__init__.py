"""The offline model's decision for each new chunk about the existing memories it was shown:
``add``, ``update n`` or ``same n`` (it never answers ``conflict``: without a model to judge,
asking the user about every near match would bury real conflicts).

It is deliberately conservative, because a wrong ``update`` retires a true memory: a person
has several favourite foods, several relatives, and facts about a relative ("a sister" and
"the sister's job" are two memories). Decided per chunk, against the existing memories:

- ``same n``: the same type and the same words: the contents are equal once case, spacing
  and punctuation are ignored, or their content words overlap at least ``SAME_OVERLAP``
  (Jaccard) with the same subject words in the titles. Nothing new would be stored.
- ``update n``: a type that can change (preference, fact, relationship), the same type,
  titles with exactly the same subject words (the title words without filler words and
  without the two people's names; not only generic words such as "facts" or "likes"), a
  different content, and either the subject is a single-valued slot (diet, job, city,
  partner, age, birthday ...) or the new content says it changed ("now", "no longer",
  "moved", "switched" ...). "Diet" / "Diet: vegetarian now" is an update;
  "Favourite food" / "Favourite food" without a change word is not.
- ``update n`` also when both say the same person's value of one slot that holds one value
  at a time (``SLOTS``: diet, job, home city, partner, and a pet's name per kind of animal)
  and the new one says it changed:

  - the same person: the slot's owner, the first of the two people the content names
    ("Sam ...", "Sam said ...", "Nora and Sam broke up ..."), and "Sam's girlfriend ..." /
    "Sam's cat ..." where the possessive names the slot itself ("Sam's sister ..." is the
    sister, not Sam);
  - both name the slot ("vegetarian" / "went fully vegan", "lives in Leeds" / "moved to
    Lisbon", "works as a nurse" / "is a teacher now", "girlfriend Nora" / "broke up ...
    seeing someone new", "cat is called Pepper" / "renamed the cat ... called Miso"); a job
    is named by a job word or by the person being one of the occupations in
    ``OCCUPATIONS`` ("Sam is a barista", not "Sam's husband Daniel is a firefighter"); a
    home by the sentence's shape, not by a list of wordings: a dwelling word (live, home,
    flat, house, rent, moved, relocated ...) and a place (a capitalised word) it ties to
    the person ("rents a flat in Madrid", "home for Sam is Leeds", "Lisbon is Sam's home");
  - the new content holds a change word ("now", "quit", "moved", "broke up", "divorced",
    "renamed", "passed away", "ended" ...), or "new" before a word naming the slot ("Sam's
    new partner", "a new job", "our new puppy");
  - the new content names a value the old one does not: when every name it says is
    already in the old memory ("painted the house in Leeds again"), nothing changed;
  - the old memory says nothing else: every sentence of it names the slot, so retiring it
    loses no other fact (a memory "Sam works as a nurse. Sam has a cat." stays).

  The offline extractor titles chunks by their key phrases, so a changed value rarely keeps
  its title; this rule catches it without a title.
- ``update n`` also when the new content says a partner or pet the old memory names has
  gone or been renamed (``ENDED_CUES``: "Nora and Sam broke up", "Rex died last year",
  "renamed Duke"), for the same person,
  and the old memory is about that partner or pet alone: "Sam's girlfriend Nora paints"
  no longer holds, and the new memory tells what happened instead.
- ``update n`` with a remainder (``split_updates``): a memory that holds several facts
  ("Sam lives in York. Sam works as a vet.") whose sentences naming one slot make an update
  on their own, while the others name no slot the new content names: the others are kept
  as the update's remainder ("Sam works as a vet."), so retiring the memory loses nothing.
- anything else: ``add``.

Each existing memory is named by one chunk at most (the first that matches). Pure and
deterministic: ``decide`` needs no database, model or network, so a benchmark can call it.

The rules by capability, one module each; this module is the package's public face:

- ``cues``: the word lists and patterns the rules read: filler and generic title words, the
  single-valued subjects, and the change and ending cues (``CHANGE``, ``ENDED``);
- ``slots``: the slots that hold one value at a time (diet, job, home, partner, a pet's name
  per kind) and reading them, their values and their owner in a text;
- ``jobs``: a job named by an occupation or by a noun's shape ("farrier", "zookeeper");
- ``homes``: a home read by the sentence's shape (a dwelling word and a place);
- ``matching``: an existing memory as the prompt numbered it, title words and ``same n``;
- ``changes``: a slot's value said to have changed, a partner or pet gone, a thing ended;
- ``verdict``: the decision per chunk and the remainders of a split update;
- ``mentions``: a chunk that goes on about a value an update retires, or says who came
  instead of a partner or pet it tells of going, folded into the update's chunk
  (``keep_mentions_with_changes``).
"""

from drawhisper.providers.offline.decisions.changes import (
    ENDING_OF,
    is_dropped,
    is_ended,
    is_slot_change,
)
from drawhisper.providers.offline.decisions.cues import (
    CHANGE,
    CHANGE_CUES,
    CHANGEABLE_TYPES,
    ENDED,
    ENDED_CUES,
    ENDED_PATTERNS,
    FILLER_WORDS,
    GENERIC_WORDS,
    SAME_OVERLAP,
    SINCE_RECENTLY,
    SINGLE_VALUED,
)
from drawhisper.providers.offline.decisions.homes import DWELLING, DWELLINGS
from drawhisper.providers.offline.decisions.jobs import NOT_A_JOB, is_job_noun
from drawhisper.providers.offline.decisions.matching import Existing, is_same, title_words
from drawhisper.providers.offline.decisions.mentions import keep_mentions_with_changes
from drawhisper.providers.offline.decisions.slots import (
    ANY_PET,
    NEWCOMER,
    OWNER_NOUNS,
    PARTNER_NOUNS,
    SLOT_TYPES,
    SLOT_WORDS,
    SLOTS,
    names_a_slot,
)
from drawhisper.providers.offline.decisions.verdict import (
    decide,
    decide_with_remainders,
    is_update,
    remainder_of,
    split_updates,
)

__all__ = [
    "CHANGEABLE_TYPES",
    "SAME_OVERLAP",
    "FILLER_WORDS",
    "GENERIC_WORDS",
    "SINGLE_VALUED",
    "CHANGE_CUES",
    "ENDED_CUES",
    "ENDED_PATTERNS",
    "ENDED",
    "SINCE_RECENTLY",
    "CHANGE",
    "NOT_A_JOB",
    "is_job_noun",
    "SLOT_WORDS",
    "SLOTS",
    "DWELLINGS",
    "DWELLING",
    "PARTNER_NOUNS",
    "OWNER_NOUNS",
    "SLOT_TYPES",
    "ANY_PET",
    "NEWCOMER",
    "names_a_slot",
    "Existing",
    "title_words",
    "is_same",
    "is_slot_change",
    "is_ended",
    "ENDING_OF",
    "is_dropped",
    "is_update",
    "decide",
    "remainder_of",
    "split_updates",
    "decide_with_remainders",
    "keep_mentions_with_changes",
]
