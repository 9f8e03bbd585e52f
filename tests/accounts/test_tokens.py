"""API tokens are stored as digests only, and tokens issued before that keep working."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import connection
from knox.models import AuthToken
from rest_framework.test import APIClient

from drawhisper.accounts.services import token_for_user
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _me(token: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/auth/me/")


def test_the_database_never_holds_the_token_itself():
    response = APIClient().post(
        "/api/auth/signup/", {"username": "ada", "password": "lamplight-harbour-7"}, format="json"
    )
    assert response.status_code == 201
    token = response.json()["token"]
    assert _me(token).json()["username"] == "ada"
    with connection.cursor() as cursor:
        cursor.execute("SELECT digest, token_key FROM knox_authtoken")
        rows = cursor.fetchall()
    assert rows and all(token not in digest and token != key for digest, key in rows)


def test_each_token_request_gives_a_working_token_and_a_user_keeps_a_bounded_number(settings):
    settings.API_TOKENS_PER_USER = 3
    user = UserFactory()
    tokens = [token_for_user(user=user) for _ in range(5)]
    assert len(set(tokens)) == 5
    assert AuthToken.objects.filter(user=user).count() == 3
    assert _me(tokens[-1]).status_code == 200
    assert _me(tokens[0]).status_code == 401  # the oldest went first


def test_a_wrong_token_is_refused():
    user = UserFactory()
    token = token_for_user(user=user)
    assert _me(token[:-1] + ("0" if token[-1] != "0" else "1")).status_code == 401


def test_tokens_issued_in_plain_text_by_older_versions_are_hashed_and_keep_working():
    user = UserFactory()
    old_key = "0123456789abcdef0123456789abcdef01234567"  # a 40-character DRF token
    with connection.cursor() as cursor:
        cursor.execute(
            'CREATE TABLE "authtoken_token" ("key" varchar(40) PRIMARY KEY, '
            '"created" timestamptz NOT NULL, "user_id" integer NOT NULL)'
        )
        cursor.execute('INSERT INTO "authtoken_token" VALUES (%s, now(), %s)', [old_key, user.pk])
    migration = importlib.import_module("drawhisper.accounts.migrations.0002_hash_existing_tokens")
    with connection.schema_editor() as editor:
        migration.hash_tokens(apps, editor)
    with connection.cursor() as cursor:
        cursor.execute('SELECT count(*) FROM "authtoken_token"')
        assert cursor.fetchone()[0] == 0
    assert _me(old_key).json()["username"] == user.username
