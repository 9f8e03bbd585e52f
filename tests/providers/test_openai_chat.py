"""The OpenAI-compatible adapter over a mocked HTTP transport: the real openai client builds
the request and parses the SSE stream; only the socket is replaced (how it fails and retries:
test_openai_errors)."""

from __future__ import annotations

import json

import pytest

from drawhisper.accounts.connections.backend import ConnectionChatBackend
from drawhisper.providers import get_llm
from drawhisper.providers.base import ChatMessage
from drawhisper.providers.deepseek_chat import DeepSeekChatBackend
from drawhisper.providers.openai_chat import OpenAIChatBackend
from drawhisper.providers.openai_compatible import request_payload, to_langchain
from tests.providers.http_mocks import ScriptedTransport, completion, error, sse
from tests.providers.openai_adapter import MESSAGES, backend, collect

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
