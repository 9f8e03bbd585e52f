"""Django's PostgreSQL backend whose connection pool checks a connection without a round trip.

With Django's psycopg pool (``OPTIONS: {"pool": ...}``) checking a connection is the pool's
job (``CONN_HEALTH_CHECKS`` only makes Django hand the pool a ``check``), and psycopg_pool's
own ``ConnectionPool.check_connection`` sends an empty statement on every ``getconn``: a chat
turn takes a connection three to five times (the socket's connect, the send, the reply's
preparation and finish, the memory check), so that was as many round trips per turn.
``check_pooled_connection`` is the pool's ``check`` here, with ``CONN_HEALTH_CHECKS`` on:

- A connection idle in the pool has nothing to read. When its server ends it (a restart, an
  administrator's ``pg_terminate_backend``, ``idle_session_timeout``) the server says so and
  closes the socket, so the socket becomes readable: then, and only then, the connection gets
  psycopg_pool's own check (the round trip), which fails on such a connection, and the pool
  discards it and hands out another, as before.
- A connection psycopg already knows to be closed or broken is refused at once.
- What no check sees in time, a silent network loss, shows on first use as it did; the pool
  discards a connection that comes back broken.

The check never reads from the socket itself (it only asks whether there is something to
read), so a healthy connection is handed out exactly as it was put back. Without a pool,
``CONN_HEALTH_CHECKS`` is Django's own (a ``SELECT 1`` before reusing a persistent
connection). Everything else is ``django.db.backends.postgresql``.
"""

from __future__ import annotations

import select

import psycopg
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


def _has_input(fileno: int) -> bool:
    poller = select.poll()
    poller.register(fileno, select.POLLIN | select.POLLPRI)
    return bool(poller.poll(0))


def check_pooled_connection(connection: psycopg.Connection) -> None:
    """Return quietly if ``connection`` may be handed out; raise if it is not working."""
    if connection.closed or connection.broken:
        raise psycopg.OperationalError("the connection is closed")
    try:
        suspicious = _has_input(connection.fileno())
    except (OSError, ValueError):
        suspicious = True
    if suspicious:
        ConnectionPool.check_connection(connection)


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):
        pool = super().pool
        # Django builds the pool with ``check=ConnectionPool.check_connection`` when
        # CONN_HEALTH_CHECKS is on; the same check, but only when the socket says so.
        # (Should psycopg_pool keep it elsewhere one day, its own check stays: correct, dearer.)
        if pool is not None and getattr(pool, "_check", None) is ConnectionPool.check_connection:
            pool._check = check_pooled_connection
        return pool
