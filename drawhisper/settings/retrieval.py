"""Hybrid retrieval of memories, summaries, archived messages and lore documents
(memories/retrieval/config.py says what each knob does). Defaults chosen with
``manage.py bench_locomo`` (docs/benchmarks.md)."""

from __future__ import annotations

from drawhisper.settings.environment import env

# What retrieval searches (a benchmark can leave a kind out with --set RETRIEVAL_KINDS=...).
RETRIEVAL_KINDS = ("memory", "summary", "message", "document")
RETRIEVAL_CANDIDATES_PER_LIST = env.int("RETRIEVAL_CANDIDATES_PER_LIST", default=30)
RETRIEVAL_RRF_K = env.int("RETRIEVAL_RRF_K", default=10)
RETRIEVAL_LEXICAL_WEIGHT = env.float("RETRIEVAL_LEXICAL_WEIGHT", default=1.0)
RETRIEVAL_VECTOR_WEIGHT = env.float("RETRIEVAL_VECTOR_WEIGHT", default=0.5)
# A summary costs 130-200 tokens for what a few memories say in 30 each: it must be that much
# more relevant to win a place.
RETRIEVAL_KIND_WEIGHTS = {"memory": 1.0, "summary": 0.6, "message": 0.8, "document": 1.0}
# The turns next to the 10 best messages join the candidates at 0.7 of their score (what
# answered a matching question, what a matching answer replied to).
RETRIEVAL_NEIGHBOUR_SOURCES = 10
RETRIEVAL_NEIGHBOUR_WEIGHT = 0.7
# A question naming one participant, or a day or month: their items weigh this much more.
RETRIEVAL_SUBJECT_WEIGHT = 1.2
RETRIEVAL_DATE_WEIGHT = 1.5
RETRIEVAL_TYPE_WEIGHTS: dict[str, float] = {}
RETRIEVAL_RECENCY_WEIGHT = env.float("RETRIEVAL_RECENCY_WEIGHT", default=0.0)
RETRIEVAL_RECENCY_HALF_LIFE_DAYS = env.float("RETRIEVAL_RECENCY_HALF_LIFE_DAYS", default=30.0)
RETRIEVAL_MIN_SIMILARITY = env.float("RETRIEVAL_MIN_SIMILARITY", default=0.15)
RETRIEVAL_MIN_SCORE = env.float("RETRIEVAL_MIN_SCORE", default=0.0)
RETRIEVAL_DEDUP_JACCARD = env.float("RETRIEVAL_DEDUP_JACCARD", default=0.8)
RETRIEVAL_TEXT_SEARCH_CONFIG = "english"  # also in the GIN indexes of migration memories 0003
RETRIEVAL_SHOW_DATES = env.bool("RETRIEVAL_SHOW_DATES", default=True)
