"""The OpenAI-compatible adapter over a mocked HTTP transport: the real openai client builds
the request, retries, and parses the SSE stream; only the socket is replaced."""

from __future__ import annotations

import json

import httpx
import pytest

from drawhisper.accounts.connections.backend import ConnectionChatBackend
from drawhisper.providers import get_llm
from drawhisper.providers.base import (
    ChatMessage,
    PermanentProviderError,
    TransientProviderError,
)
from drawhisper.providers.deepseek_chat import DeepSeekChatBackend
from drawhisper.providers.openai_chat import OpenAIChatBackend
from drawhisper.providers.openai_compatible import request_payload, to_langchain
from tests.providers.http_mocks import ScriptedTransport, completion, error, sse

MESSAGES = [
    ChatMessage("system", "You are Ada, a lighthouse keeper."),
    ChatMessage("user", "Hello, who are you?"),
    ChatMessage("assistant", "*waves* I keep the light."),
    ChatMessage("user", "What do you see tonight?"),
]

EXTRACTION_SCHEMA = {
    "title": "memory chunks",
    "type": "object",
    "additionalProperties": False,
    "required": ["chunks"],
    "properties": {
        "chunks": {
            "type": "array",
            "minItems": 1,
            "maxItems": 3,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["title", "content", "type"],
                "properties": {
                    "title": {"type": "string"},
                    "content": {"type": "string"},
                    "type": {"type": "string", "enum": ["fact", "preference"]},
                },
            },
        }
    },
}


def backend(transport: ScriptedTransport, **options) -> OpenAIChatBackend:
    options = {
        "model": "gpt-4o-mini",
        "api_key": "sk-test-secret-123456",
        "base_url": "http://llm.test/v1",
        "timeout": 5,
        "max_retries": 2,
        **options,
    }
    return OpenAIChatBackend(**options, **transport.clients())


async def collect(llm, messages=MESSAGES) -> list[str]:
    return [delta async for delta in llm.stream(messages)]


async def test_stream_sends_the_conversation_and_yields_each_delta():
    transport = ScriptedTransport(
        sse(
            {"role": "assistant", "content": ""},
            {"content": "Ships, "},
            {"content": "and "},
            {"content": "a storm."},
        )
    )

    deltas = await collect(backend(transport))

    assert deltas == ["Ships, ", "and ", "a storm."]
    [request] = transport.requests
    assert request.method == "POST"
    assert request.url == "http://llm.test/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer sk-test-secret-123456"
    body = transport.bodies[0]
    assert body["model"] == "gpt-4o-mini"
    assert body["stream"] is True
    assert body["messages"] == [
        {"role": "system", "content": "You are Ada, a lighthouse keeper."},
        {"role": "user", "content": "Hello, who are you?"},
        {"role": "assistant", "content": "*waves* I keep the light."},
        {"role": "user", "content": "What do you see tonight?"},
    ]


def test_complete_returns_text_model_and_usage():
    transport = ScriptedTransport(completion("A calm sea.", model="gpt-4o-mini-2024"))

    result = backend(transport).complete(MESSAGES)

    assert result.text == "A calm sea."
    assert result.model == "gpt-4o-mini-2024"
    assert result.usage == {"input_tokens": 12, "output_tokens": 3, "total_tokens": 15}
    assert transport.bodies[0]["stream"] is False
    assert "response_format" not in transport.bodies[0]


def test_complete_with_a_schema_asks_for_structured_output_and_returns_the_json_text():
    answer = {
        "chunks": [
            {
                "title": "Ada keeps the light",
                "content": "Ada is a lighthouse keeper.",
                "type": "fact",
            }
        ]
    }
    transport = ScriptedTransport(completion(json.dumps(answer)))

    result = backend(transport).complete(MESSAGES, json_schema=EXTRACTION_SCHEMA)

    assert json.loads(result.text) == answer
    response_format = transport.bodies[0]["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "memory_chunks"
    assert response_format["json_schema"]["schema"] == EXTRACTION_SCHEMA
    assert response_format["json_schema"]["strict"] is True


def test_an_open_schema_is_sent_without_strict_mode():
    transport = ScriptedTransport(completion("{}"))
    open_schema = {"type": "object", "properties": {"note": {"type": "string"}}}

    backend(transport).complete(MESSAGES, json_schema=open_schema)

    assert transport.bodies[0]["response_format"]["json_schema"]["strict"] is False


def test_invalid_json_is_returned_untouched_for_the_caller_to_validate():
    transport = ScriptedTransport(completion("not json at all"))

    result = backend(transport).complete(MESSAGES, json_schema=EXTRACTION_SCHEMA)

    assert result.text == "not json at all"


def test_a_server_without_json_schema_support_gets_json_mode_from_then_on():
    transport = ScriptedTransport(
        error(400, "response_format of type 'json_schema' is not supported by this server"),
        completion('{"chunks": []}'),
    )
    llm = backend(transport)

    first = llm.complete(MESSAGES, json_schema=EXTRACTION_SCHEMA)
    llm.complete(MESSAGES, json_schema=EXTRACTION_SCHEMA)

    assert first.text == '{"chunks": []}'
    formats = [body["response_format"]["type"] for body in transport.bodies]
    assert formats == ["json_schema", "json_object", "json_object"]
    system = transport.bodies[1]["messages"][0]
    assert system["role"] == "system"
    assert system["content"].startswith("You are Ada, a lighthouse keeper.")
    assert json.dumps(EXTRACTION_SCHEMA) in system["content"]
    assert [m["role"] for m in transport.bodies[1]["messages"]] == [
        "system",
        "user",
        "assistant",
        "user",
    ]


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


def test_settings_options_build_the_adapter_through_the_registry(settings):
    transport = ScriptedTransport(completion("Via settings."))
    settings.LLM_BACKENDS = {
        "summary": {
            "BACKEND": "drawhisper.providers.openai_chat.OpenAIChatBackend",
            "OPTIONS": {
                "model": "o4-mini",
                "api_key": "test",
                "base_url": "http://llm.test/v1",
                "timeout": 30.0,
                "max_retries": 2,
                "reasoning": True,
                **transport.clients(),
            },
        }
    }

    llm = get_llm("summary")

    assert isinstance(llm, OpenAIChatBackend)
    assert llm.complete(MESSAGES).text == "Via settings."
    assert transport.bodies[0]["model"] == "o4-mini"


@pytest.mark.parametrize(
    ("model", "sent"),
    [
        ("o4-mini", "medium"),
        ("o3-2025-04-16", "medium"),
        ("gpt-5-mini", "medium"),
        ("gpt-4o-mini", None),  # a chat model refuses the field
        ("llama-3.1-8b", None),  # neither does a compatible server's own model take it
    ],
)
def test_a_reasoning_alias_asks_for_reasoning_only_where_the_model_takes_it(model, sent):
    transport = ScriptedTransport(completion("Summary.", model=model))

    backend(transport, model=model, reasoning=True).complete(MESSAGES)

    assert transport.bodies[0].get("reasoning_effort") == sent


def test_the_chat_alias_never_asks_for_reasoning_and_a_set_effort_is_always_sent():
    transport = ScriptedTransport(completion("Hi."), completion("Hi."))

    backend(transport, model="o4-mini").complete(MESSAGES)
    backend(transport, model="o4-mini", reasoning=True, reasoning_effort="high").complete(MESSAGES)

    assert "reasoning_effort" not in transport.bodies[0]
    assert transport.bodies[1]["reasoning_effort"] == "high"


def test_a_prompt_template_piped_into_the_adapter_sends_the_values_as_given():
    from drawhisper.providers.chains import chat_prompt, completion_chain

    transport = ScriptedTransport(completion('{"chunks": []}'))
    prompt = chat_prompt(system="Between {{ user }} and Ada.", user="<t>\n{{ text }}\n</t>")
    chain = completion_chain(prompt, backend(transport), json_schema=EXTRACTION_SCHEMA)

    result = chain.invoke({"user": "Sam & <Jo>", "text": 'He said "{{ not a slot }}".'})

    assert result.text == '{"chunks": []}'
    messages = transport.bodies[0]["messages"]
    assert messages[0] == {"role": "system", "content": "Between Sam & <Jo> and Ada."}
    assert messages[1]["content"] == '<t>\nHe said "{{ not a slot }}".\n</t>'
    assert transport.bodies[0]["response_format"]["type"] == "json_schema"
    with pytest.raises(KeyError):
        chain.invoke({"user": "Sam"})  # a missing value never reaches the model


@pytest.mark.parametrize(
    "backend",
    [
        lambda: OpenAIChatBackend(model="gpt-4o", api_key="sk-test", temperature=0.7, top_p=0.9),
        lambda: OpenAIChatBackend(model="o3-mini", api_key="sk-test", max_tokens=64),
        lambda: DeepSeekChatBackend(model="deepseek-v4-flash", api_key="sk-test", reasoning=True),
        lambda: ConnectionChatBackend(
            model="local", api_key="k", base_url="http://127.0.0.1:9/v1", max_tokens=32
        ),
    ],
    ids=["openai", "o-series", "deepseek", "connection"],
)
def test_the_streamed_request_is_the_one_langchain_would_send(backend):
    """The request's messages are built without converting each through LangChain; the body
    is still exactly LangChain's, role names (an o-series model's developer) and fields alike."""
    chat_model = backend()._get_chat_model()
    conversation = [
        ChatMessage("system", "You are Ada, a lighthouse keeper."),
        ChatMessage("user", "Hello!"),
        ChatMessage("assistant", "*She waves.* Welcome."),
        ChatMessage("user", ""),
        ChatMessage("system", "Stay in character."),
    ]
    expected = chat_model._get_request_payload(to_langchain(conversation), stream=True)
    expected.update(expected.pop("extra_body", None) or {})

    assert request_payload(chat_model, conversation) == expected
