"""The database: ``DATABASE_URL``, or the embedded PostgreSQL started on demand without it,
and the per-process connection pool."""

from __future__ import annotations

from drawhisper.settings.environment import TESTING, env

if env("DATABASE_URL", default=""):
    DATABASES = {"default": env.db("DATABASE_URL")}
    EMBEDDED_POSTGRES = False
else:
    from drawhisper.embedded import ensure_postgres

    DATABASES = {"default": env.db_url_config(ensure_postgres())}
    EMBEDDED_POSTGRES = True
DATABASES["default"]["ENGINE"] = "drawhisper.postgresql"
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
# A pool of open connections per process (Django's psycopg pool), so a chat turn's calls do
# not each open a connection (a SCRAM handshake on both sides). Big enough for the chat
# database threads (chat.db: 8, and 2 for progress saves) plus the request thread; 0 turns it off, and a
# CONN_MAX_AGE above 0 (persistent connections, which the pool replaces) does too. Off in the
# test suite, whose fixtures and live servers rename and flush the database under it.
DATABASE_POOL_SIZE = env.int("DATABASE_POOL_SIZE", default=0 if TESTING else 12)
if DATABASE_POOL_SIZE > 0 and not DATABASES["default"]["CONN_MAX_AGE"]:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, DATABASE_POOL_SIZE),
        "max_size": DATABASE_POOL_SIZE,
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=30.0),
    }
# With the pool, this makes the pool check each connection it hands out; Django's backend
# with a check that pays a round trip only when the server has said something on the socket
# (drawhisper.postgresql), not on every checkout, several times a chat turn.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"]["TEST"] = {"NAME": env("TEST_DATABASE_NAME", default="test_drawhisper")}
