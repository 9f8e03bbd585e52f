from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_signup_returns_a_token_that_authenticates_api_calls():
    client = APIClient()
    response = client.post(
        "/api/auth/signup/", {"username": "ada", "password": "lamplight-harbour-7"}, format="json"
    )
    assert response.status_code == 201
    token = response.json()["token"]

    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    me = client.get("/api/auth/me/")
    assert me.status_code == 200 and me.json()["username"] == "ada"


def test_signup_refuses_a_taken_username_with_a_readable_error(user):
    response = APIClient().post(
        "/api/auth/signup/",
        {"username": user.username.upper(), "password": "lamplight-harbour-7"},
        format="json",
    )
    assert response.status_code == 400
    assert "taken" in response.json()["detail"]


def test_signup_refuses_a_weak_password():
    response = APIClient().post(
        "/api/auth/signup/", {"username": "bo", "password": "123"}, format="json"
    )
    assert response.status_code == 400
    assert "password" in response.json()["detail"].lower()


def test_token_endpoint_exchanges_credentials(user):
    client = APIClient()
    good = client.post(
        "/api/auth/token/",
        {"username": user.username, "password": "correct horse battery"},
        format="json",
    )
    assert good.status_code == 200 and len(good.json()["token"]) == 64
    bad = client.post(
        "/api/auth/token/", {"username": user.username, "password": "nope"}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["detail"] == "Wrong username or password."


def test_api_refuses_anonymous_callers():
    assert APIClient().get("/api/auth/me/").status_code == 401


def test_signup_page_creates_account_and_logs_in(client):
    response = client.post(
        "/accounts/signup/", {"username": "cy", "password": "lamplight-harbour-7"}
    )
    assert response.status_code == 302
    assert client.session.get("_auth_user_id")


def test_login_page_renders(client):
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert b"Log in" in response.content


def test_repeated_token_requests_are_throttled_with_a_readable_error(user, settings):
    from django.core.cache import cache

    cache.clear()
    settings.AUTH_THROTTLE_RATE = "3/minute"
    client = APIClient()
    statuses = [
        client.post(
            "/api/auth/token/", {"username": user.username, "password": "guess"}, format="json"
        ).status_code
        for _ in range(4)
    ]
    assert statuses == [400, 400, 400, 429]
    refused = client.post(
        "/api/auth/token/",
        {"username": user.username, "password": "correct horse battery"},
        format="json",
    )
    assert refused.status_code == 429
    assert "throttled" in refused.json()["detail"].lower()


@pytest.mark.parametrize("path", ["/api/auth/signup/", "/api/auth/token/"])
def test_signup_and_token_refuse_unknown_fields_naming_them(user, path):
    response = APIClient().post(
        path,
        {"username": user.username, "password": "correct horse battery", "is_staff": True},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("is_staff: Unknown field.")
    assert response.json()["errors"]["is_staff"]


def test_the_schema_documents_who_am_i_with_its_real_answer(user):
    schema = APIClient().get("/api/schema/?format=json").json()
    answer = schema["paths"]["/api/auth/me/"]["get"]["responses"]["200"]
    reference = answer["content"]["application/json"]["schema"]["$ref"]
    properties = schema["components"]["schemas"][reference.rsplit("/", 1)[1]]["properties"]

    client = APIClient()
    client.force_authenticate(user)
    body = client.get("/api/auth/me/").json()
    assert set(properties) == set(body) == {"id", "username"}
