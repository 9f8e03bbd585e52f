"""Which hosts a user's connection may reach: the guard against server-side request forgery.

A connection's base URL is fetched by the server (chat replies, the memory pipeline, "list
models", "test"), so without a check any user could make the server talk to its own loopback
services, the private network behind it or a cloud metadata endpoint (169.254.169.254).

Invariants:
- Unless ``settings.CONNECTIONS_ALLOW_PRIVATE``, a base URL is refused when its host is, or
  resolves to, any address that is not globally routable: loopback, private (RFC 1918, unique
  local), link-local (which holds the metadata addresses), carrier-grade NAT, multicast,
  reserved, unspecified, and IPv4 addresses dressed as IPv6. Every address the name resolves
  to is checked, so one public address beside a private one does not let it through.
- The check runs when a connection is saved (a 400 naming ``base_url``), before each use (a
  readable provider error), and once more when the socket opens (``transport``: the clients
  connect to the very addresses they checked, so a name that resolves publicly for the check
  and privately a moment later, DNS rebinding, reaches nothing); the clients never follow
  redirects, so a public host cannot send a request on to a private one.
- With ``CONNECTIONS_ALLOW_PRIVATE`` (the default while the site answers only to loopback
  host names, as ``make run`` does), nothing is checked: a local Ollama or LM Studio works.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def private_targets_allowed() -> bool:
    return bool(getattr(settings, "CONNECTIONS_ALLOW_PRIVATE", False))


def _is_public(address: IPAddress) -> bool:
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or address.sixtofour or (address.teredo or (None, None))[1]
        if embedded is not None and not _is_public(embedded):
            return False
    return address.is_global and not address.is_multicast


def _resolve(host: str, port: int) -> list[IPAddress]:
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        return [literal]
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [ipaddress.ip_address(info[4][0].split("%", 1)[0]) for info in infos]


class AddressRefused(OSError):
    """A connection's host is, or now resolves to, an address this server does not call;
    the message is the sentence for the user."""


def refusal_in(error: BaseException | None) -> AddressRefused | None:
    """The ``AddressRefused`` behind ``error`` (the openai client wraps what its transport
    raised as an ``APIConnectionError``), if there is one."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, AddressRefused):
            return error
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None


def _refusal(host: str, addresses: list[IPAddress]) -> str | None:
    if not addresses:
        return f"The host {host} could not be found."
    for address in addresses:
        if not _is_public(address):
            return (
                f"The host {host} is a private, loopback or link-local address ({address}); "
                "this server does not call those for user connections "
                "(CONNECTIONS_ALLOW_PRIVATE=true allows them on a single-user machine)."
            )
    return None


def check_addresses(host: str, port: int) -> list[IPAddress]:
    """The addresses ``host`` resolves to now, every one of them allowed, for the caller to
    connect to (``transport``): the addresses checked are the addresses used. Raises
    ``AddressRefused`` with the reason, or the resolver's ``OSError``."""
    host = host.rstrip(".")
    try:
        addresses = _resolve(host, port)
    except (OSError, UnicodeError) as error:
        raise AddressRefused(f"The host {host} could not be found.") from error
    if not private_targets_allowed():
        reason = _refusal(host, addresses)
        if reason:
            raise AddressRefused(reason)
    return addresses


def refusal_reason(base_url: str) -> str | None:
    """Why the server will not call ``base_url``, as a sentence; ``None`` when it may."""
    if private_targets_allowed():
        return None
    parts = urlsplit(base_url)
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme not in ("http", "https") or not host:
        return "The base URL must be an http:// or https:// address with a host name."
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return "The base URL has an invalid port."
    try:
        check_addresses(host, port)
    except AddressRefused as refused:
        return str(refused)
    return None
