"""Move API tokens issued before tokens were hashed into django-rest-knox, digest only.

Every existing ``Authorization: Token <key>`` keeps working: knox finds a token by its first
15 characters and compares the SHA-512 digest of the whole key. The plain keys are deleted
from the old table. Databases that never had the old table are left alone."""

from __future__ import annotations

from django.db import migrations

OLD_TABLE = "authtoken_token"


def hash_tokens(apps, schema_editor):
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS

    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    AuthToken = apps.get_model("knox", "AuthToken")
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT "key", "user_id", "created" FROM "{OLD_TABLE}"')
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        token = AuthToken(
            digest=hash_token(key),
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=user_id,
            expiry=None,
        )
        token.save()
        AuthToken.objects.filter(pk=token.pk).update(created=created)
    with connection.cursor() as cursor:
        cursor.execute(f'DELETE FROM "{OLD_TABLE}"')


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_throttle_cache"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [migrations.RunPython(hash_tokens, migrations.RunPython.noop)]
