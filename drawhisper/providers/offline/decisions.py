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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from drawhisper.providers.offline.lexicons import DIETS, OCCUPATIONS, PET_KINDS
from drawhisper.providers.offline.sentences import STOPWORDS

CHANGEABLE_TYPES = frozenset({"preference", "fact", "relationship"})
SAME_OVERLAP = 0.8

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words that do not name a subject ("Alice's new job" is about the job).
FILLER_WORDS = frozenset(
    """
    a an the of to for and or with about on in at by from is are was s her his their my your our
    its new now current currently still latest
    """.split()
)
# Titles made only of these name a kind of memory, not a subject ("Ada's facts").
GENERIC_WORDS = frozenset(
    """fact facts like likes dislike dislikes preference preferences feeling feelings emotion
    emotions event events relationship relationships conversation conversations memory
    memories detail details note notes thing things info information about""".split()
)
# Subjects a person has one of at a time: a new value replaces the old one.
SINGLE_VALUED = frozenset(
    """diet job work occupation profession career employer workplace boss role position
    city town country home hometown address residence apartment house neighbourhood
    neighborhood age birthday name nickname pronoun pronouns partner girlfriend boyfriend
    wife husband spouse fiance fiancee school university college
    major degree phone email car religion""".split()
)
# Words that say a value changed.
CHANGE_CUES = (
    "now",
    "no longer",
    "not anymore",
    "anymore",
    "any more",
    "these days",
    "used to",
    "moved",
    "switched",
    "changed",
    "quit",
    "stopped",
    "instead",
    "since then",
    "no more",
    "went",
    "left",
    "dropped",
    "hired",
    "became",
    "relocated",
    "gave up",
    "renamed",
    "broke up",
    "split up",
    "divorced",
    "separated",
    "passed away",
    "died",
    "ran away",
    "flew off",
    "flew away",
    "retired",
    "again",
    "got married",
    "got engaged",
    "graduated",
    "ended",
    "not together",
    "nowadays",
    "the end of",
    "is over",
    "are over",
    "'s over",
    "done with",
    "called it quits",
    "goodbye to",
    "ghosted",
    "moved in with",
    "went to live with",
    "promoted",
    "qualified",
    "converted",
    "cut out",
    "ditched",
    "started as",
    "starting as",
    "began as",
)
# Words that say something of a person's ended: the partner left, the pet died.
ENDED_CUES = (
    "broke up",
    "split up",
    "divorced",
    "separated",
    "passed away",
    "died",
    "ran away",
    "ran off",
    "flew off",
    "flew away",
    "called off",
    "called it off",
    "renamed",
    "ended",
    "not together",
    "aren't together",
    "called it quits",
    "ghosted",
    "rip",
    "divorce",
    "goodbye to",
    "went to live with",
    "rehomed",
)
# Endings said by the shape of a phrase rather than one fixed wording: a pet that "passed
# in June", "we lost Duke", "escaped", "never came back", "moved out", "had to rehome him",
# "gave him away", "kenji's long gone", "we're over", "tobias and i are done", "brokeup".
ENDED_PATTERNS = (
    r"passed(?: away| on)?(?=\s+(?:in|on|last|over|this|recently|yesterday)\b|\s*[.,!;]|\s*$)",
    r"lost (?!(?:my|our|their|his|her|the|a|an) (?:job|way|keys?|phone|temper|voice|mind|bet)\b)"
    r"(?!(?:weight|track|interest|count|touch|hope|sleep|it)\b)\w+",
    r"escaped",
    r"went missing",
    r"disappeared",
    r"never came back",
    r"moved out",
    r"rehom(?:e|ed|ing)",
    r"gave (?:\w+ )?away",
    r"long gone",
    r"(?:we're|we are|they're|they are|are|it's|and \w+ (?:is|are|was|were)) (?:over|done)",
    r"(?:isn't|aren't|weren't|wasn't|isnt|arent|werent|wasnt) together",
    r"broke ?ups?",
    r"dumped",
    # A job ended for one: "the archive let me go", "got laid off", "made redundant".
    r"let (?!it\b)[a-z]+ go(?! (?:of|to|and|for|home|out|on)\b)",
    r"laid (?!it\b)[a-z]+ off",
    r"got (?:laid off|fired|sacked|let go)",
    r"made redundant",
    # A pet gone to someone else's: "Bartholomew went to my brother's".
    r"went to (?:my|our|his|her|their|[a-z]+'s) (?:\w+'s|\w+ (?:in|at|on|near)\b)",
    r"left me",
    # What went with an ex is gone: "olive moved in with my ex", "the ex kept the dog".
    r"with (?:my|our|his|her|their|[a-z]+'s) ex",
    # "henrietta and i split ages ago", "we split": two people parted ("split the bill" is not).
    r"(?:and (?:i|me|they|we|[a-z]+)|we|they) split(?! the| it| up)",
    r"went to live (?:with|at|in|on)",
    # Parted with by a deal: "traded nutmeg to the miller", "swapped him for a mule".
    r"(?:traded|swapped|sold) (?:\w+ )?(?:to|for|away)",
    r"(?:my|our|the) ex (?:took|kept|has|got)",
    r"(?<=[a-z] )left(?=\s*(?:[.!;,]|$))",
    r"no longer in the picture",
    r"handed in",
    r"sold (?:my|our|the)",
    r"had a (?:good|long|great|happy|full) (?:long )?life",
)
ENDED = re.compile(
    r"\b(?:" + "|".join([*(re.escape(cue) for cue in ENDED_CUES), *ENDED_PATTERNS]) + r")(?![\w'])"
)
# A capitalised word that is no common word: a name ("Biscuit", "Nora").
_NAME = re.compile(r"\b([A-Z][a-z]+)\b")
# "Since" with a recent time says a state began then ("been flexitarian since march", "in
# Kumasi since February", "divorced since spring"); "since college" or "since 2010" says a
# state kept up for long, which the old memory may say itself.
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
SINCE_RECENTLY = (
    r"since (?:(?:last|this|early|late|mid)[- ]\w+|the (?:start|beginning|first|end) of"
    r"|(?:the )?(?:spring|summer|autumn|fall|winter)|xmas|christmas|new year|easter|then"
    r"|(?:" + "|".join(_MONTHS.split()) + r")\b(?! \d))"
    r"|as of (?:this|last|today|now|\w+day|(?:" + "|".join(_MONTHS.split()) + r")\b)"
)
CHANGE = re.compile(
    r"\b(?:"
    + "|".join(
        [
            *(re.escape(cue) for cue in CHANGE_CUES),
            *ENDED_PATTERNS,
            SINCE_RECENTLY,
            # A diet someone else started one on: "the doctor's got me on atkins".
            r"(?:put|puts|got|'s got|has got|started) (?:me|them|him|her|[a-z]+) on (?:a |the )?"
            r"(?:" + "|".join(DIETS) + r")",
            # "we've been together since.": since then.
            r"since(?=\s*(?:[.!;,]|$))",
        ]
    )
    + r")(?![\w'])"
)


_OCCUPATION = (
    r"(?:is|are|'re|'s|am|was|were|became|become|becoming|has been|have been|'ve been|"
    r"hired as|works? as|working as|trained as|training as|retrained as|job as|"
    r"started as|starting as|began as|qualified as)\s+"
    r"(?:now\s+|also\s+|still\s+)?(?:an?\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:" + "|".join(OCCUPATIONS) + r")s?\b"
)
# A job by its shape where no list names it: a noun of one who does something ("-er",
# "-ist", "-smith", "-keeper" ...: "a farrier", "a cartographer", "zookeeper now") after a
# verb of being or working and "a", in an appositive ("..., pilot for the guild"), before
# "by trade" or "work" ("farrier work"), or any noun in "is a X now" ("a bookbindr now", as
# typed). Kinds of person that are no job (a mother, a member, a fan, a vegetarian) are not.
NOT_A_JOB = frozenset(
    """mother father brother sister daughter son partner lover member owner fan beginner
    winner loser leader player friend stranger foreigner newcomer other another better
    bigger number monster teenager sucker dreamer believer survivor smoker drinker
    grandmother grandfather stepmother stepfather mum mom dad parent wife husband girlfriend
    boyfriend fiance fiancee widow widower aunt uncle niece nephew cousin kid child baby
    adult grownup regular local mess wreck fool idiot man woman person girl boy guy lady gal
    lad lass human convert natural introvert extrovert vegan veggie omnivore carnivore
    morning night early late few lot bit little while couple week month year day""".split()
)
_AGENT = (
    r"(?!(?:" + "|".join(sorted(NOT_A_JOB)) + r")\b)(?![a-z]*arian\b)"
    r"[a-z]{2,}(?:er|or|ist|ian|smith|wright|keeper|monger|maker|mason|man|woman)"
)
# Without "a" before it, only the endings that name a trade almost always ("-ist",
# "-smith", "-keeper", "-grapher", "-ier" ...): "dinner now" is no job.
_STRONG_AGENT = (
    r"(?!(?:" + "|".join(sorted(NOT_A_JOB)) + r")\b)(?![a-z]*arian\b)"
    r"[a-z]{2,}(?:ist|smith|wright|keeper|monger|maker|mason|ician|grapher|ologist|ier|eer)"
)
_JOB_STRONG = r"(?:(?:" + "|".join(OCCUPATIONS) + r")s?|" + _STRONG_AGENT + r")"
_JOB_SHAPE = (
    r"(?:is|are|'re|'s|am|'m|was|became|become|becoming|works? as|working as|job as|"
    r"trained as|training as|qualified as|started as|starting as)\s+(?:now\s+)?an?\s+"
    r"(?:[\w-]+\s+){0,2}?" + _AGENT + r"\b"
    r"|(?:^|[,;:]\s*|\bsaid\s+)(?:an?\s+)?" + _JOB_STRONG + r"\s+(?:for|at|with|by trade|by "
    r"profession|now|these days)\b"
    r"|\b" + _JOB_STRONG + r"\s+(?:work|life)\b"
    r"|\b(?:by trade|by profession)\b"
    r"|(?:is|are|'re|am|'m)\s+(?:now\s+)?an?\s+(?:[a-z-]{3,}\s+)?"
    r"(?!(?:" + "|".join(sorted(NOT_A_JOB)) + r")\b)(?![a-z]*arian\b)[a-z-]{4,}\s+now\b"
)
_JOB_WORD = re.compile(r"(?:(?:" + "|".join(OCCUPATIONS) + r")s?|" + _STRONG_AGENT + r")")


def is_job_noun(word: str) -> bool:
    """Whether ``word`` names a job by the list or by its shape ("farrier", "zookeeper")."""
    return bool(_JOB_WORD.fullmatch(word.casefold()))


# "calld" and "namd" as typed in a hurry.
_NAMED = r"(?:call?e?d|nam?e?d|name is|name's|names? (?:was|were))"


def _words(words: Iterable[str]) -> str:
    return r"\b(?:" + "|".join(words) + r")\b"


# Slots a person has one value of at a time, by the words that name them in a memory.
SLOT_WORDS: dict[str, tuple[str, ...]] = {
    "diet": DIETS,
    "job": (
        "works? as",
        "working as",
        "works? (?:at|for|in)",
        "working (?:at|for|in)",
        "for a living",
        "job",
        "career",
        "profession",
        "occupation",
        "employed",
        "hired as",
    ),
    "partner": (
        "girlfriend",
        "boyfriend",
        "bf",
        "gf",
        "hubby",
        "other half",
        "sweetheart",
        "betrothed",
        "lover",
        "beau",
        r"(?:'re|'s|is|are|am|'m)\s+(?:now\s+)?with\s+(?!(?:you|them|him|her|it|us|me|my|the|a)\b)"
        r"\w+\s+(?:now|these days)",
        "partner",
        "wife",
        "husband",
        "fianc[eé]e?",
        "spouse",
        "dating",
        "seeing someone",
        r"married (?!(?:to|in|for|at|last|young|off|life|again|now|with|and)\b)[a-z]{3,}",
        r"(?:been|started|i'm|am|is|are|'re) seeing (?!(?:you|the|a|an|it|things|double|stars|"
        r"red|that|this|him|her|them|if|what|how|my|your|friends?)\b)[a-z]+",
        "engaged to",
        "married to",
        "been together",
        "broke up",
        "split up",
        "divorced?",
        "(?:are|'re|were|not|back) together",
        "called (?:it|the \\w+) off",
        "ended things",
    ),
}
SLOTS: dict[str, re.Pattern] = {
    name: re.compile(_words(words)) for name, words in SLOT_WORDS.items()
}
# A home: a place (a capitalised word) that a dwelling word ties to the person, in either
# order ("lives in Leeds", "rents a flat in Madrid", "relocated to Glasgow", "home for me is
# Manchester", "Toronto is my home"). A rule on the sentence's shape, not a list of wordings.
# The kinds of place a person lives in: "my cottage in Cork" is a home like "my flat in Leeds".
DWELLINGS = (
    "home homes flat flats apartment house houses cottage bungalow cabin villa studio loft "
    "houseboat caravan farmhouse townhouse condo dorm bedsit hut mansion penthouse duplex "
    "maisonette terrace croft lodge"
).split()
DWELLING = (
    r"\b(?:live[sd]?|living|new (?:city|town|place|country)|"
    + "|".join(DWELLINGS)
    + r"|rent(?:s|ed|ing)?|based|settled|"
    r"moved?|moving|relocat(?:e|ed|es|ing)|reside[sd]?|residing|stay(?:s|ed|ing)?)\b"
)
# A place named after a verb of living or moving, in lower case as chat users write it
# ("moved to leeds", "living in porto now"): the word right after "in"/"to", when it is no
# article, pronoun or common word.
_LOWER_PLACE = re.compile(
    r"\b(?:live[sd]?|living|based|settled|moved(?: back)?|moving|relocated|relocating|"
    + "|".join(DWELLINGS)
    + r")\s+(?:in|to)\s+([a-z]{3,})\b"
)
_PLACE = re.compile(
    r"\b(?:in|to|from|near|of|out of|away from)\s+(?:(?!with\b)[a-z]+\s+){0,2}?[A-Z][a-z]+"
    r"|\b[A-Z][a-z]+(?:\s+is|'s|\s+has been|\s+was)\s+(?:now\s+)?"
    r"(?:(?:my|our|their|his|her|[A-Z][a-z]+'s)\s+)?(?:new\s+)?home\b"
    r"|\b(?i:home)\b[^.;!?]*?\b(?:is|was)\s+(?:now\s+|still\s+)?[A-Z][a-z]+"
)
_DWELLING = re.compile(DWELLING, re.IGNORECASE)
SLOTS["job"] = re.compile(_words(SLOT_WORDS["job"]) + "|" + _OCCUPATION + "|" + _JOB_SHAPE)
for _kind, _names in PET_KINDS.items():
    # A pet's name: the kind of animal and a word naming it ("cat is called Pepper").
    # Anchored at the start: both lookaheads see the whole text from there, and unanchored
    # ``search`` would retry them at every position, quadratic in the text's length.
    SLOTS[f"pet:{_kind}"] = re.compile(
        rf"\A(?:(?=.*{_words(_names)})(?=.*\b{_NAMED}\b)|(?=.*\brenamed (?:the|our|my|their) "
        rf"(?:{'|'.join(_names)})\b))",
        re.DOTALL,
    )
PARTNER_NOUNS = (
    "girlfriend boyfriend partner wife husband fiance fiancee spouse sweetheart betrothed "
    "lover beau bf gf hubby"
).split()
# The words of a possessive that make its owner the slot's owner: "Sam's girlfriend Nora"
# is Sam's partner, "Sam's cat" Sam's pet; "Sam's sister ..." is about the sister.
OWNER_NOUNS: dict[str, frozenset[str]] = {
    "diet": frozenset({"diet"}),
    "job": frozenset({"job", "work", "career", "profession", "occupation"}),
    "city": frozenset({"hometown", "city", "town", "address", "place", *DWELLINGS}),
    "partner": frozenset(PARTNER_NOUNS),
    **{f"pet:{kind}": frozenset(names) for kind, names in PET_KINDS.items()},
}
SLOT_TYPES = frozenset(
    {
        "preference",
        "fact",
        "relationship",
        "important_event",
        "conversation",
        "worldbuilding",
        "emotion",
    }
)
# Living with someone named: "moved in with Nora" (not "moved in with my sister").
_MOVED_IN_WITH = re.compile(r"\b(?i:moved in with|moving in with|living with)\s+[A-Z][a-z]+\b")
# A pet named by its kind and a name right after it ("my hamster Nugget", "budgie Pippin"),
# read on the text as written (a name is capitalised).
# Also a name after the kind and a comma or colon ("our tortoise, Tank", "a new kitten:
# Wasabi", "a new tortoise last month, Boulder") or before it ("Bao, our new bunny",
# "Dumpling, Sam's rabbit", "Whiskers the cat").
_PET_NAMED: dict[str, re.Pattern] = {
    f"pet:{kind}": re.compile(
        rf"\b(?i:{'|'.join(names)})\b(?:\s+|[^.!?;:,A-Z]{{0,30}}?[,:]\s*)(?!I\b)[A-Z][a-z]+\b"
        rf"|\b(?!I\b)[A-Z][a-z]+,?\s+(?:(?i:my|our|his|her|their|the|a|an)\s+|[A-Z][a-z]+'s\s+)?"
        rf"(?:(?i:new|old|little|baby|rescue|sweet)\s+)?(?i:{'|'.join(names)})\b"
    )
    for kind, names in PET_KINDS.items()
}
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")


# One of a place's people: "a Sheffield girl now", "a proper Leeds lad".
_LOCAL = re.compile(
    r"\b(?i:a|an)\s+(?:(?i:proper|real|true|born)\s+)?[A-Z][a-z]+\s+"
    r"(?i:girl|boy|guy|gal|lad|lass|native|local|resident)\b"
)


def _says_home(text: str) -> bool:
    """A dwelling word and a place it ties to the person, within one sentence."""
    return any(
        (_DWELLING.search(sentence) and _PLACE.search(sentence))
        or _lower_place(sentence)
        or _LOCAL.search(sentence)
        for sentence in _SENTENCE.split((text or "").replace("’", "'"))
    )


# A place in lower case tied to a home by the sentence's shape: "abuja's been home for ten
# years", "home is chengdu", or being in a place one has "been here since" ("i'm in norwich,
# been here since uni").
_LOWER_HOME = re.compile(
    r"\b([a-z]{3,})(?:'s|\s+is|\s+has been|'s been|\s+was)\s+(?:now\s+|still\s+)?"
    r"(?:(?:my|our|their|his|her)\s+)?(?:new\s+)?home\b"
    r"|\bhome(?:'s|\s+is|\s+was)\s+(?:now\s+|still\s+)?([a-z]{3,})\b"
)
_BEING_IN = re.compile(r"\b(?:is|are|am|'m|'re)\s+(?:now\s+)?in\s+([a-z]{3,})\b")
# "been in kumasi since february", "been in york for a year": living there for a while.
_BEEN_IN = re.compile(r"\bbeen\s+(?:living\s+)?in\s+([a-z]{3,})\s+(?:since|for)\b")
_HERE = re.compile(r"\b(?:been here|here since|lived here|living here|live here)\b")


def _lower_home(sentence: str) -> bool:
    lowered = sentence.casefold()
    found = [word for match in _LOWER_HOME.finditer(lowered) for word in match.groups() if word]
    if _HERE.search(lowered):
        found += _BEING_IN.findall(lowered)
    found += _BEEN_IN.findall(lowered)
    return any(
        word not in STOPWORDS and word not in FILLER_WORDS and word not in _NOT_A_PLACE
        for word in found
    )


# Living "there" or "here" with a place the sentence names after "from", "to" or "in" ("the
# road from kingsbridge is awful, that's the price of living there now").
_LIVING_THERE = re.compile(r"\b(?:live[sd]?|living|based|settled|moved) (?:there|here)\b")
_PLACE_WORD = re.compile(r"\b(?:from|to|in|near)\s+([a-z]{3,})\b")


def _lower_place(sentence: str) -> bool:
    lowered = sentence.casefold()
    places = _LOWER_PLACE.findall(sentence)
    if _LIVING_THERE.search(lowered):
        places += _PLACE_WORD.findall(lowered)
    return _lower_home(sentence) or any(
        word not in STOPWORDS and word not in FILLER_WORDS and word not in _NOT_A_PLACE
        for word in places
    )


# Words after "live in" / "moved to" that are no place ("living in fear", "moved to tears").
_NOT_A_PLACE = frozenset(
    """fear hope sin peace denial debt poverty style luxury harmony tears town city home
    work school college uni university bed hospital care another other new different next
    somewhere anywhere everywhere nowhere""".split()
)


# A pet named without its kind ("renamed him Bosun", "got a new one, his name is Pico"):
# the name of whichever pet the old memory names.
ANY_PET = "pet:any"
_PET_NAMED_BARE = re.compile(
    r"\b(?i:renamed|named|call(?:ed)?)\s+(?i:him|her|it|them)\s+(?!I\b)[A-Z][a-z]+"
    r"|\b(?i:his|her|its)\s+name(?:'s|\s+is)\s+(?!I\b)[A-Z][a-z]+"
    # In lower case as chat users write it: "named him archibald", "answers to orion now".
    r"|\b(?:renamed|named|called)\s+(?:him|her|it)\s+(?!(?:after|for|by|that|this|a|an|the)\b)"
    r"[a-z]{3,}\b"
    r"|\banswers to\s+(?!(?:me|you|him|her|them|us|no|nobody|the|a)\b)[a-z]{3,}\b"
)


# The word right after a slot's noun and a possessive names its value, in whatever case chat
# users write it: "my husband cassius", "Sam's cat pumpkin", "our old pony nutmeg". A word
# that reads as a verb or a common word ("my cat sleeps", "my wife is") names nothing.
_POSSESSIVE = r"(?:my|our|his|her|their|[a-z]+'s)\s+(?:(?:old|little|new|baby|rescue|sweet)\s+)?"
_VALUE_AFTER: dict[str, re.Pattern] = {
    "partner": re.compile(
        rf"\b{_POSSESSIVE}(?:{'|'.join(PARTNER_NOUNS)})\s+([a-z][a-z'-]{{2,}})\b"
    ),
    **{
        f"pet:{kind}": re.compile(rf"\b{_POSSESSIVE}(?:{'|'.join(names)})\s+([a-z][a-z'-]{{2,}})\b")
        for kind, names in PET_KINDS.items()
    },
}
_NOT_A_VALUE = frozenset(
    """says said thinks thought loves loved hates hated likes liked wants wanted needs works
    worked lives lived sleeps slept gets got keeps kept makes made goes went runs ran plays
    played knows knew calls called named sits sat eats ate hides hid bites bit barks
    barked snores snored used just still always never really too though tho who which that
    whose and but lol haha""".split()
)


def _slot_values(text: str) -> dict[str, frozenset[str]]:
    """The values ``_VALUE_AFTER`` reads in ``text``, casefolded, per slot."""
    lowered = (text or "").casefold().replace("’", "'")
    found: dict[str, frozenset[str]] = {}
    for slot, pattern in _VALUE_AFTER.items():
        words = frozenset(
            word
            for word in pattern.findall(lowered)
            if word not in STOPWORDS
            and word not in FILLER_WORDS
            and word not in _NOT_A_VALUE
            and not word.endswith(("ing", "ed"))
        )
        if words:
            found[slot] = words
    return found


def _slots(text: str) -> frozenset[str]:
    lowered = (text or "").casefold().replace("’", "'")
    found = {name for name, pattern in SLOTS.items() if pattern.search(lowered)}
    found |= set(_slot_values(text))
    if _PET_NAMED_BARE.search(text or "") and not any(s.startswith("pet:") for s in found):
        found.add(ANY_PET)
    found |= {name for name, pattern in _PET_NAMED.items() if pattern.search(text or "")}
    if _MOVED_IN_WITH.search(text or ""):
        found.add("partner")
    if _says_home(text):
        found.add("city")
    return frozenset(found)


def names_a_slot(text: str) -> bool:
    """Whether ``text`` names a value of a slot a person holds one of at a time (a diet, a
    job, a home, a partner, a pet's name)."""
    return bool(_slots(text))


def _says_new(text: str, slot: str) -> bool:
    """Whether "new" stands before a word naming the slot ("a new partner", "my new job",
    "our new puppy"): the value changed, whatever verb says so."""
    nouns = OWNER_NOUNS.get(slot, frozenset())
    following = re.findall(r"\bnew\s+([\w-]+)(?:\s+([\w-]+))?", (text or "").casefold())
    return any(word in nouns for pair in following for word in pair)


# Words between a possessive and its noun that do not change whose it is ("Sam's new job").
_QUALIFIERS = frozenset({"new", "old", "current", "former", "ex", "first", "second", "latest"})


def _owner(text: str, slot: str, names: Iterable[str] = ()) -> str:
    """Whose value of ``slot`` the text gives: the first of the two people it names ("Sam
    ...", "Sam said ...", "Nora and Sam broke up"; without names, its first word), or the
    owner of a possessive that names the slot ("Sam's cat ..."); any other possessive is
    someone else ("Sam's sister ..." -> "sam's sister")."""
    words = [
        word.strip(".,;:!?\"'()") for word in (text or "").casefold().replace("’", "'").split()
    ]
    known = _name_words(names)
    start = next(
        (
            position
            for position, word in enumerate(words)
            if (word[:-2] if word.endswith("'s") else word) in known
        ),
        0,
    )
    words = words[start:]
    if not words or not words[0]:
        return ""
    first = words[0]
    if not first.endswith("'s"):
        return first
    rest = [word for word in words[1:] if word not in _QUALIFIERS]
    following = rest[0] if rest else ""
    following = following[:-2] if following.endswith("'s") else following
    if following in OWNER_NOUNS.get(slot, frozenset()):
        return first[:-2]
    return f"{first} {following}".strip()


def _says_only(text: str, slot: str) -> bool:
    """Whether every sentence of ``text`` names ``slot`` (nothing else would be lost)."""
    sentences = [piece for piece in _SENTENCE.split(text or "") if piece.strip()]
    return all(slot in _slots(sentence) for sentence in sentences)


@dataclass(frozen=True)
class Existing:
    """An existing memory as the prompt numbered it."""

    ref: int
    type: str
    title: str
    content: str


def _stem(word: str) -> str:
    # A plural names the same subject ("Cats" / "Cat"); "glass" keeps its s.
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def title_words(title: str, *, names: Iterable[str] = ()) -> frozenset[str]:
    """The words of a title that name its subject, casefolded and lightly stemmed."""
    ignored = set(FILLER_WORDS)
    for name in names:
        ignored.update(word.casefold() for word in _WORD.findall(name or ""))
    return frozenset(
        _stem(word)
        for word in (word.casefold() for word in _WORD.findall(title or ""))
        if word not in ignored
    )


def _content_words(text: str) -> frozenset[str]:
    return frozenset(_stem(word.casefold()) for word in _WORD.findall(text or ""))


def _normal(text: str) -> str:
    return " ".join(word.casefold() for word in _WORD.findall(text or ""))


def _jaccard(first: frozenset[str], second: frozenset[str]) -> float:
    if not first or not second:
        return 0.0
    return len(first & second) / len(first | second)


def is_same(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    if chunk["type"] != existing.type:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return True
    names = tuple(names)
    same_subject = title_words(chunk["title"], names=names) == title_words(
        existing.title, names=names
    )
    overlap = _jaccard(_content_words(chunk["content"]), _content_words(existing.content))
    return same_subject and overlap >= SAME_OVERLAP


def is_slot_change(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    """The same person's value of a one-value slot, said to have changed, and the old memory
    about nothing else."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    changed = bool(CHANGE.search(chunk["content"].casefold()))
    names = tuple(names)
    said = _names_in(chunk["content"], names)
    ended = bool(ENDED.search(chunk["content"].casefold()))
    if said and said <= _names_in(existing.content, names) and not ended:
        return False  # the same value again ("painted the house in Leeds again")
    for slot in sorted(_shared_slots(chunk["content"], existing.content)):
        # "A new pup" beside an old one ends nothing: a person has two dogs, not two jobs;
        # a pet's change needs its own word ("renamed", "died", "now" ...).
        if not changed and (slot.startswith("pet:") or not _says_new(chunk["content"], slot)):
            continue
        owner = _slot_owner(chunk["content"], slot, names)
        if (
            owner
            and owner == _slot_owner(existing.content, slot, names)
            and _says_only(existing.content, slot)
        ):
            return True
    return False


def _shared_slots(new: str, old: str) -> frozenset[str]:
    """The slots both texts name; a pet named without its kind in ``new`` is any pet of
    ``old``."""
    theirs, ours = _slots(old), _slots(new)
    if ANY_PET in ours:
        ours = ours | {slot for slot in theirs if slot.startswith("pet:")}
    return ours & theirs


def _slot_owner(text: str, slot: str, names: Iterable[str] = ()) -> str:
    """Whose value of ``slot`` the text gives, read in the first sentence that names the
    slot and one of the two people ("Big change in Sam's life. They stopped eating meat" is
    Sam's diet); else as ``_owner`` reads the whole text. "They" in a memory is the person
    it reports (the offline model tells "I" as "they"), so "Sam's doctor put them on keto"
    is Sam's diet and a sentence opening with "they" is the text's first person's."""
    names = tuple(names)
    known = _name_words(names)
    for sentence in _SENTENCE.split(text or ""):
        slots = _slots(sentence)
        if slot not in slots and not (slot.startswith("pet:") and ANY_PET in slots):
            continue
        owner = _owner(sentence, slot, names)
        head = owner.split(" ", 1)[0].removesuffix("'s")
        if head in _THEY or _says_no_one(sentence, names):
            # "Not vegetarian anymore!!" in a memory of Sam's: nobody else is named, so it
            # is the memory's person.
            return _person(text, names)
        if head in known:
            return head if " " in owner and _them_before_slot(sentence, slot) else owner
    return _owner(text, slot, names)


_SOMEONE = re.compile(r"\b[a-z]+'s\b|\b(?:he|she|his|her|him)\b")


def _says_no_one(sentence: str, names: Iterable[str]) -> bool:
    """Whether ``sentence`` names no person: neither of the two people, no one else's name
    (a capitalised word past the first), no possessive and no "he" or "she"."""
    lowered = sentence.casefold().replace("’", "'")
    if _said_again(_name_words(names), sentence) or _SOMEONE.search(lowered):
        return False
    return not _names_in(" ".join(sentence.split()[1:]), names)


def _them_before_slot(sentence: str, slot: str) -> bool:
    """Whether "they"/"them" comes before what names the slot ("Sam's doctor put *them* on
    keto"), so the slot is theirs; in "Sam's mum's a dentist, she'd kill them" the dentist
    is the mum."""
    them = _THEM.search(sentence)
    pattern = SLOTS.get(slot)
    named = pattern.search(sentence.casefold()) if pattern is not None else None
    return bool(them and named and them.start() < named.start())


_THEY = frozenset({"they", "they're", "their", "them", "we", "our"})
_THEM = re.compile(r"\b(?:they|them|their|they're|themself)\b", re.IGNORECASE)


def _name_words(people: Iterable[str]) -> frozenset[str]:
    """The casefolded words of the people's names ("Ana Sofia" gives "ana" and "sofia")."""
    return frozenset(part.casefold() for name in people for part in _WORD.findall(name or ""))


def _names_in(text: str, people: Iterable[str]) -> frozenset[str]:
    """The names in ``text`` other than the two people's (and other than "I")."""
    ignored = _name_words(people)
    return frozenset(
        name.casefold()
        for name in _NAME.findall(text or "")
        if name.casefold() not in ignored and name.casefold() not in STOPWORDS
    )


def is_ended(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    """The new content says a partner or pet the old memory names has gone ("Nora and Sam
    broke up", "Biscuit passed away"), for the same person, and the old memory is about
    that partner or pet alone: it no longer holds, even with no new value said."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    if not ENDED.search(chunk["content"].casefold()):
        return False
    names = tuple(names)
    valued = {word for words in _slot_values(existing.content).values() for word in words}
    if not _said_again(_names_in(existing.content, names) | valued, chunk["content"]):
        return False
    for slot in sorted(_slots(existing.content)):
        if slot != "partner" and not slot.startswith("pet:"):
            continue
        owner = _owner(existing.content, slot, names)
        if (
            owner
            and owner == _person(chunk["content"], names)
            and _says_only(existing.content, slot)
        ):
            return True
    return False


def _other_people(first: str, second: str, names: Iterable[str]) -> bool:
    """Whether both texts name one of the two people first, and not the same one."""
    names = tuple(names)
    known = _name_words(names)
    people = [_person(text, names) for text in (first, second)]
    return all(person in known for person in people) and people[0] != people[1]


def _person(text: str, names: Iterable[str] = ()) -> str:
    """The first of the two people ``text`` names, a possessive or not ("Biscuit went to
    live with Sam's mum" is Sam telling of Sam's pet), else its first word."""
    owner = _owner(text, "", names)
    head = owner.split(" ", 1)[0]
    return head[:-2] if head.endswith("'s") else head


def _said_again(words: Iterable[str], text: str) -> frozenset[str]:
    """Which of ``words`` (casefolded) ``text`` says again, whatever its case: chat users
    write names in lower case ("noor and i", "moved to leeds")."""
    said = {word.casefold() for word in _WORD.findall(text or "")}
    return frozenset(word for word in words if word in said)


# An ending said of a thing: "no more bus routes", "done with the dairy farm", "the end of
# carnivore", "moved out of Cardiff", "left the warehouse", "quit the firm", "the vegetarian
# era is over" and, negated, "not a barista anymore", "don't eat meat anymore": what follows
# the cue (for "is over", what comes before it; for "not ... anymore", what is between).
ENDING_OF = re.compile(
    r"\b(?:no more|no longer|done with|(?:the )?end of|moved out of|moved away from|"
    r"goodbye to|gave up(?: on)?|quit|left|stopped|handed in|sold)\s+((?:[\w'-]+\s+){0,3}[\w'-]+)"
    r"|\b((?:[\w'-]+\s+){0,1}[\w'-]+)\s+(?:closed|shut down|went bust|folded)\b"
    # "the vegan thing wasn't working for me", "keto didn't work out".
    r"|\b((?:[\w'-]+\s+){0,1}[\w'-]+)\s+(?:wasn't|wasnt|isn't|isnt|didn't|didnt)\s+"
    r"(?:working|work out|working out|worth it|for me)\b"
    r"|\b((?:[\w'-]+\s+){1,2})(?:is|are|'s|was)\s+(?:\w+\s+)?(?:over|dead|finished|behind (?:me|us|them))\b"
    r"|\bnot\s+((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+any\s?more\b"
)
_NOT_A_THING = (
    STOPWORDS
    | FILLER_WORDS
    | GENERIC_WORDS
    | frozenset("thing things stuff time times day days week weeks month months year years".split())
)


def _ended_things(text: str, people: Iterable[str]) -> frozenset[str]:
    """The words naming what ``text`` says ended (see ``ENDING_OF``), without the two
    people's names and words that name nothing."""
    ignored = _NOT_A_THING | _name_words(people)
    found: set[str] = set()
    for match in ENDING_OF.finditer((text or "").casefold().replace("’", "'")):
        phrase = next((group for group in match.groups() if group), "")
        found.update(
            _stem(word) for word in _WORD.findall(phrase) if len(word) > 2 and word not in ignored
        )
    return frozenset(found)


def is_dropped(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    """The new content says a thing the old memory names has ended for the same person
    ("no more bus routes" / "Sam drives the number 9 bus", "left the warehouse" / "nights at
    the warehouse", "the vegetarian era is over" / "Sam is vegetarian"), and the old memory
    is one sentence that does not say that ending itself, so retiring it loses no other
    fact."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    names = tuple(names)
    ended = _ended_things(chunk["content"], names)
    if not ended or not ended & _content_words(existing.content):
        return False
    if ENDING_OF.search(existing.content.casefold()):
        return False  # the old memory says the same ending
    if len([piece for piece in _SENTENCE.split(existing.content or "") if piece.strip()]) != 1:
        return False
    owner = _owner(chunk["content"], "", names)
    return bool(owner) and owner == _owner(existing.content, "", names)


def is_update(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> bool:
    if (
        is_slot_change(chunk, existing, names=names)
        or is_ended(chunk, existing, names=names)
        or is_dropped(chunk, existing, names=names)
    ):
        return True
    if chunk["type"] not in CHANGEABLE_TYPES or chunk["type"] != existing.type:
        return False
    names = tuple(names)
    subject = title_words(chunk["title"], names=names)
    if not subject or subject <= {_stem(word) for word in GENERIC_WORDS}:
        return False
    if subject != title_words(existing.title, names=names):
        return False
    if _normal(chunk["content"]) == _normal(existing.content):
        return False
    if _other_people(chunk["content"], existing.content, names):
        return False  # the same subject of two people ("Kai: warehouse" / "Mira: warehouse")
    single_valued = bool(subject & {_stem(word) for word in SINGLE_VALUED})
    return single_valued or bool(CHANGE.search(chunk["content"].casefold()))


def decide(
    chunks: Sequence[dict], existing: Sequence[Existing], *, names: Iterable[str] = ()
) -> list[str]:
    """One decision per chunk (``add``, ``update n``, ``same n``), in chunk order."""
    names = tuple(names)
    taken: set[int] = set()
    decisions: list[str] = []
    for chunk in chunks:
        decision = "add"
        for memory in existing:
            if is_same(chunk, memory, names=names):
                decision = f"same {memory.ref}"
                break
            if memory.ref not in taken and is_update(chunk, memory, names=names):
                decision = f"update {memory.ref}"
                taken.add(memory.ref)
                break
        decisions.append(decision)
    return decisions


# --------------------------------------------------------------------------- remainders
# A memory that holds several facts ("Sam lives in York. Sam works as a vet.") is never an
# update above (retiring it would lose the other facts). ``split_updates`` retires it all the
# same when the change hits only some of its sentences, and keeps the others as the
# update's remainder. Conservative: the sentences hit must make an update on their own, the
# ones kept must name no slot the new content names, and at least one must be kept.


def remainder_of(chunk: dict, existing: Existing, *, names: Iterable[str] = ()) -> str:
    """The sentences of ``existing`` that still hold once ``chunk`` changes one of its
    slots, or "" when the chunk changes none of it alone (or all of it)."""
    if chunk["type"] not in SLOT_TYPES or existing.type not in SLOT_TYPES:
        return ""
    names = tuple(names)
    sentences = [
        piece.strip() for piece in _SENTENCE.split(existing.content or "") if piece.strip()
    ]
    if len(sentences) < 2:
        return ""
    changed_slots = _slots(chunk["content"])
    for slot in sorted(changed_slots & _slots(existing.content)):
        hit = [sentence for sentence in sentences if slot in _slots(sentence)]
        kept = [sentence for sentence in sentences if slot not in _slots(sentence)]
        if not hit or not kept or any(_slots(sentence) & changed_slots for sentence in kept):
            continue
        part = Existing(ref=existing.ref, type=existing.type, title="", content=" ".join(hit))
        if is_slot_change(chunk, part, names=names) or is_ended(chunk, part, names=names):
            return " ".join(kept)
    return ""


def split_updates(
    chunks: Sequence[dict],
    existing: Sequence[Existing],
    decisions: Sequence[str],
    *,
    names: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """``decisions`` (from ``decide``) with a remainder each: a chunk decided ``add`` that
    changes one fact of a memory no other chunk names becomes ``update n`` with the rest of
    that memory as its remainder; every other decision keeps an empty remainder."""
    names = tuple(names)
    named = {int(decision.split()[1]) for decision in decisions if decision != "add"}
    result: list[tuple[str, str]] = []
    for chunk, decision in zip(chunks, decisions, strict=True):
        if decision == "add":
            for memory in existing:
                if memory.ref in named:
                    continue
                kept = remainder_of(chunk, memory, names=names)
                if kept:
                    named.add(memory.ref)
                    decision = f"update {memory.ref}"
                    result.append((decision, kept))
                    break
            else:
                result.append((decision, ""))
            continue
        result.append((decision, ""))
    return result


def decide_with_remainders(
    chunks: Sequence[dict], existing: Sequence[Existing], *, names: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """The offline model's whole answer per chunk: its decision and its remainder ("" for
    none): ``decide``, then ``split_updates``."""
    names = tuple(names)
    return split_updates(chunks, existing, decide(chunks, existing, names=names), names=names)
