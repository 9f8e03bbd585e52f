"""Password guessing is throttled on every login path, per account and client address.

The client address is REMOTE_ADDR: a forged X-Forwarded-For changes nothing unless proxies
are configured. A locked pair (account, address) does not lock the account out elsewhere."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"  # UserFactory's
ATTACKER = "203.0.113.7"
USER_HOME = "198.51.100.20"


@pytest.fixture(autouse=True)
def _fresh_counters():
    caches["throttle"].clear()
    yield
    caches["throttle"].clear()


def _token(
    client: APIClient, username: str, password: str, address: str, forwarded: str | None = None
):
    extra = {"REMOTE_ADDR": address}
    if forwarded:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(
        "/api/auth/token/", {"username": username, "password": password}, format="json", **extra
    )


def test_thirty_wrong_passwords_with_thirty_forged_forwarded_for_values_are_throttled(settings):
    user = UserFactory()
    client = APIClient()
    statuses = [
        _token(
            client, user.username, f"guess-{attempt}", ATTACKER, forwarded=f"10.9.{attempt}.1"
        ).status_code
        for attempt in range(30)
    ]
    # The attempt that reaches the limit is answered with the lock-out already.
    limit = settings.LOGIN_FAILURE_LIMIT
    assert statuses[: limit - 1] == [400] * (limit - 1)
    assert set(statuses[limit - 1 :]) == {429}
    locked = _token(client, user.username, PASSWORD, ATTACKER, forwarded="10.200.0.1")
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.json()["detail"]
    assert int(locked["Retry-After"]) == settings.LOGIN_COOLOFF_MINUTES * 60
    # The real user, from their own address, still gets in.
    good = _token(APIClient(), user.username, PASSWORD, USER_HOME)
    assert good.status_code == 200 and good.json()["token"]


def test_thirty_wrong_passwords_through_the_login_page_are_throttled_and_the_owner_still_logs_in(
    settings,
):
    user = UserFactory()
    attacker = Client(REMOTE_ADDR=ATTACKER)
    statuses = []
    for attempt in range(30):
        response = attacker.post(
            "/accounts/login/",
            {"username": user.username, "password": f"guess-{attempt}"},
            HTTP_X_FORWARDED_FOR=f"10.8.{attempt}.1",
        )
        statuses.append(response.status_code)
    limit = settings.LOGIN_FAILURE_LIMIT
    assert statuses[: limit - 1] == [200] * (limit - 1)  # the form again, with its error
    assert set(statuses[limit - 1 :]) == {429}
    refused = attacker.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert refused.status_code == 429
    assert b"Too many failed logins" in refused.content
    assert "_auth_user_id" not in attacker.session

    owner = Client(REMOTE_ADDR=USER_HOME)
    response = owner.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert owner.session["_auth_user_id"] == str(user.pk)


def test_the_admin_login_is_throttled_too(settings):
    admin = UserFactory(is_staff=True, is_superuser=True)
    attacker = Client(REMOTE_ADDR=ATTACKER)
    statuses = [
        attacker.post(
            "/admin/login/", {"username": admin.username, "password": f"guess-{attempt}"}
        ).status_code
        for attempt in range(settings.LOGIN_FAILURE_LIMIT + 3)
    ]
    assert statuses[-1] == 429 and statuses[0] == 200
    assert (
        attacker.post(
            "/admin/login/", {"username": admin.username, "password": PASSWORD}
        ).status_code
        == 429
    )
    owner = Client(REMOTE_ADDR=USER_HOME)
    assert (
        owner.post(
            "/admin/login/?next=/admin/", {"username": admin.username, "password": PASSWORD}
        ).status_code
        == 302
    )


def test_one_locked_account_does_not_lock_other_accounts_from_that_address(settings):
    victim, neighbour = UserFactory(), UserFactory()
    client = APIClient()
    for attempt in range(settings.LOGIN_FAILURE_LIMIT + 1):
        _token(client, victim.username, f"guess-{attempt}", ATTACKER)
    assert _token(client, neighbour.username, PASSWORD, ATTACKER).status_code == 200


def test_a_successful_login_resets_the_count(settings):
    user = UserFactory()
    client = APIClient()
    for round_ in range(3):
        for attempt in range(settings.LOGIN_FAILURE_LIMIT - 1):
            assert (
                _token(client, user.username, f"guess-{round_}-{attempt}", ATTACKER).status_code
                == 400
            )
        assert _token(client, user.username, PASSWORD, ATTACKER).status_code == 200


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    user = UserFactory()
    client = APIClient()
    proxy = "127.0.0.1"
    for attempt in range(settings.LOGIN_FAILURE_LIMIT + 2):
        # The client may prepend anything; the proxy appends the address it saw.
        _token(
            client,
            user.username,
            f"guess-{attempt}",
            proxy,
            forwarded=f"6.6.6.{attempt}, {ATTACKER}",
        )
    assert _token(client, user.username, PASSWORD, proxy, forwarded=ATTACKER).status_code == 429
    assert _token(client, user.username, PASSWORD, proxy, forwarded=USER_HOME).status_code == 200


def test_sign_up_is_limited_per_address_apart_from_login(settings):
    settings.SIGNUP_THROTTLE_RATE = "3/hour"
    settings.AUTH_THROTTLE_RATE = "50/minute"
    client = APIClient()
    statuses = [
        client.post(
            "/api/auth/signup/",
            {"username": f"new{index}", "password": "lamplight-harbour-7"},
            format="json",
            REMOTE_ADDR=ATTACKER,
            HTTP_X_FORWARDED_FOR=f"10.1.1.{index}",
        ).status_code
        for index in range(5)
    ]
    assert statuses == [201, 201, 201, 429, 429]
    # Logging in from the same address is a separate count.
    assert _token(client, "new0", "lamplight-harbour-7", ATTACKER).status_code == 200
    # The sign-up page shares the sign-up count.
    page = Client(REMOTE_ADDR=ATTACKER).post(
        "/accounts/signup/", {"username": "pageuser", "password": "lamplight-harbour-7"}
    )
    assert page.status_code == 429
    assert b"Too many sign-ups" in page.content
    elsewhere = Client(REMOTE_ADDR=USER_HOME).post(
        "/accounts/signup/", {"username": "pageuser", "password": "lamplight-harbour-7"}
    )
    assert elsewhere.status_code == 302
