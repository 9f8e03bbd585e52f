"""The project's ASGI application as ``bench_load`` serves it: the same application, answering
``GET /__bench_stats__`` too (``benchmarks.load_stats``).

Served by daphne as ``benchmarks.load_asgi:application``."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.load_settings")

from benchmarks.load_stats import with_stats  # noqa: E402
from drawhisper.asgi import application as project_application  # noqa: E402

application = with_stats(project_application, timers=True)
