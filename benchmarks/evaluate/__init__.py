"""Evidence recall and answer coverage of the chat's retrieval, and of baselines, on loaded
conversations.

For every question the product's retrieval runs exactly as the chat runs it
(``memories.context.retrieve`` with the retrieved layer's budget and every message archived).
Latency is measured in a second pass over the same questions, with nothing but retrieval
running in between, from the call to its return: query embedding included (the query vector
cache is emptied before each timed call), beside a bare query embedding timed in the same
pass.

Baselines get the same budget, the same rendering of items (``[date] Speaker: text`` for a
turn, as retrieval renders it, counted in cl100k tokens) and the same scoring
(``benchmarks.scoring``), in the same run. Over the turns alone:

- ``recent``: the newest turns only (what a chat without memory would keep);
- ``bm25_turns``: Okapi BM25 over the turns;
- ``vector_turns``: cosine similarity over the archived turns' vectors (the same embedder and
  vector store as the product);
- ``fusion_turns``: both lists fused by reciprocal rank fusion (k = 60, equal weights).

Like for like, over the same items the product searches (its memories, summaries and
archived messages, in one pool, as a generic memory library would hold them):

- ``bm25_items``, ``vector_items`` (one mixed vector query), ``fusion_items``.

Each method packs its ranked items best first and skips what does not fit.

The package's modules, this one its public face: ``run`` (``evaluate``: every method on every
question, the judge, the timed pass), ``baselines`` (the baselines' pools, rankings, fusion
and packing), ``scores`` (each method's scores, their summary and the tuned-on groups) and
``timing`` (percentiles, latency distributions and the machine's load).
"""

from benchmarks.evaluate.baselines import (
    BASELINE_RRF_K,
    ITEM_BASELINES,
    TURN_BASELINES,
    VECTOR_DEPTH,
    fuse,
    pack,
)
from benchmarks.evaluate.run import (
    METHODS,
    PRODUCT,
    evaluate,
)
from benchmarks.evaluate.scores import (
    ANSWERED_CATEGORIES,
    MethodScores,
)
from benchmarks.evaluate.scores import (
    _Scorer as _Scorer,  # the scorer of one question, which the scoring tests drive
)
from benchmarks.evaluate.timing import (
    WARM_UP_QUERIES,
    percentile,
)

__all__ = [
    "PRODUCT",
    "METHODS",
    "evaluate",
    "TURN_BASELINES",
    "ITEM_BASELINES",
    "BASELINE_RRF_K",
    "VECTOR_DEPTH",
    "pack",
    "fuse",
    "ANSWERED_CATEGORIES",
    "MethodScores",
    "WARM_UP_QUERIES",
    "percentile",
]
