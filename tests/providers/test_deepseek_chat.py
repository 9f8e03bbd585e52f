"""The DeepSeek adapter: thinking mode reaches the request, reasoning is kept, JSON mode is
used for structured output, and errors are translated like every other adapter's."""

from __future__ import annotations

import json

import pytest

from drawhisper.providers.base import ChatMessage, PermanentProviderError
from drawhisper.providers.deepseek_chat import DeepSeekChatBackend
from tests.providers.http_mocks import ScriptedTransport, completion, error, sse

MESSAGES = [
    ChatMessage("system", "Summarise the conversation."),
    ChatMessage("user", "<transcript>\nAda: I moved to Porto.\n</transcript>"),
]


def backend(transport: ScriptedTransport, **options) -> DeepSeekChatBackend:
    options = {
        "model": "deepseek-v4-pro",
        "api_key": "ds-test-key",
        "timeout": 5,
        "max_retries": 0,
        **options,
    }
    return DeepSeekChatBackend(**options, **transport.clients())


def test_reasoning_aliases_switch_thinking_on_and_keep_the_reasoning():
    transport = ScriptedTransport(
        completion(
            "Ada moved to Porto.",
            model="deepseek-v4-pro",
            reasoning="The user relocated; keep it short.",
        )
    )

    result = backend(transport, reasoning=True).complete(MESSAGES)

    body = transport.bodies[0]
    assert body["thinking"] == {"type": "enabled"}
    assert body["model"] == "deepseek-v4-pro"
    assert transport.requests[0].url == "https://api.deepseek.com/v1/chat/completions"
    assert transport.requests[0].headers["authorization"] == "Bearer ds-test-key"
    assert result.text == "Ada moved to Porto."
    assert result.reasoning == "The user relocated; keep it short."


def test_chat_aliases_leave_thinking_alone():
    transport = ScriptedTransport(completion("Hi."))

    backend(transport, model="deepseek-v4-flash").complete(MESSAGES)

    assert "thinking" not in transport.bodies[0]
    assert transport.bodies[0]["model"] == "deepseek-v4-flash"


async def test_streaming_yields_the_answer_but_not_the_reasoning():
    transport = ScriptedTransport(
        sse(
            {"role": "assistant", "content": None, "reasoning_content": "Let me think. "},
            {"content": None, "reasoning_content": "A greeting fits."},
            {"content": "Hello"},
            {"content": ", traveller."},
        )
    )

    deltas = [delta async for delta in backend(transport, reasoning=True).stream(MESSAGES)]

    assert deltas == ["Hello", ", traveller."]
    assert transport.bodies[0]["stream"] is True
    assert transport.bodies[0]["thinking"] == {"type": "enabled"}


def test_structured_output_uses_json_mode_with_the_schema_in_the_system_prompt():
    schema = {"type": "object", "properties": {"chunks": {"type": "array"}}, "required": ["chunks"]}
    transport = ScriptedTransport(completion('{"chunks": []}'))

    result = backend(transport).complete(MESSAGES, json_schema=schema)

    assert result.text == '{"chunks": []}'
    body = transport.bodies[0]
    assert body["response_format"] == {"type": "json_object"}
    assert body["messages"][0]["role"] == "system"
    assert body["messages"][0]["content"].startswith("Summarise the conversation.")
    assert json.dumps(schema) in body["messages"][0]["content"]
    assert len(body["messages"]) == 2


def test_a_refused_key_names_the_deepseek_setting():
    transport = ScriptedTransport(
        error(401, "Authentication Fails, Your api key: ds-t****key is invalid")
    )

    with pytest.raises(PermanentProviderError) as raised:
        backend(transport).complete(MESSAGES)

    assert str(raised.value) == "DeepSeek rejected the API key (HTTP 401). Check DEEPSEEK_API_KEY."


def test_without_a_key_nothing_is_sent():
    transport = ScriptedTransport(completion("never"))

    with pytest.raises(PermanentProviderError, match="Set DEEPSEEK_API_KEY"):
        backend(transport, api_key="").complete(MESSAGES)
    assert transport.requests == []


@pytest.mark.parametrize(
    ("model", "thinking"),
    [("deepseek-v4-flash", True), ("deepseek-v3.2", True), ("deepseek-r1-distill", False)],
)
def test_thinking_is_asked_for_only_from_models_with_the_toggle(model, thinking):
    transport = ScriptedTransport(completion("Ada moved to Porto.", model=model))

    backend(transport, model=model, reasoning=True).complete(MESSAGES)

    assert ("thinking" in transport.bodies[0]) is thinking
