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
- Every checked client of a process verifies certificates with one shared TLS context.
"""

from __future__ import annotations

import contextlib
import functools
import ssl
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
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


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """The TLS context of every checked client of the process (httpx's default: certificates
    verified against its CA bundle). One is shared, as a context may be: building one costs
    about 20 ms of CPU and more than half a megabyte for the loaded bundle, and each kept
    backend of a user's connection holds two clients."""
    return httpx2.create_ssl_context()


def _pool_options() -> dict[str, Any]:
    return {
        "ssl_context": _ssl_context(),
        "max_connections": MAX_CONNECTIONS,
        "max_keepalive_connections": MAX_KEEPALIVE_CONNECTIONS,
        "keepalive_expiry": KEEPALIVE_EXPIRY_SECONDS,
    }


# httpcore's errors as the httpx errors the openai SDK handles (timeouts, connection errors),
# the most specific first; ``AddressRefused`` and anything else pass through unchanged.
HTTPCORE_TO_HTTPX_ERRORS: tuple[tuple[type[Exception], type[httpx2.HTTPError]], ...] = (
    (httpcore2.ConnectTimeout, httpx2.ConnectTimeout),
    (httpcore2.ReadTimeout, httpx2.ReadTimeout),
    (httpcore2.WriteTimeout, httpx2.WriteTimeout),
    (httpcore2.PoolTimeout, httpx2.PoolTimeout),
    (httpcore2.TimeoutException, httpx2.TimeoutException),
    (httpcore2.ConnectError, httpx2.ConnectError),
    (httpcore2.ReadError, httpx2.ReadError),
    (httpcore2.WriteError, httpx2.WriteError),
    (httpcore2.NetworkError, httpx2.NetworkError),
    (httpcore2.ProxyError, httpx2.ProxyError),
    (httpcore2.UnsupportedProtocol, httpx2.UnsupportedProtocol),
    (httpcore2.LocalProtocolError, httpx2.LocalProtocolError),
    (httpcore2.RemoteProtocolError, httpx2.RemoteProtocolError),
    (httpcore2.ProtocolError, httpx2.ProtocolError),
)


@contextlib.contextmanager
def _httpx_errors() -> Iterator[None]:
    try:
        yield
    except Exception as error:
        for httpcore_error, httpx_error in HTTPCORE_TO_HTTPX_ERRORS:
            if isinstance(error, httpcore_error):
                raise httpx_error(str(error)) from error
        raise


def _httpcore_request(request: httpx2.Request) -> httpcore2.Request:
    return httpcore2.Request(
        method=request.method,
        url=httpcore2.URL(
            scheme=request.url.raw_scheme,
            host=request.url.raw_host,
            port=request.url.port,
            target=request.url.raw_path,
        ),
        headers=request.headers.raw,
        content=request.stream,
        extensions=request.extensions,
    )


def _httpx_response(response: httpcore2.Response, stream) -> httpx2.Response:
    return httpx2.Response(
        status_code=response.status,
        headers=response.headers,
        stream=stream,
        extensions=response.extensions,
    )


class _ResponseStream(httpx2.SyncByteStream):
    def __init__(self, stream: Iterable[bytes]) -> None:
        self._stream = stream

    def __iter__(self) -> Iterator[bytes]:
        with _httpx_errors():
            yield from self._stream

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


class _AsyncResponseStream(httpx2.AsyncByteStream):
    def __init__(self, stream: AsyncIterable[bytes]) -> None:
        self._stream = stream

    async def __aiter__(self) -> AsyncIterator[bytes]:
        with _httpx_errors():
            async for part in self._stream:
                yield part

    async def aclose(self) -> None:
        aclose = getattr(self._stream, "aclose", None)
        if aclose is not None:
            await aclose()


class CheckedTransport(httpx2.BaseTransport):
    """An httpx transport (the documented custom-transport interface) over an httpcore
    connection pool whose network backend is ``CheckedBackend``."""

    def __init__(self) -> None:
        self._pool = httpcore2.ConnectionPool(network_backend=CheckedBackend(), **_pool_options())

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        with _httpx_errors():
            response = self._pool.handle_request(_httpcore_request(request))
        assert isinstance(response.stream, Iterable)
        return _httpx_response(response, _ResponseStream(response.stream))

    def close(self) -> None:
        self._pool.close()


class AsyncCheckedTransport(httpx2.AsyncBaseTransport):
    def __init__(self) -> None:
        self._pool = httpcore2.AsyncConnectionPool(
            network_backend=AsyncCheckedBackend(), **_pool_options()
        )

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        with _httpx_errors():
            response = await self._pool.handle_async_request(_httpcore_request(request))
        assert isinstance(response.stream, AsyncIterable)
        return _httpx_response(response, _AsyncResponseStream(response.stream))

    async def aclose(self) -> None:
        await self._pool.aclose()


def checked_http_client() -> httpx2.Client:
    """A client for the openai SDK (its defaults: timeouts, limits) that calls checked
    addresses only and never follows a redirect."""
    return openai.DefaultHttpxClient(transport=CheckedTransport(), follow_redirects=False)


def checked_async_http_client() -> httpx2.AsyncClient:
    return openai.DefaultAsyncHttpxClient(transport=AsyncCheckedTransport(), follow_redirects=False)
