"""The local support check as it was before the labelled set (main d814603), kept as the
baseline ``bench_memory`` measures the current check against in the same run.

Score ``max(coverage, (coverage + similarity) / 2)`` at 0.6 or above is supported, where
coverage is the share of the claim's distinct content words found in the cited messages or
their speakers' names (matched on a word's first five letters), and similarity the best
cosine between the chunk's content and a cited message or all of them together. Its stop
words are read from the check of ``STOPWORDS_REVISION`` (``benchmarks.support_previous``),
which kept d814603's list word for word."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from benchmarks.support_previous import frozen_local_support

THRESHOLD = 0.6
STEM_LETTERS = 5

_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
_POSSESSIVE = re.compile(r"'s$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
STOPWORDS_REVISION = "ea94a57b8585497e20f26d77eedff559dab77781"


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> list[str]:
    stopwords = frozen_local_support(STOPWORDS_REVISION).STOPWORDS
    words = []
    for raw in _WORD.findall(text.lower().replace("\u2019", "'")):
        word = _singular(_POSSESSIVE.sub("", raw.strip("'-")))
        if len(word) > 1 and word not in stopwords and not _ISO_DATE.match(word):
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
