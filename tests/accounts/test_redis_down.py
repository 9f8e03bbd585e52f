"""Sign-up and login do not need Redis: sessions, lock-out counts and rate limits live in the
database. Redis is pointed at a port where nothing listens."""

from __future__ import annotations

import socket

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _dead_redis_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"  # closed again: connections are refused


@pytest.fixture
def redis_down(settings):
    url = _dead_redis_url()
    settings.REDIS_URL = url
    settings.CACHES = {
        **settings.CACHES,
        "default": {**settings.CACHES["default"], "LOCATION": url},
    }
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [url]}}
    }
    settings.SIGNUP_THROTTLE_RATE = "10/hour"
    settings.AUTH_THROTTLE_RATE = "20/minute"
    from django.core.cache import cache

    with pytest.raises(Exception):  # noqa: B017 - any error: Redis really is unreachable
        cache.get("probe")
    return url


def test_api_sign_up_and_token_work_with_redis_down(redis_down):
    client = APIClient()
    signup = client.post(
        "/api/auth/signup/", {"username": "ada", "password": "lamplight-harbour-7"}, format="json"
    )
    assert signup.status_code == 201
    token = client.post(
        "/api/auth/token/", {"username": "ada", "password": "lamplight-harbour-7"}, format="json"
    )
    assert token.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    assert client.get("/api/auth/me/").json()["username"] == "ada"


def test_page_sign_up_and_login_work_with_redis_down(redis_down):
    browser = Client()
    assert (
        browser.post(
            "/accounts/signup/", {"username": "cy", "password": "lamplight-harbour-7"}
        ).status_code
        == 302
    )
    user = UserFactory()
    other = Client()
    response = other.post(
        "/accounts/login/", {"username": user.username, "password": "correct horse battery"}
    )
    assert response.status_code == 302
    assert other.get("/").status_code == 200


def test_lock_out_still_counts_with_redis_down(redis_down, settings):
    user = UserFactory()
    client = APIClient()
    statuses = [
        client.post(
            "/api/auth/token/", {"username": user.username, "password": f"guess-{n}"}, format="json"
        ).status_code
        for n in range(settings.LOGIN_FAILURE_LIMIT + 1)
    ]
    assert statuses[-1] == 429
