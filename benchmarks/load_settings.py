"""Settings of the daphne server that ``manage.py bench_load`` starts: the project's settings
with a scripted chat model that streams a fixed reply at a fixed rate, so what the benchmark
measures is the server (sockets, writes, context assembly, retrieval), not a model.

``BENCH_LOAD_REPLY``, ``BENCH_LOAD_CHUNK_CHARS`` and ``BENCH_LOAD_DELAY`` (seconds before
each piece, the first included) come from the command."""

from __future__ import annotations

import os

from drawhisper.settings import *  # noqa: F403

_SCRIPTED = {
    "BACKEND": "drawhisper.providers.fake.ScriptedChatBackend",
    "OPTIONS": {
        "model": "scripted-load",
        "replies": [os.environ.get("BENCH_LOAD_REPLY", "A scripted reply.")],
        "chunk_size": int(os.environ.get("BENCH_LOAD_CHUNK_CHARS", "8")),
        "delay": float(os.environ.get("BENCH_LOAD_DELAY", "0.02")),
    },
}
LLM_BACKENDS = {"chat": _SCRIPTED, "summary": _SCRIPTED, "extract": _SCRIPTED}
