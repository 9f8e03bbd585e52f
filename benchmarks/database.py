"""Where a benchmark writes: a throwaway database, so development data is never touched.

``throwaway_database(name)`` creates and migrates database ``name`` (as the test runner
does), points the default connection at it for the duration, and drops it afterwards unless
``keep``. Backends cached against the old connection are rebuilt."""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.db import connections

from drawhisper.providers.registry import reset_backends


@contextmanager
def throwaway_database(name: str, *, keep: bool = False):
    connection = connections["default"]
    original_name = connection.settings_dict["NAME"]
    connection.settings_dict["TEST"] = {**connection.settings_dict.get("TEST", {}), "NAME": name}
    # A connection pool holds connections to the database it was opened on: give the
    # connection back and close the pool (in that order: closing a connection of a pool that
    # is gone opens a new pool on the old database), so the next one opens on the throwaway
    # database, and the same again afterwards.
    connection.close()
    connection.close_pool()
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    reset_backends()
    try:
        yield name
    finally:
        reset_backends()
        if keep:
            connection.close()
            connection.close_pool()
            connection.settings_dict["NAME"] = original_name
            settings.DATABASES["default"]["NAME"] = original_name
        else:
            connection.creation.destroy_test_db(original_name, verbosity=0)
