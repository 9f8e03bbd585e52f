"""What a client sends on the chat WebSocket is checked like a REST body
(``chat.consumers.events``): bad input gets an ``error`` event naming the field, and the
socket keeps working."""

from __future__ import annotations

import uuid

import pytest

from drawhisper.providers.fake import ScriptedChatBackend
from tests.chat.conftest import (
    connect,
    get_messages,
    receive_until,
    send_message,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "invalid_json"),
        ('["message.send"]', "invalid_message"),
        ('{"type": "message.delete"}', "unknown_type"),
        ('{"content": "no type"}', "unknown_type"),
        (
            '{"type": "message.send", "content": "   ", "client_id": "' + str(uuid.uuid4()) + '"}',
            "empty_message",
        ),
        ('{"type": "message.send", "content": 42}', "invalid_message"),
        (
            '{"type": "message.send", "content": "hi", "client_id": "not-a-uuid"}',
            "invalid_client_id",
        ),
        ('{"type": "message.send", "content": "hi", "client_id": 7}', "invalid_message"),
    ],
)
async def test_bad_input_gets_an_error_event_and_the_socket_keeps_working(
    thread, token, frame, code
):
    ws = await connect(thread.pk, token)
    await ws.send_to(text_data=frame)
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code and error["detail"]

    ScriptedChatBackend.script("Still here.")
    await send_message(ws, "Hello")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Still here."
    assert [m.role for m in await get_messages(thread.pk)] == ["assistant", "user", "assistant"]
    await ws.disconnect()


async def test_too_long_message_is_refused(thread, token, settings):
    settings.CHAT_MAX_MESSAGE_CHARS = 20
    ws = await connect(thread.pk, token)
    await send_message(ws, "x" * 21)
    error = await ws.receive_json_from(timeout=5)
    assert error["code"] == "message_too_long" and "20" in error["detail"]
    assert len(await get_messages(thread.pk)) == 1
    await ws.disconnect()


async def test_binary_frames_get_an_error(thread, token):
    ws = await connect(thread.pk, token)
    await ws.send_to(bytes_data=b"\x00\x01")
    assert (await ws.receive_json_from(timeout=5))["code"] == "invalid_message"
    await ws.disconnect()


_CLIENT_ID = "0b6f3f5e-6c1a-4b7e-9a51-3f0d7c1e2a90"


@pytest.mark.parametrize(
    ("frame", "code", "detail"),
    [
        (
            '{"type": "message.send", "content": "a\\u0000b", "client_id": "' + _CLIENT_ID + '"}',
            "invalid_message",
            "content: Null characters are not allowed.",
        ),
        (
            '{"type": "message.send", "content": "a\\ud800b", "client_id": "' + _CLIENT_ID + '"}',
            "invalid_message",
            "content: Surrogate characters are not allowed",
        ),
        (
            '{"type": "message.send", "content": "hi", "client_id": "\\udfff"}',
            "invalid_message",
            "client_id: Surrogate characters are not allowed",
        ),
        ('{"type": "reply.stop", "force": true}', "invalid_message", "force: Unknown field."),
        (
            '{"type": "message.send", "content": "hi", "persona": "x"}',
            "invalid_message",
            "persona: Unknown field.",
        ),
        ('{"a": ' * 1000 + "1" + "}" * 1000, "invalid_json", "JSON is nested too deeply"),
        (
            '{"type": "message.send", "content": ' + "[" * 1000 + "]" * 1000 + "}",
            "invalid_json",
            "JSON is nested too deeply",
        ),
        (
            '{"type": ' + '{"a": ' * 100 + "1" + "}" * 101,
            "invalid_json",
            "JSON is nested too deeply",
        ),
        (
            '{"type": ' + '{"a": ' * 50 + "1" + "}" * 51,
            "unknown_type",
            "type: Unknown event type ?",
        ),
        ('{"type": 5}', "unknown_type", "type: Unknown event type 5: expected message.send"),
        ("{}", "unknown_type", "type: This field is required: one of message.send"),
        # A field left out, null, or of another kind is named as REST names a body's field.
        ('{"type": "message.send"}', "invalid_message", "content: This field is required."),
        (
            '{"type": "message.send", "content": null}',
            "invalid_message",
            "content: This field may not be null.",
        ),
        ('{"type": "message.send", "content": 42}', "invalid_message", "content: Not a valid"),
        ('{"type": "message.send", "content": ["hi"]}', "invalid_message", "content: Not a valid"),
        ('{"type": "message.send", "content": {"a": 1}}', "invalid_message", "content: Not a"),
        ('{"type": "message.send", "content": true}', "invalid_message", "content: Not a valid"),
        (
            '{"type": "message.send", "content": "hi", "client_id": 7}',
            "invalid_message",
            "client_id: Must be a valid UUID.",
        ),
        (
            '{"type": "message.send", "content": "hi", "client_id": ["a"]}',
            "invalid_message",
            "client_id: Must be a valid UUID.",
        ),
    ],
)
async def test_input_is_validated_like_rest_and_the_socket_keeps_working(
    thread, token, frame, code, detail
):
    ws = await connect(thread.pk, token)
    await ws.send_to(text_data=frame)
    error = await ws.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code, error
    assert error["detail"].startswith(detail), error
    assert len(await get_messages(thread.pk)) == 1  # nothing stored

    ScriptedChatBackend.script("Still here.")
    await send_message(ws, "Hi")
    assert (await receive_until(ws, "reply.end"))[-1]["content"] == "Still here."
    await ws.disconnect()


async def test_a_frame_over_the_size_limit_is_refused(thread, token, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_048_576
    ws = await connect(thread.pk, token)
    await send_message(ws, "x" * 1_100_000)
    error = await ws.receive_json_from(timeout=5)
    assert error["code"] == "too_large" and "too large" in error["detail"]
    assert error["detail"].endswith("at most 1 MB.")
    await ws.disconnect()
