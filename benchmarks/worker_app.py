"""The Celery application as ``bench_worker`` runs it: the project's own (``drawhisper.celery``),
with the configured embedder's ``embed_documents`` timed in each worker process.

After every call the process writes ``BENCH_WORKER_STATS/<pid>.json``: the calls (texts,
seconds, whether it was the warm-up at start), and how many times this process loaded a local
embedding model. The product is untouched; the wrapping happens in the benchmark's worker
only. Run as ``celery -A benchmarks.worker_app worker``."""

from __future__ import annotations

import functools
import json
import os
import threading
import time
from pathlib import Path

from celery.signals import worker_process_init

from drawhisper.celery import app

__all__ = ["app"]

_lock = threading.Lock()
_calls: list[dict] = []


def _write() -> None:
    from drawhisper.providers.embeddings import local

    folder = os.environ.get("BENCH_WORKER_STATS")
    if not folder:
        return
    path = Path(folder) / f"{os.getpid()}.json"
    path.write_text(json.dumps({"calls": _calls, "models_loaded": len(local._models)}))


@worker_process_init.connect
def _time_embeddings(**_: object) -> None:
    # Connected after the project's own handler (imported above), which starts the warm-up
    # in a thread; a warm-up call that gets here first is recorded as the warm-up too.
    from drawhisper.providers.registry import get_embedder

    embedder = get_embedder()
    original = embedder.embed_documents

    @functools.wraps(original)
    def timed(texts):
        started = time.perf_counter()
        try:
            return original(texts)
        finally:
            seconds = time.perf_counter() - started
            with _lock:
                _calls.append(
                    {
                        "texts": len(texts),
                        "seconds": seconds,
                        "warm_up": list(texts) == ["warm up"],
                    }
                )
                _write()

    embedder.embed_documents = timed
    with _lock:
        _write()
