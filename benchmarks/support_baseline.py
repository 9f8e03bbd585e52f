"""The local support check as it was before the labelled set (main d814603), kept as the
baseline ``bench_memory`` measures the current check against in the same run.

Score ``max(coverage, (coverage + similarity) / 2)`` at 0.6 or above is supported, where
coverage is the share of the claim's distinct content words found in the cited messages or
their speakers' names (matched on a word's first five letters), and similarity the best
cosine between the chunk's content and a cited message or all of them together."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

THRESHOLD = 0.6
STEM_LETTERS = 5

_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
_POSSESSIVE = re.compile(r"'s$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_STOPWORDS = frozenset(
    """a about above after again against all also am an and any are aren't as at be because
    been before being below between both but by can can't cannot could couldn't did didn't do
    does doesn't doing don't down during each even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he he'd he'll he's her here hers herself him
    himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just me might
    more most much must my myself no nor not now of off on once one only or other our ours
    out over own same she she'd she'll she's should so some such than that that's the their
    theirs them themself themselves then there these they they'd they'll they're they've this
    those through to too under until up very was wasn't we were weren't what when where which
    while who whom why will with won't would you your yours yourself said says say told tells
    tell mentioned mentions shared shares explained explains admitted admits revealed reveals
    talked talks spoke speaks user character someone something""".split()
)


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> list[str]:
    words = []
    for raw in _WORD.findall(text.lower().replace("\u2019", "'")):
        word = _singular(_POSSESSIVE.sub("", raw.strip("'-")))
        if len(word) > 1 and word not in _STOPWORDS and not _ISO_DATE.match(word):
            words.append(word)
    return words


def _meets(word: str, keys: set[str], four_letter: set[str]) -> bool:
    if word[:STEM_LETTERS] in keys:
        return True
    if len(word) == 4:
        return any(key.startswith(word) for key in keys)
    return len(word) > 4 and word[:4] in four_letter


def lexical_coverage(claim: str, sources: Sequence[str]) -> float:
    words = list(dict.fromkeys(content_words(claim)))
    if not words:
        return 1.0
    keys = {word[:STEM_LETTERS] for text in sources for word in content_words(text)}
    four_letter = {key for key in keys if len(key) == 4}
    return sum(1 for word in words if _meets(word, keys, four_letter)) / len(words)


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def baseline_supported(title: str, content: str, sources: Sequence, *, embedder) -> bool:
    texts = [message.content for message in sources]
    speakers = sorted({message.speaker for message in sources})
    coverage = lexical_coverage(f"{title}. {content}", [*texts, *speakers])
    candidates = [*texts, " ".join(texts)] if len(texts) > 1 else texts
    claim = embedder.embed_query(content)
    similarity = max(
        (_cosine(claim, vector) for vector in embedder.embed_documents(candidates)), default=0.0
    )
    similarity = max(0.0, similarity)
    return max(coverage, (coverage + similarity) / 2) >= THRESHOLD
