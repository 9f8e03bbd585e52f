"""The query micro-batcher: shared calls, one-at-a-time embedders, failures."""

from __future__ import annotations

import threading

import pytest

from drawhisper.providers.embeddings.fake import FakeEmbedder
from memories.retrieval.query_batch import QueryBatcher


class GatedEmbedder(FakeEmbedder):
    """The fake embedder whose calls wait for ``gate``, recording each call's texts."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.gate = threading.Event()
        self.calls: list[list[str]] = []
        self.fail = False

    def embed_documents(self, texts):
        self.gate.wait(timeout=30)
        self.calls.append(list(texts))
        if self.fail:
            raise ConnectionError("embedding service unreachable")
        return super().embed_documents(texts)


def test_queries_waiting_for_a_busy_model_go_in_one_call_each_with_its_own_vector():
    embedder, plain = GatedEmbedder(), FakeEmbedder()
    batcher = QueryBatcher(max_wait=0.0, max_batch=4)
    first = batcher.submit(key="fake", embedder=embedder, text="the first question")
    texts = [f"question number {index}" for index in range(6)]
    waiting = [batcher.submit(key="fake", embedder=embedder, text=text) for text in texts]
    embedder.gate.set()
    assert first.result(timeout=30) == plain.embed_query("the first question")
    assert [future.result(timeout=30) for future in waiting] == [
        plain.embed_query(text) for text in texts
    ]
    called = [text for call in embedder.calls for text in call]
    assert sorted(called) == sorted(["the first question", *texts])
    assert len(embedder.calls) < 1 + len(texts)  # shared calls, not one per query
    assert max(len(call) for call in embedder.calls) <= 4  # never more than max_batch


def test_an_embedder_that_does_not_batch_queries_embeds_each_alone():
    class OneAtATime(FakeEmbedder):
        queries_batch_as_documents = False
        asked: list[str] = []

        def embed_documents(self, texts):
            raise AssertionError("queries must not be embedded as documents")

        def embed_query(self, text):
            OneAtATime.asked.append(text)
            return super().embed_query(text)

    batcher = QueryBatcher()
    futures = [batcher.submit(key="x", embedder=OneAtATime(), text=t) for t in ("a b", "c d")]
    assert [future.result(timeout=30) for future in futures] == [
        FakeEmbedder().embed_query(text) for text in ("a b", "c d")
    ]
    assert sorted(OneAtATime.asked) == ["a b", "c d"]


def test_an_embedder_with_query_weights_embeds_the_batched_queries_through_them():
    class QueryWeights(FakeEmbedder):
        def embed_queries(self, texts):
            return [[*vector[:-1], 0.5] for vector in super().embed_documents(texts)]

    batcher = QueryBatcher(max_wait=0.0)
    futures = [batcher.submit(key="q", embedder=QueryWeights(), text=t) for t in ("a b", "c d")]
    assert [future.result(timeout=30) for future in futures] == QueryWeights().embed_queries(
        ["a b", "c d"]
    )


def test_a_failed_call_fails_each_of_its_queries_and_later_queries_still_embed():
    embedder = GatedEmbedder()
    embedder.fail = True
    batcher = QueryBatcher(max_wait=0.0)
    futures = [batcher.submit(key="fake", embedder=embedder, text=t) for t in ("one", "two")]
    embedder.gate.set()
    for future in futures:
        with pytest.raises(ConnectionError, match="unreachable"):
            future.result(timeout=30)
    embedder.fail = False
    later = batcher.submit(key="fake", embedder=embedder, text="three")
    assert later.result(timeout=30) == FakeEmbedder().embed_query("three")
