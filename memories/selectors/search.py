"""Search of memories by meaning and by words: ``memory_search_scores`` fuses a vector
ranking and a full-text ranking into one score per memory.

Invariants: the vector side asks only for the owner's memories (of the character, when
given), and when the embedder or the vector store is down the search still answers by words.
"""

from __future__ import annotations

import logging

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.db.models import Q, QuerySet

from memories.models import Memory

logger = logging.getLogger(__name__)

# Cosine similarity under which a vector hit is noise rather than a match (all-MiniLM and
# OpenAI embeddings put unrelated sentences well below it).
SEARCH_MIN_VECTOR_SCORE = 0.3
# Reciprocal rank fusion constant: how much the top of each ranking dominates.
RRF_K = 60


def memory_search_scores(
    *,
    user,
    query: str,
    queryset: QuerySet[Memory],
    character_id: int | None = None,
    limit: int = 50,
) -> dict[int, float]:
    """Search ``queryset`` by meaning and by words; ``{memory_id: score}``, score in (0, 1].

    Meaning: the query embedding against the vector store (owner, character, memories only).
    Words: Postgres full-text rank (English stemming) plus a plain substring match, so a
    half-typed word still finds its memory. The two rankings are merged by reciprocal rank
    fusion and scaled so a memory first in both scores 1."""
    query = query.strip()
    if not query:
        return {}
    rankings = [
        _vector_ranking(
            user=user, query=query, queryset=queryset, character_id=character_id, limit=limit
        )
    ]
    rankings.append(_text_ranking(query=query, queryset=queryset, limit=limit))
    fused: dict[int, float] = {}
    for ranking in rankings:
        for rank, memory_id in enumerate(ranking):
            fused[memory_id] = fused.get(memory_id, 0.0) + 1.0 / (RRF_K + rank + 1)
    best_possible = len(rankings) / (RRF_K + 1)
    return {memory_id: round(score / best_possible, 4) for memory_id, score in fused.items()}


def _vector_ranking(
    *, user, query: str, queryset: QuerySet[Memory], character_id: int | None, limit: int
) -> list[int]:
    from memories.index import VectorFilter, search_vectors

    try:
        hits = search_vectors(
            query=query,
            filter=VectorFilter(
                owner=user.pk, character=character_id, kinds=("memory",), status=None
            ),
            top_k=limit,
            min_score=SEARCH_MIN_VECTOR_SCORE,
        )
    except Exception:  # search by words still answers when the embedder or the store is down
        logger.warning("memory search: vector side failed, answering by words only", exc_info=True)
        return []
    order = {hit.id: index for index, hit in enumerate(hits)}
    rows = queryset.filter(vector_id__in=order).values_list("pk", "vector_id")
    return [pk for pk, vector_id in sorted(rows, key=lambda row: order[row[1]])]


def _text_ranking(*, query: str, queryset: QuerySet[Memory], limit: int) -> list[int]:
    search_vector = SearchVector("title", weight="A", config="english") + SearchVector(
        "content", weight="B", config="english"
    )
    search_query = SearchQuery(query, search_type="websearch", config="english")
    ranked = list(
        queryset.annotate(rank=SearchRank(search_vector, search_query))
        .filter(rank__gt=0)
        .order_by("-rank", "-pk")
        .values_list("pk", flat=True)[:limit]
    )
    seen = set(ranked)
    substring = (
        queryset.filter(Q(title__icontains=query) | Q(content__icontains=query))
        .exclude(pk__in=seen)
        .order_by("-created_at", "-pk")
        .values_list("pk", flat=True)[:limit]
    )
    return ranked + list(substring)
