"""The existing memories a job's extractor is shown, so the model can say which of them a new
chunk updates, repeats or contradicts.

``related_memories`` looks among the memories the job's chat could show (``selectors.
memories_retrievable_in_thread``: same owner and character, pinned there, shared, or made
there, active, not dismissed there; a chat never rewrites what another chat knows on its own)
and ranks them by meaning and by words:

- meaning: the new summary, and the range's transcript, each embedded and searched in the
  vector store (memories of the owner and character only);
- words: the range's distinctive words (no stop words, longest first) as one OR full-text
  query over titles and contents.

The three rankings are merged by reciprocal rank fusion; the best ``RELATED_LIMIT`` are
numbered 1..n in that order (``ExistingMemory.ref``). Those numbers, never database ids, are
what the prompt shows and what the model's decisions name; the relate step records the list
in the job's state, so a resumed job maps a decision to the same row.

Pure reads: nothing here writes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector

from drawhisper.tokens import truncate_to_tokens
from memories import index
from memories.models import Memory
from memories.pipeline.job_context import JobContext
from memories.selectors import memories_retrievable_in_thread

RELATED_LIMIT = 8
SEARCH_DEPTH = 20
# Below this cosine similarity a vector hit says nothing about the memory.
MIN_VECTOR_SCORE = 0.3
QUERY_WORDS = 24
QUERY_TOKENS = 400
RRF_K = 60

_WORD = re.compile(r"[a-z0-9]{4,}")
# Words too common in role-play transcripts to say what a memory is about.
_COMMON = frozenset(
    """this that with have from they them their there then than what when where which while
    would could should about after before again also always because been being both does
    doing done each even ever every into just know like make more most much never only other
    over really said same some still such sure take tell thank thanks that's these thing
    things think those through very want well were will your yours you're okay yeah""".split()
)


@dataclass(frozen=True)
class ExistingMemory:
    """An existing memory as the extractor sees it: ``ref`` (1..n) and what it says."""

    ref: int
    id: int
    type: str
    title: str
    content: str

    def as_json(self) -> dict:
        return asdict(self)


def query_words(text: str, *, limit: int = QUERY_WORDS) -> list[str]:
    """The text's distinctive words: frequent first, then longer, then alphabetical."""
    counts = Counter(word for word in _WORD.findall(text.casefold()) if word not in _COMMON)
    ranked = sorted(counts, key=lambda word: (-counts[word], -len(word), word))
    return ranked[:limit]


def _vector_ranking(context: JobContext, query: str, allowed: dict[str, int]) -> list[int]:
    if not query.strip() or not allowed:
        return []
    hits = index.search_vectors(
        query=truncate_to_tokens(query, QUERY_TOKENS),
        filter=index.VectorFilter(
            owner=context.owner_id,
            character=context.character_id,
            kinds=("memory",),
            status="active",
        ),
        top_k=SEARCH_DEPTH,
        min_score=MIN_VECTOR_SCORE,
    )
    return [allowed[hit.id] for hit in hits if hit.id in allowed]


def _word_ranking(candidates, text: str) -> list[int]:
    words = query_words(text)
    if not words:
        return []
    search_vector = SearchVector("title", weight="A", config="english") + SearchVector(
        "content", weight="B", config="english"
    )
    search_query = SearchQuery(" | ".join(words), search_type="raw", config="english")
    return list(
        candidates.annotate(rank=SearchRank(search_vector, search_query))
        .filter(rank__gt=0)
        .order_by("-rank", "-pk")
        .values_list("pk", flat=True)[:SEARCH_DEPTH]
    )


def fuse(rankings: Sequence[Sequence[int]], *, limit: int = RELATED_LIMIT) -> list[int]:
    """Reciprocal rank fusion of id rankings; ties go to the older (lower) id."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, memory_id in enumerate(ranking):
            scores[memory_id] = scores.get(memory_id, 0.0) + 1.0 / (RRF_K + rank + 1)
    return sorted(scores, key=lambda memory_id: (-scores[memory_id], memory_id))[:limit]


def related_memories(
    *, context: JobContext, summary: str, limit: int = RELATED_LIMIT
) -> list[ExistingMemory]:
    """The existing memories most related to the job's range, numbered 1..n."""
    candidates = memories_retrievable_in_thread(thread_id=context.thread_id).exclude(
        job_id=context.job_id
    )
    allowed = dict(candidates.exclude(vector_id__isnull=True).values_list("vector_id", "pk"))
    transcript = "\n".join(message.content for message in context.messages)
    ranking = fuse(
        [
            _vector_ranking(context, summary, allowed),
            _vector_ranking(context, transcript, allowed),
            _word_ranking(candidates, f"{summary}\n{transcript}"),
        ],
        limit=limit,
    )
    rows = {memory.pk: memory for memory in Memory.objects.filter(pk__in=ranking)}
    return [
        ExistingMemory(
            ref=ref,
            id=memory_id,
            type=rows[memory_id].type,
            title=rows[memory_id].title,
            content=rows[memory_id].content,
        )
        for ref, memory_id in enumerate(ranking, start=1)
    ]
