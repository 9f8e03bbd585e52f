"""What ``bench_load`` reads from the servers it starts: ``GET /__bench_stats__`` answering the process's CPU seconds and the SQL statements it has
run so far (BEGIN and COMMIT are not statements and are not counted), so the benchmark can
divide a round's share by its turns."""

from __future__ import annotations

import itertools
import json
import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "benchmarks.load_settings")

STATS_PATH = "/__bench_stats__"
_statements = itertools.count()
_counted = [0]


def _count(execute, sql, params, many, context):
    _counted[0] = next(_statements) + 1
    return execute(sql, params, many, context)


def _on_connection(sender, connection, **kwargs):
    # Sent on every (re)connection of the same wrapper object: count through it once.
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


def with_stats(application):
    """``application`` answering ``GET /__bench_stats__`` itself."""
    from django.db.backends.signals import connection_created

    connection_created.connect(_on_connection, weak=False)

    async def app(scope, receive, send):
        if scope["type"] == "http" and scope.get("path") == STATS_PATH:
            body = json.dumps(
                {"cpu_s": time.process_time(), "statements": _counted[0], "pid": os.getpid()}
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await application(scope, receive, send)

    return app
