"""The pooled database connection's health check (``drawhisper.postgresql``): a connection the
server ended while it sat in the pool is replaced before anyone uses it, and a healthy one is
handed out without a round trip to ask."""

from __future__ import annotations

import copy
import time

import pytest
from django.db import connection
from psycopg_pool import ConnectionPool

from drawhisper.postgresql.base import DatabaseWrapper

pytestmark = pytest.mark.django_db


@pytest.fixture
def pooled():
    """The test database through the project's backend with a pool, as outside the suite."""
    settings_dict = copy.deepcopy(connection.settings_dict)
    settings_dict["OPTIONS"] = {
        **settings_dict.get("OPTIONS", {}),
        "pool": {"min_size": 1, "max_size": 1, "timeout": 10},  # one: the same one each time
    }
    settings_dict["CONN_MAX_AGE"] = 0
    settings_dict["CONN_HEALTH_CHECKS"] = True
    # Under the default alias (the pool is kept per alias; the suite's own connection has none).
    wrapper = DatabaseWrapper(settings_dict, alias="default")
    yield wrapper
    wrapper.close()
    wrapper.close_pool()


def backend_pid(wrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    wrapper.close()  # back to the pool, as after every chat call
    return pid


def test_a_connection_the_server_ended_in_the_pool_is_replaced_and_a_healthy_one_is_not_asked(
    pooled, monkeypatch
):
    first = backend_pid(pooled)
    asked = []
    original = ConnectionPool.check_connection
    monkeypatch.setattr(
        ConnectionPool,
        "check_connection",
        staticmethod(lambda conn: (asked.append(1), original(conn))[1]),
    )
    assert backend_pid(pooled) == first  # the same connection, handed out as it was put back
    assert asked == []  # with no round trip to check it

    with connection.cursor() as cursor:  # the server ends it while it is idle in the pool
        cursor.execute("SELECT pg_terminate_backend(%s)", [first])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [first])
            if cursor.fetchone()[0] == 0:
                break
        time.sleep(0.05)

    replacement = backend_pid(pooled)  # no error reaches the caller
    assert replacement != first
    assert asked  # the dead one was checked with a round trip, and discarded
