"""A small rule-based classifier onto the seven memory types.

Each type has keyword patterns; the type with the most matches wins, ties going to the
earlier type in ``PRIORITY`` (a death or a wedding matters more than a liking). ``fact`` is
the fallback for plain statements ("is", "has", "works as"), and ``conversation`` for
everything else. Deterministic and explainable, which is all an offline model can be."""

from __future__ import annotations

import re

from drawhisper.providers.offline.sentences import normalise

PRIORITY = ("important_event", "relationship", "emotion", "preference", "worldbuilding")

_PATTERNS: dict[str, list[str]] = {
    "important_event": [
        r"\bdied\b",
        r"\bdies\b",
        r"\bpassed away\b",
        r"\bfuneral\b",
        r"\bwedding\b",
        r"\bgot married\b",
        r"\bmoved\b",
        r"\bmoving (?:to|out|away)\b",
        r"\bfirst time\b",
        r"\bbirthday\b",
        r"\bborn\b",
        r"\bgraduat\w*",
        r"\banniversary\b",
        r"\bengaged\b",
        r"\bdivorc\w*",
        r"\bpregnan\w*",
        r"\bretired\b",
        r"\bpromoted\b",
        r"\baccident\b",
        r"\bnew job\b",
        r"\blost (?:my|his|her|their|our) \w+",
    ],
    "relationship": [
        r"\bmarried\b",
        r"\bhusband\b",
        r"\bwife\b",
        r"\bpartner\b",
        r"\bboyfriend\b",
        r"\bgirlfriend\b",
        r"\bsisters?\b",
        r"\bbrothers?\b",
        r"\bmother\b",
        r"\bfather\b",
        r"\bmom\b",
        r"\bmum\b",
        r"\bdad\b",
        r"\bparents?\b",
        r"\bsons?\b",
        r"\bdaughters?\b",
        r"\bcousins?\b",
        r"\bfriends?\b",
        r"\bfriendship\b",
        r"\btrust\w*",
        r"\brivals?\b",
        r"\benem(?:y|ies)\b",
        r"\bmentor\b",
        r"\bfianc\w*",
        r"\bfamily\b",
        r"\bgrand\w+\b",
    ],
    "emotion": [
        r"\bfeel\w*",
        r"\bfelt\b",
        r"\bafraid\b",
        r"\bscared\b",
        r"\bfrightened\b",
        r"\bfears?\b",
        r"\bhappy\b",
        r"\bsad\b",
        r"\bangry\b",
        r"\blonely\b",
        r"\banxious\b",
        r"\bnervous\b",
        r"\bexcited\b",
        r"\bworried\b",
        r"\bupset\b",
        r"\bproud\b",
        r"\bashamed\b",
        r"\bjealous\b",
        r"\bmiss(?:ed)? (?:you|him|her|them)\b",
        r"\bcri(?:ed|es)\b",
        r"\bcry\b",
        r"\btears\b",
        r"\bheartbroken\b",
        r"\bgrateful\b",
        r"\bhurt\b",
        r"\bterrified\b",
        r"\bjoy\b",
    ],
    "preference": [
        r"\blikes\b",
        r"\bliked\b",
        r"\b(?:i|we|they|really|also|don't|do not|would|'d) like\b",
        r"\bloves?\b",
        r"\bloved\b",
        r"\bprefer\w*",
        r"\bfavou?rite\b",
        r"\bhates?\b",
        r"\bhated\b",
        r"\benjoy\w*",
        r"\badore\w*",
        r"\bcan't stand\b",
        r"\bdislike\w*",
        r"\bfond of\b",
    ],
    "worldbuilding": [
        r"\bkingdoms?\b",
        r"\bempire\b",
        r"\bmagic\w*",
        r"\bspells?\b",
        r"\bcity\b",
        r"\bcities\b",
        r"\bvillage\b",
        r"\brealms?\b",
        r"\bworld\b",
        r"\bcastle\b",
        r"\bdragons?\b",
        r"\bguild\b",
        r"\btower\b",
        r"\bisland\b",
        r"\btemple\b",
        r"\blegend\w*",
        r"\bprophecy\b",
        r"\bgods?\b",
        r"\bgoddess\b",
        r"\bplanet\b",
        r"\bstarship\b",
        r"\bclan\b",
        r"\bking\b",
        r"\bqueen\b",
        r"\bthrone\b",
    ],
}
_FACT = [
    r"\bis\b",
    r"\bare\b",
    r"\bwas\b",
    r"\bwere\b",
    r"\bhas\b",
    r"\bhave\b",
    r"\bhad\b",
    r"\bworks? (?:as|at|for)\b",
    r"\bworked (?:as|at|for)\b",
    r"\blives? in\b",
    r"\blived in\b",
    r"\bi'm\b",
    r"\bam\b",
    r"\bnamed\b",
    r"\bcalled\b",
    r"\bowns?\b",
    r"\bstud(?:y|ies|ied)\b",
    r"\bgrew up\b",
]

_COMPILED = {kind: [re.compile(p) for p in patterns] for kind, patterns in _PATTERNS.items()}
_FACT_COMPILED = [re.compile(p) for p in _FACT]


def classify(text: str) -> str:
    lowered = normalise(text).lower()
    counts = {kind: sum(1 for p in _COMPILED[kind] if p.search(lowered)) for kind in PRIORITY}
    best = max(counts.values())
    if best:
        return next(kind for kind in PRIORITY if counts[kind] == best)
    if any(p.search(lowered) for p in _FACT_COMPILED):
        return "fact"
    return "conversation"


def type_bonus(kind: str) -> float:
    """How much more a typed statement is worth remembering than plain talk."""
    return {"conversation": 0.0, "fact": 0.1}.get(kind, 0.25)


def is_attitude_word(word: str) -> bool:
    """Whether one word says how someone feels about a thing ("loves", "afraid") rather than
    what the thing is; titles leave such words out."""
    lowered = normalise(word).lower()
    return any(
        pattern.fullmatch(lowered)
        for kind in ("preference", "emotion")
        for pattern in _COMPILED[kind]
    )
