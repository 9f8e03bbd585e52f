"""The queries of concurrent turns embedded together by the local model get the vectors each
would get alone."""

from __future__ import annotations

from memories.retrieval.query_batch import QueryBatcher

QUERIES = [
    "hi",
    "Do you remember what my sister's name is?",
    "Where did we go hiking last summer with the dog and Jo?",
    "ok",
    "Tell me about the lighthouse again, the one near the harbour where you grew up.",
    "",
    "what is my job",
] * 3


def test_concurrent_queries_share_model_calls_and_get_their_own_vectors(local_embedder):
    alone = [local_embedder.embed_query(text) for text in QUERIES]
    batcher = QueryBatcher(max_wait=0.0)
    model, lock = local_embedder._loaded()
    with lock:  # the model is busy: every query arrives while it is
        futures = [
            batcher.submit(key=local_embedder.model_id, embedder=local_embedder, text=text)
            for text in QUERIES
        ]
    together = [future.result(timeout=60) for future in futures]
    assert together == alone  # bit for bit, not merely close
    assert sum(batcher.batch_sizes) == len(QUERIES)
    assert len(batcher.batch_sizes) <= 2  # one call already waiting for the model, one for the rest
