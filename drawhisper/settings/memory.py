"""The memory pipeline: when a job starts and how much it covers, how its extracted memories
are checked, how dead workers' jobs are found again, and when consolidation runs."""

from __future__ import annotations

import environ

from drawhisper.settings.environment import env
from drawhisper.settings.providers import LLM_PROVIDER

MEMORY_TRIGGER_TOKENS = env.int("MEMORY_TRIGGER_TOKENS", default=2048)
# A memory job covers at most this many tokens (the rest waits for the next job).
MEMORY_JOB_MAX_TOKENS = env.int("MEMORY_JOB_MAX_TOKENS", default=8192)
# The worker running a job refreshes its heartbeat every MEMORY_JOB_HEARTBEAT_SECONDS; a job
# whose heartbeat is three intervals old, or whose process on this host is gone, belongs to a
# dead worker: a redelivered task takes it over at once, and beat's sweep (every
# MEMORY_JOB_SWEEP_SECONDS, and when a worker starts) enqueues it again. A pending job nobody
# touched for MEMORY_JOB_STALE_SECONDS lost its task and is enqueued again too.
MEMORY_JOB_HEARTBEAT_SECONDS = env.float("MEMORY_JOB_HEARTBEAT_SECONDS", default=5.0)
MEMORY_JOB_SWEEP_SECONDS = env.float("MEMORY_JOB_SWEEP_SECONDS", default=10.0)
MEMORY_JOB_STALE_SECONDS = env.int("MEMORY_JOB_STALE_SECONDS", default=900)
MEMORY_CONSOLIDATION_HOUR = env.int("MEMORY_CONSOLIDATION_HOUR", default=4)

# How an extracted memory is checked against the messages it cites before it is stored as
# active: "model" (a short verification call to MEMORY_EXTRACT_MODEL) or "local" (word
# overlap and embedding similarity; no model call). Offline: local.
MEMORY_SUPPORT_CHECK = env(
    "MEMORY_SUPPORT_CHECK", default="local" if LLM_PROVIDER == "offline" else "model"
)
if MEMORY_SUPPORT_CHECK not in ("model", "local"):
    raise environ.ImproperlyConfigured(
        f"MEMORY_SUPPORT_CHECK must be model or local, not {MEMORY_SUPPORT_CHECK!r}"
    )
