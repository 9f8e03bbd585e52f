"""The client address used for every limit: REMOTE_ADDR unless our own proxies vouch."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from drawhisper.accounts.throttling import client_address


def _request(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@pytest.fixture(autouse=True)
def _no_proxies(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    settings.TRUSTED_PROXIES = []


def test_without_proxies_the_header_is_ignored():
    assert client_address(_request("203.0.113.7", "1.2.3.4")) == "203.0.113.7"


def test_a_proxy_count_takes_that_many_hops_from_the_right(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_address(_request("10.0.0.2", "1.2.3.4, 203.0.113.7")) == "203.0.113.7"
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_address(_request("10.0.0.2", "1.2.3.4, 203.0.113.7, 10.0.0.1")) == "203.0.113.7"


def test_trusted_proxy_addresses_are_skipped_and_others_are_not(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert client_address(_request("10.0.0.2", "1.2.3.4, 203.0.113.7, 10.0.0.1")) == "203.0.113.7"
    # A request that did not come through our proxy: its header is the client's word only.
    assert client_address(_request("198.51.100.9", "1.2.3.4")) == "198.51.100.9"


def test_a_garbage_hop_falls_back_to_the_proxy_that_recorded_it(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_address(_request("10.0.0.2", "not-an-address")) == "10.0.0.2"
