"""The slots a person holds one value of at a time (diet, job, home city, partner, a pet's
name per kind of animal): the patterns that name each, a home read by the sentence's shape,
the values a text gives a slot, whose value it is, and whether a text names nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from drawhisper.providers.offline.decisions.cues import (
    _WORD,
    FILLER_WORDS,
)
from drawhisper.providers.offline.lexicons import DIETS, OCCUPATIONS, PET_KINDS
from drawhisper.providers.offline.sentences import STOPWORDS

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


def _name_words(people: Iterable[str]) -> frozenset[str]:
    """The casefolded words of the people's names ("Ana Sofia" gives "ana" and "sofia")."""
    return frozenset(part.casefold() for name in people for part in _WORD.findall(name or ""))
