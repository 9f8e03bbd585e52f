"""Embed the queries of concurrent turns together: one model call for the turns that ask at once.

Under load many chats retrieve at the same moment, and one model embeds their queries one at a
time, each a separate call with its fixed cost, queued behind a lock. ``QueryBatcher`` collects
the queries that arrive while the model is busy (or within ``max_wait`` seconds of the first
one, when it is idle) and embeds up to ``max_batch`` of them in one ``embed_documents`` call.

Invariants:
- A query's vector is the one it gets alone: queries are batched only for an embedder that
  declares ``queries_batch_as_documents`` (a batch does not change a text's vector: the local
  model pools each text over its own word pieces only), through its ``embed_queries`` when it
  has one (the local model's query weights) and ``embed_documents`` otherwise (its
  ``embed_query(text)`` is ``embed_documents([text])[0]``); any other embedder gets one
  ``embed_query`` call per query, still off the caller's thread.
- The model call runs on a worker thread, never on the event loop's; the local runtime (ONNX
  Runtime) releases the GIL while it computes, so the web process keeps serving meanwhile.
- One batch at a time per embedder: while it runs, the next batch collects.
- A failed batch fails each of its queries' futures with the same error (retrieval then goes
  on with full-text search alone); the batcher keeps serving later queries.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

DEFAULT_MAX_WAIT_SECONDS = 0.002
DEFAULT_MAX_BATCH = 32


class QueryBatcher:
    def __init__(
        self,
        *,
        max_wait: float = DEFAULT_MAX_WAIT_SECONDS,
        max_batch: int = DEFAULT_MAX_BATCH,
        threads: int = 4,
    ) -> None:
        self.max_wait = max(0.0, max_wait)
        self.max_batch = max(1, max_batch)
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="retrieval-embed")
        self._lock = threading.Lock()
        self._pending: dict[str, list[tuple[str, Future]]] = {}
        self._draining: set[str] = set()
        #: Sizes of the model calls made, newest last (a few hundred kept; for benchmarks).
        self.batch_sizes: list[int] = []

    def submit(self, *, key: str, embedder: Any, text: str) -> Future:
        """A future of ``text``'s query vector from ``embedder`` (``key``: its model id)."""
        future: Future = Future()
        if not getattr(embedder, "queries_batch_as_documents", False):
            self._pool.submit(self._embed_alone, embedder, text, future)
            return future
        with self._lock:
            self._pending.setdefault(key, []).append((text, future))
            start = key not in self._draining
            if start:
                self._draining.add(key)
        if start:
            self._pool.submit(self._drain, key, embedder)
        return future

    @staticmethod
    def _embed_alone(embedder: Any, text: str, future: Future) -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(embedder.embed_query(text))
        except BaseException as error:  # handed to the caller, who degrades
            future.set_exception(error)

    def _drain(self, key: str, embedder: Any) -> None:
        # The model was idle: give the queries of turns arriving together a moment to join.
        if self.max_wait:
            time.sleep(self.max_wait)
        while True:
            with self._lock:
                queue = self._pending.get(key, [])
                batch, self._pending[key] = queue[: self.max_batch], queue[self.max_batch :]
                if not batch:
                    del self._pending[key]
                    self._draining.discard(key)
                    return
            self._embed_batch(embedder, batch)

    def _embed_batch(self, embedder: Any, batch: list[tuple[str, Future]]) -> None:
        live = [(text, future) for text, future in batch if future.set_running_or_notify_cancel()]
        if not live:
            return
        self.batch_sizes = [*self.batch_sizes[-255:], len(live)]
        try:
            embed = getattr(embedder, "embed_queries", None) or embedder.embed_documents
            vectors = embed([text for text, _ in live])
        except BaseException as error:  # every query of the batch learns why
            for _, future in live:
                future.set_exception(error)
            return
        for (_, future), vector in zip(live, vectors, strict=True):
            future.set_result(vector)
