"""A home read by the sentence's shape: a dwelling word and a place it ties to the person,
in either order and in whatever case chat users write the place.
"""

from __future__ import annotations

import re

from drawhisper.providers.offline.decisions.cues import _SENTENCE, FILLER_WORDS
from drawhisper.providers.offline.sentences import STOPWORDS

# A home: a place (a capitalised word) that a dwelling word ties to the person, in either
# order ("lives in Leeds", "rents a flat in Madrid", "relocated to Glasgow", "home for me is
# Manchester", "Toronto is my home"). A rule on the sentence's shape, not a list of wordings.
# The kinds of place a person lives in: "my cottage in Cork" is a home like "my flat in Leeds".
DWELLINGS = (
    "home homes flat flats apartment house houses cottage bungalow cabin villa studio loft "
    "houseboat caravan farmhouse townhouse condo dorm bedsit hut mansion penthouse duplex "
    "maisonette terrace croft lodge lease"
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
    # A place said on its own before the person's dwelling ("Bergamo, Sam's flat is in the
    # old town", as ``slots.facts`` joins "Bergamo. Sam's flat ...").
    r"|^\W*[A-Z][a-z]+,\s+(?:(?i:my|our|his|her|their)|[A-Z][a-z]+'s)\s+(?i:"
    + "|".join(DWELLINGS)
    + r")\b"
)
_DWELLING = re.compile(DWELLING, re.IGNORECASE)


# One of a place's people: "a Sheffield girl now", "a proper Leeds lad".
_LOCAL = re.compile(
    r"\b(?i:a|an)\s+(?:(?i:proper|real|true|born)\s+)?[A-Z][a-z]+\s+"
    r"(?i:girl|boy|guy|gal|lad|lass|native|local|resident)\b"
)


# Being in a place in lower case, as chat users write it ("is in kirkcaldy now"): a home only
# beside a dwelling word in the same sentence ("..., a wee flat near the prom"), since "is in
# hospital now" or "in trouble" is no home.
_IN_PLACE = re.compile(r"\b(?:is|are|am|'m|'re|'s)\s+(?:now\s+)?in\s+([a-z]{3,})\b")


def _in_dwelling(sentence: str) -> bool:
    if not _DWELLING.search(sentence):
        return False
    return any(
        word not in STOPWORDS and word not in FILLER_WORDS and word not in _NOT_A_PLACE
        for word in _IN_PLACE.findall(sentence.casefold())
    )


# Living somewhere said by where, not by a town's name: "lives above the bakery on the
# high street", "i live right by the river", "living near the old mill". A way of living
# ("lives for the weekend", "living in fear", "lives on toast") is no home.
_LIVES_AT = re.compile(
    r"\b(?:live[sd]?|living|" + "|".join(DWELLINGS) + r")\s+(?:(?:right|just|up|down|out|over)\s+)?"
    r"(?:by|near|above|below|beside|behind|opposite|outside|next to|across from|off|"
    r"on (?:the|a|an)|at (?:the|a|an|number|no)|in (?:the|a|an))\s+"
    r"(?!(?:moment|past|present|future|dark|shadow|shadows|fear|hope|dream|dreams|bubble|"
    r"edge|fast lane|real world)\b)[a-z]",
    re.IGNORECASE,
)


def _says_home(text: str) -> bool:
    """A dwelling word and a place it ties to the person, within one sentence."""
    return any(
        (_DWELLING.search(sentence) and _PLACE.search(sentence))
        or _in_dwelling(sentence)
        or _lower_place(sentence)
        or _LOCAL.search(sentence)
        or _LIVES_AT.search(sentence)
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
