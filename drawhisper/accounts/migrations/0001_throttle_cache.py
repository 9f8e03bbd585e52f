"""The database cache table behind the sign-up and token rate limits (``CACHES["throttle"]``).

A database table rather than Redis, so that sign-up and login keep working while Redis is
down."""

from __future__ import annotations

from django.db import migrations

TABLE = "drawhisper_throttle_cache"


def create_table(apps, schema_editor):
    from django.core.management import call_command

    call_command("createcachetable", TABLE, database=schema_editor.connection.alias, verbosity=0)


def drop_table(apps, schema_editor):
    schema_editor.execute(f'DROP TABLE IF EXISTS "{TABLE}"')


class Migration(migrations.Migration):
    dependencies: list = []

    operations = [migrations.RunPython(create_table, drop_table)]
