"""The Redis database number of every test suite that needs one of its own (a worker's queue,
a channel layer), in one place so no two suites can share one, even in one pytest process.

Database 0 is the session's own (``settings.REDIS_URL``); Redis has 16 (0-15) by default.
``@unique`` refuses, at import, two suites given the same number.
"""

from __future__ import annotations

from enum import IntEnum, unique


@unique
class RedisDatabase(IntEnum):
    MEMORY_EVENTS = 7  # tests/memories: the memory events' channel layer
    DOCUMENTS = 10  # tests/documents/test_integration.py
    OFFLINE_MEMORY = 11  # tests/pipeline/test_offline_integration.py
    MEMORY_IMPORT = 12  # tests/pipeline/test_import_integration.py
    MEMORY_PIPELINE = 13  # tests/pipeline/test_integration.py
    RUN_RESTARTS = 14  # tests/faults/test_run_restarts.py
    MEMORY_PANEL = 15  # tests/e2e/test_memory_panel.py
