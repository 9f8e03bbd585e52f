"""Who the client is, and how hard it may knock: login lock-out and sign-up limits.

- ``client_address(request)`` is the one place that reads the client's address. It is
  ``REMOTE_ADDR`` unless ``TRUSTED_PROXY_COUNT`` or ``TRUSTED_PROXIES`` say that the request
  came through proxies we run; only then is ``X-Forwarded-For`` read, from the right, skipping
  exactly those proxies. A client cannot pick its own address by sending the header.
- Failed logins are counted by django-axes (database handler, so they survive a Redis outage)
  per *account and address*: after ``LOGIN_FAILURE_LIMIT`` failures that pair is locked for
  ``LOGIN_COOLOFF_MINUTES``, and only that pair, so an attacker cannot lock the real user out
  from the user's own address. Every login path (``/accounts/login/``, ``/admin/login/``,
  ``POST /api/auth/token/``) goes through ``django.contrib.auth.authenticate`` with the
  request and so through the same counter.
- Sign-up and token requests have per-address DRF rate limits of their own
  (``SIGNUP_THROTTLE_RATE``, ``AUTH_THROTTLE_RATE``), kept in the database cache ``throttle``.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import SimpleRateThrottle

from drawhisper.errors import wants_json


@lru_cache(maxsize=8)
def _networks(
    entries: tuple[str, ...],
) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(
        ipaddress.ip_network(entry.strip(), strict=False) for entry in entries if entry.strip()
    )


def _address(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    value = value.strip()
    if value.startswith("[") and "]" in value:  # [v6]:port
        value = value[1 : value.index("]")]
    elif value.count(":") == 1:  # v4:port
        value = value.split(":", 1)[0]
    try:
        return ipaddress.ip_address(value)
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The client's IP address as far as our own proxies vouch for it."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxy_count = settings.TRUSTED_PROXY_COUNT
    trusted = _networks(tuple(settings.TRUSTED_PROXIES))
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if not forwarded or (proxy_count <= 0 and not trusted):
        return remote
    # Nearest hop last: the proxies we run appended what they saw.
    chain = [hop for hop in (part.strip() for part in forwarded.split(",")) if hop] + [remote]
    index = len(chain) - 1
    skipped = 0
    while index > 0:
        hop = _address(chain[index])
        is_trusted = hop is not None and any(hop in network for network in trusted)
        if skipped < proxy_count or is_trusted:
            index -= 1
            skipped += 1
            continue
        break
    client = _address(chain[index])
    if client is None:
        # A hop our proxy recorded but that is no address: the proxy that saw it is the
        # closest thing to a client we can name.
        return chain[index + 1] if index + 1 < len(chain) else remote
    return str(client)


def cooloff_minutes() -> int:
    return settings.LOGIN_COOLOFF_MINUTES


def lockout_message() -> str:
    minutes = cooloff_minutes()
    return (
        "Too many failed logins for this account from your address. "
        f"Try again in {minutes} minute{'s' if minutes != 1 else ''}."
    )


def lockout_response(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """django-axes' answer to a locked-out login (``AXES_LOCKOUT_CALLABLE``): 429."""
    retry_after = str(cooloff_minutes() * 60)
    if wants_json(request):
        response: HttpResponse = JsonResponse({"detail": lockout_message()}, status=429)
    else:
        response = render(
            request, "registration/locked_out.html", {"message": lockout_message()}, status=429
        )
    response["Retry-After"] = retry_after
    return response


class AddressRateThrottle(SimpleRateThrottle):
    """A per-address DRF rate limit read from a setting on each request (``None``: off),
    counted in the database cache so that a Redis outage does not stop sign-up or login."""

    rate_setting = ""

    def __init__(self) -> None:
        self.cache = caches["throttle"]
        super().__init__()

    def get_rate(self) -> str | None:
        return getattr(settings, self.rate_setting)

    def get_ident(self, request) -> str:
        return client_address(request)

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def allow_request(self, request, view) -> bool:
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


class TokenRateThrottle(AddressRateThrottle):
    scope = "token"
    rate_setting = "AUTH_THROTTLE_RATE"


class SignupRateThrottle(AddressRateThrottle):
    scope = "signup"
    rate_setting = "SIGNUP_THROTTLE_RATE"
