"""``python -m drawhisper.embedded [start|stop|status]``: start, stop or report both servers.

Printed URLs have their password masked; the passwords stay in ``.data/``.
"""

from __future__ import annotations

import sys

from drawhisper.embedded.directory import data_dir
from drawhisper.embedded.postgres_server import (
    PostgresPaths,
    _postgres_running,
    ensure_postgres,
    stop_postgres,
)
from drawhisper.embedded.redis_server import RedisPaths, _redis_running, ensure_redis, stop_redis


def _masked(url: str) -> str:
    """A URL for the terminal: the password is in .data/, not on screen."""
    import re

    return re.sub(r":[^:@/]+@", ":***@", url)


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "status"
    if command == "start":
        print(f"postgres: {_masked(ensure_postgres())}")
        print(f"redis: {_masked(ensure_redis())}")
    elif command == "stop":
        print("postgres: stopped" if stop_postgres() else "postgres: not running")
        print("redis: stopped" if stop_redis() else "redis: not running")
    elif command == "status":
        pg = _postgres_running(PostgresPaths(data_dir()))
        rd = _redis_running(RedisPaths(data_dir()))
        print(f"postgres: {f'running on port {pg}' if pg else 'not running'}")
        print(f"redis: {f'running on port {rd}' if rd else 'not running'}")
    else:
        print("usage: python -m drawhisper.embedded [start|stop|status]", file=sys.stderr)
        return 2
    return 0
