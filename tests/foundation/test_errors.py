"""Errors never show internals: JSON bodies under /api/, plain pages elsewhere, no debug pages."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

INTERNALS = (
    "Traceback",
    "hunter2",
    "RuntimeError",
    "SECRET_KEY",
    "REDIS_URL",
    "DATABASES",
    "urlpatterns",
    "site-packages",
)


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = "tests.foundation.errors_urls"
    return Client(raise_request_exception=False)


def _assert_no_internals(body: str) -> None:
    for word in INTERNALS:
        assert word not in body, word


def test_an_api_500_is_a_json_body_without_internals(production):
    response = production.get("/api/fail/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "detail": "Something went wrong on our side. Please try again in a moment."
    }
    _assert_no_internals(response.content.decode())


def test_a_page_500_is_a_plain_page_without_traceback_or_settings(production):
    response = production.get("/fail/")
    assert response.status_code == 500
    body = response.content.decode()
    assert "Server error" in body and "Something went wrong" in body
    _assert_no_internals(body)


def test_an_unknown_api_path_is_a_json_404(production):
    response = production.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json() == {"detail": "There is nothing at this address."}


def test_an_unknown_page_is_a_plain_404_that_lists_no_url_patterns(production):
    response = production.get("/no-such-page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "There is nothing at this address." in body
    assert "api/" not in body and "admin/" not in body and "Using the URLconf" not in body


def test_a_body_over_the_upload_limit_is_a_413_page(production, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    response = production.post("/accounts/login/", {"username": "x" * 4096, "password": "y"})
    assert response.status_code == 413
    assert "too large" in response.content.decode()


def test_malformed_json_is_a_json_400(production):
    response = production.post(
        "/api/auth/token/", data="{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert "JSON" in response.json()["detail"]


def test_static_files_are_served_with_debug_off(production):
    response = production.get("/static/frontend/css/app.css")
    assert response.status_code == 200
    assert b"{" in b"".join(response.streaming_content)


def test_an_api_body_over_the_upload_limit_is_a_json_413(production, settings, user):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    production.force_login(user)
    response = production.post("/api/characters/", {"name": "x" * 4096})  # multipart form
    assert response.status_code == 413
    assert "too large" in response.json()["detail"]
