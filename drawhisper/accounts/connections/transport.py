"""The HTTP clients that call users' connections: the address check at connect time.

``addresses.refusal_reason`` checks a base URL when it is saved and before each call, but a
host name resolved for that check is resolved again when the socket opens, and a DNS server
under a user's control may answer with a public address the first time and a private one the
second (DNS rebinding). These clients close the gap: their network backend resolves the host
once, checks every address it got (``addresses.check_addresses``) and opens the socket to
those very addresses. TLS still names the host (SNI and certificate check use the URL's host
name, not the address), and the ``Host`` header is the URL's, so nothing else changes.

Invariants:
- Each new connection is resolved and checked when it opens; a kept-alive one was checked
  when it opened. A refused address raises ``AddressRefused`` (the caller's error sentence
  names it) and no byte is sent.
- The clients never follow redirects, and take no proxy from the environment: a proxy would
  resolve the name itself, after the check.
- With ``CONNECTIONS_ALLOW_PRIVATE`` the addresses are not checked (a local Ollama works),
  but the socket still goes to the address resolved once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anyio.to_thread
import httpcore2
import httpx2
import openai

from drawhisper.accounts.connections.addresses import AddressRefused, check_addresses

# httpx's own defaults for a client's pool.
MAX_CONNECTIONS = 100
MAX_KEEPALIVE_CONNECTIONS = 20
KEEPALIVE_EXPIRY_SECONDS = 5.0


class CheckedBackend(httpcore2.NetworkBackend):
    """httpcore's socket backend, opening TCP connections to checked addresses only."""

    def __init__(self) -> None:
        self._inner = httpcore2.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.NetworkStream:
        addresses = check_addresses(host, port)
        last_error: Exception | None = None
        for address in addresses:
            try:
                return self._inner.connect_tcp(
                    str(address),
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except (httpcore2.ConnectError, httpcore2.ConnectTimeout) as error:
                last_error = error
        assert last_error is not None  # check_addresses never returns an empty list
        raise last_error

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore2.NetworkStream:
        raise AddressRefused("A connection is never made over a local socket.")

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class AsyncCheckedBackend(httpcore2.AsyncNetworkBackend):
    """The same for the async client (the chat's streamed replies)."""

    def __init__(self) -> None:
        self._inner = httpcore2.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.AsyncNetworkStream:
        # The resolver blocks: run it off the event loop, as the default backend does.
        addresses = await anyio.to_thread.run_sync(check_addresses, host, port)
        last_error: Exception | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(
                    str(address),
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except (httpcore2.ConnectError, httpcore2.ConnectTimeout) as error:
                last_error = error
        assert last_error is not None
        raise last_error

    async def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore2.AsyncNetworkStream:
        raise AddressRefused("A connection is never made over a local socket.")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _pool_options() -> dict[str, Any]:
    return {
        "ssl_context": httpx2.create_ssl_context(),
        "max_connections": MAX_CONNECTIONS,
        "max_keepalive_connections": MAX_KEEPALIVE_CONNECTIONS,
        "keepalive_expiry": KEEPALIVE_EXPIRY_SECONDS,
    }


class CheckedTransport(httpx2.HTTPTransport):
    """httpx's transport over a connection pool on ``CheckedBackend``. httpx takes no
    network backend of its own, so the pool it built is replaced by one that has it."""

    def __init__(self) -> None:
        super().__init__()
        self._pool = httpcore2.ConnectionPool(network_backend=CheckedBackend(), **_pool_options())


class AsyncCheckedTransport(httpx2.AsyncHTTPTransport):
    def __init__(self) -> None:
        super().__init__()
        self._pool = httpcore2.AsyncConnectionPool(
            network_backend=AsyncCheckedBackend(), **_pool_options()
        )


def checked_http_client() -> httpx2.Client:
    """A client for the openai SDK (its defaults: timeouts, limits) that calls checked
    addresses only and never follows a redirect."""
    return openai.DefaultHttpxClient(transport=CheckedTransport(), follow_redirects=False)


def checked_async_http_client() -> httpx2.AsyncClient:
    return openai.DefaultAsyncHttpxClient(transport=AsyncCheckedTransport(), follow_redirects=False)
