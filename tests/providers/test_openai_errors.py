"""How the OpenAI-compatible adapter fails, over a mocked HTTP transport: what it retries, which
errors are transient (try again) and which permanent, and the readable sentence each becomes,
naming the server and never echoing a key."""

from __future__ import annotations

import httpx
import pytest

from drawhisper.providers.base import PermanentProviderError, TransientProviderError
from drawhisper.providers.openai_chat import OpenAIChatBackend
from tests.providers.http_mocks import ScriptedTransport, completion, error, sse
from tests.providers.openai_adapter import MESSAGES, backend, collect


def test_rate_limits_are_retried_then_reported_as_transient():
    transport = ScriptedTransport(
        error(429, "Rate limit reached for requests", error_type="requests")
    )

    with pytest.raises(TransientProviderError) as raised:
        backend(transport, max_retries=2).complete(MESSAGES)

    assert len(transport.requests) == 3  # the first try and two retries
    assert str(raised.value) == (
        "The model server at llm.test is rate-limiting requests (HTTP 429). Try again in a moment."
    )


async def test_a_rate_limit_before_the_stream_starts_is_retried_transparently():
    transport = ScriptedTransport(error(429, "slow down"), sse({"content": "Fine."}))

    assert await collect(backend(transport)) == ["Fine."]
    assert len(transport.requests) == 2


def test_server_errors_are_retried_then_transient():
    transport = ScriptedTransport(
        error(503, "overloaded", error_type="server_error"), completion("Back.")
    )

    assert backend(transport).complete(MESSAGES).text == "Back."

    failing = ScriptedTransport(error(500, "boom", error_type="server_error"))
    with pytest.raises(TransientProviderError, match=r"temporary problem \(HTTP 500\)"):
        backend(failing, max_retries=1).complete(MESSAGES)
    assert len(failing.requests) == 2


async def test_a_bad_key_is_permanent_not_retried_and_never_echoed():
    transport = ScriptedTransport(
        error(
            401,
            "Incorrect API key provided: sk-test-secret-123456. Find your key at ...",
            code="invalid_api_key",
        )
    )

    with pytest.raises(PermanentProviderError) as raised:
        await collect(backend(transport))

    assert len(transport.requests) == 1
    message = str(raised.value)
    assert (
        message
        == "The model server at llm.test rejected the API key (HTTP 401). Check OPENAI_API_KEY."
    )
    assert "sk-test" not in message


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (400, "rejected the request (HTTP 400) (messages must not be empty)."),
        (403, "denied access to the model 'gpt-4o-mini' (HTTP 403) (messages must not be empty)."),
        (
            404,
            "has no model 'gpt-4o-mini' at this address (HTTP 404). Check the model name and the base URL.",
        ),
        (422, "rejected the request (HTTP 422) (messages must not be empty)."),
    ],
)
def test_client_errors_are_permanent_with_a_readable_sentence(status, expected):
    transport = ScriptedTransport(error(status, "Messages must not be empty."))

    with pytest.raises(PermanentProviderError) as raised:
        backend(transport).complete(MESSAGES)

    assert len(transport.requests) == 1
    assert str(raised.value) == f"The model server at llm.test {expected}".replace(
        "(messages", "(Messages"
    )
    assert "Traceback" not in str(raised.value)


def test_vendor_messages_are_scrubbed_of_keys():
    transport = ScriptedTransport(
        error(400, "Bad value near sk-proj-abcdef123456 and sk-test-secret-123456")
    )

    with pytest.raises(PermanentProviderError) as raised:
        backend(transport).complete(MESSAGES)

    assert "sk-" not in str(raised.value)
    assert "[key]" in str(raised.value)


def test_an_exhausted_quota_is_permanent():
    transport = ScriptedTransport(
        error(
            429,
            "You exceeded your current quota, please check your plan.",
            code="insufficient_quota",
        )
    )

    with pytest.raises(PermanentProviderError, match="no quota left"):
        backend(transport).complete(MESSAGES)


def test_a_context_overflow_says_so():
    transport = ScriptedTransport(
        error(
            400,
            "This model's maximum context length is 8192 tokens.",
            code="context_length_exceeded",
        )
    )

    with pytest.raises(PermanentProviderError, match="too long for the model 'gpt-4o-mini'"):
        backend(transport).complete(MESSAGES)


def test_timeouts_are_retried_then_transient():
    transport = ScriptedTransport(httpx.ReadTimeout("timed out"))

    with pytest.raises(TransientProviderError) as raised:
        backend(transport, max_retries=1, timeout=7).complete(MESSAGES)

    assert len(transport.requests) == 2
    assert (
        str(raised.value)
        == "The model server at llm.test did not answer within 7 seconds. Try again in a moment."
    )


async def test_an_unreachable_server_is_transient():
    transport = ScriptedTransport(httpx.ConnectError("connection refused"))

    with pytest.raises(TransientProviderError, match="could not be reached"):
        await collect(backend(transport, max_retries=0))


def test_without_a_key_or_a_server_the_adapter_explains_what_to_set():
    transport = ScriptedTransport(completion("never sent"))
    llm = OpenAIChatBackend(model="gpt-4o-mini", api_key="", base_url=None, **transport.clients())

    with pytest.raises(
        PermanentProviderError, match="Set OPENAI_API_KEY, or choose LLM_PROVIDER=offline"
    ):
        llm.complete(MESSAGES)
    assert transport.requests == []


def test_a_local_server_needs_no_key():
    transport = ScriptedTransport(completion("Local reply."))

    result = backend(transport, api_key="").complete(MESSAGES)

    assert result.text == "Local reply."
    assert transport.requests[0].headers["authorization"] == "Bearer not-needed"


def test_openai_itself_is_named_in_errors_when_no_base_url_is_set():
    transport = ScriptedTransport(error(401, "bad key"))
    llm = OpenAIChatBackend(model="gpt-4o-mini", api_key="sk-x-123456", **transport.clients())

    with pytest.raises(PermanentProviderError, match=r"^OpenAI rejected the API key"):
        llm.complete(MESSAGES)
    assert transport.requests[0].url.host == "api.openai.com"
