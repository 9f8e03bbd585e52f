"""The slots a person holds one value of at a time (diet, job, home city, partner, a pet's
name per kind of animal): the patterns that name each, a home read by the sentence's shape,
the values a text gives a slot, whose value it is, and whether a text names nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from drawhisper.providers.offline.decisions.cues import (
    _SENTENCE,
    _WORD,
    FILLER_WORDS,
)
from drawhisper.providers.offline.decisions.homes import (
    DWELLINGS,
    _says_home,
)
from drawhisper.providers.offline.decisions.jobs import (
    _JOB_SHAPE,
    _OCCUPATION,
)
from drawhisper.providers.offline.lexicons import DIETS, PET_KINDS
from drawhisper.providers.offline.sentences import STOPWORDS

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
# A pet introduced by name in lower case, as chat users write it: "this is clinker, my cat",
# "that's pip, Kai's hound", "meet bramble, our new goat": a word shown and then said to be
# someone's animal of the kind names it.
_PET_SHOWN: dict[str, re.Pattern] = {
    f"pet:{kind}": re.compile(
        rf"\b(?:this is|that's|that is|meet|here's|here is)\s+(?!(?:my|our|his|her|their|the|a|an)\b)"
        rf"[a-z]{{3,}},?\s+(?:my|our|his|her|their|[a-z]+'s)\s+"
        rf"(?:(?:new|old|little|baby|rescue|sweet)\s+)?(?:{'|'.join(names)})\b"
    )
    for kind, names in PET_KINDS.items()
}


# A possessive before a slot's noun, and the words between them that keep it whose it is.
_POSSESSIVE = r"(?:my|our|his|her|their|[a-z]+'s)\s+(?:(?:old|little|new|baby|rescue|sweet)\s+)?"
# A pet introduced by its name and whose it is, in whatever case chat users write it: "this
# is pepper, my rabbit", "it's juniper, my collie", "pebble is kai's tortoise".
_PET_INTRODUCED: dict[str, re.Pattern] = {
    f"pet:{kind}": re.compile(
        rf"\b(?:this|that|it|meet)(?:'s|\s+is)?\s+[a-z][a-z'-]+,\s+{_POSSESSIVE}(?:[\w-]+\s+)?"
        rf"(?:{'|'.join(names)})\b"
        rf"|\b(?!(?:he|she|it|this|that|there|who|which|what|one|everything|nothing|something|anything|all)\b)[a-z][a-z'-]{{2,}}\s+is\s+"
        rf"{_POSSESSIVE}(?:[\w-]+\s+)?(?:{'|'.join(names)})\b"
    )
    for kind, names in PET_KINDS.items()
}


# A newcomer introduced by a name said on its own and told of right after as "her" or "him"
# ("this is buckfast. i got her from a farm", "meet rollo! he's a lop"), in whatever case.
NEWCOMER = (
    r"\b(?:this is|meet|say hi to|here's|here is)\s+(?!(?:my|our|his|her|their|the|a|an|it|"
    r"that|what|how|why|so|too|not|just|really|insane|crazy|weird|awful|great|amazing|fine|"
    r"nice|bad|good|hard|wild|mad|fun|new|huge|wrong|right)\b)"
    # A word of a reaction's shape is no name ("this is ridiculous", "this is exhausting").
    r"(?![a-z]+(?:ous|ful|ing|ible|able|less|ed)\b)[a-z][\w'-]{2,}[.!,]+\s+[^.!?]*"
    r"\b(?:she|he|her|him|his)\b"
)
_NEWCOMER = re.compile(NEWCOMER, re.IGNORECASE)


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
    # A pet introduced by its name ("that's nibbles, my hamster", "pebble is kai's tortoise",
    # also as ``facts`` joins "That's nibbles. Kai's hamster."): that name is its value.
    shown = " ".join(facts(text)).casefold().replace("’", "'")
    for slot in PET_SLOTS:
        for pattern in (_PET_SHOWN[slot], _PET_INTRODUCED[slot]):
            for match in pattern.finditer(shown):
                name = _SHOWN_NAME.match(match.group(0))
                if name and name.group(1) not in STOPWORDS:
                    found[slot] = found.get(slot, frozenset()) | {name.group(1)}
    return found


PET_SLOTS = tuple(f"pet:{kind}" for kind in PET_KINDS)
_SHOWN_NAME = re.compile(
    r"(?:(?:this|that|it|meet|here)(?:'s|\s+is)?\s+)?([a-z][a-z'-]+)(?:,|\s+is\b)"
)


# A sentence that only says a word ("Bergamo.", "That's bulkhead.", "Sam said always."):
# what it names is told by the sentence after it, so the two are one fact ("Bergamo. Sam's
# flat is in the old town" is where Sam's flat is; "That's bulkhead. Sam's cat." is the cat).
_SAID_ALONE = re.compile(
    r"^\W*(?:[^\W\d_][\w'-]*\s+said\s+)?(?:(?:that's|this is|it's|meet|here's)\s+)?"
    r"[^\W\d_][\w'-]*[.!?…]+$",
    re.IGNORECASE,
)


def facts(text: str) -> list[str]:
    """The sentences of ``text``, each one that only says a word joined to the sentence after
    it ("Bergamo, Sam's flat is in the old town."): one fact each."""
    pieces = [piece.strip() for piece in _SENTENCE.split(text or "") if piece.strip()]
    out: list[str] = []
    alone = ""
    for piece in pieces:
        if alone:
            piece = f"{alone.rstrip('.!?… ')}, {piece}"
            alone = ""
        if _SAID_ALONE.match(piece):
            alone = piece
            continue
        out.append(piece)
    if alone:
        if out:
            out[-1] = f"{out[-1]} {alone}"
        else:
            out.append(alone)
    return out


def _slots(text: str) -> frozenset[str]:
    found = _slots_as_written(text)
    pieces = facts(text)
    if len(pieces) != len([piece for piece in _SENTENCE.split(text or "") if piece.strip()]):
        found |= _slots_as_written(" ".join(pieces))
    return found


def _slots_as_written(text: str) -> frozenset[str]:
    lowered = (text or "").casefold().replace("’", "'")
    found = {name for name, pattern in SLOTS.items() if pattern.search(lowered)}
    found |= set(_slot_values(text))
    if _PET_NAMED_BARE.search(text or "") and not any(s.startswith("pet:") for s in found):
        found.add(ANY_PET)
    found |= {name for name, pattern in _PET_NAMED.items() if pattern.search(text or "")}
    found |= {name for name, pattern in _PET_SHOWN.items() if pattern.search(lowered)}
    found |= {name for name, pattern in _PET_INTRODUCED.items() if pattern.search(lowered)}
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
    """Whether every fact of ``text`` (``facts``) names ``slot`` (nothing else would be
    lost); for a partner or a pet, a sentence that goes on about the one just named ("she's
    just been rolling in the sawdust", "fifteen kilos of cat") counts as naming it."""
    named = False
    for sentence in facts(text):
        if slot in _slots(sentence):
            named = True
        elif not (named and _goes_on_about(sentence, slot)):
            return False
    return True


# A sentence that tells more of the partner or pet named before it: it speaks of "him" or
# "her" ("the crew named him because he sits in the hatchways"; "it" only as it opens), or
# names the kind of animal, and names no one else.
_GOES_ON = re.compile(
    r"^\W*(?:it|its)(?:'s|'d|'ll)?\b|\b(?:he|she|him|his|her|hers)(?:'s|'d|'ll)?\b",
    re.IGNORECASE,
)


def _goes_on_about(sentence: str, slot: str) -> bool:
    if slot != "partner" and not slot.startswith("pet:"):
        return False
    lowered = sentence.casefold().replace("’", "'")
    if re.search(r"\b(?!(?:he|she|it|that|there|what|who|here)'s)[a-z]+'s\b", lowered):
        return False  # someone else's: "her brother's a chef" is the brother
    if any(re.match(r"[A-Z][a-z]+\b", word) for word in sentence.split()[1:]):
        return False  # names someone past its first word
    kinds = PET_KINDS.get(slot.removeprefix("pet:"), ())
    return bool(_GOES_ON.search(sentence)) or bool(kinds and re.search(_words(kinds), lowered))


def _name_words(people: Iterable[str]) -> frozenset[str]:
    """The casefolded words of the people's names ("Ana Sofia" gives "ana" and "sofia")."""
    return frozenset(part.casefold() for name in people for part in _WORD.findall(name or ""))
