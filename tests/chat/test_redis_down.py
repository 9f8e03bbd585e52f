"""A new chat socket while Redis (the channel layer) is down answers cleanly: an ``error``
event and a "try again later" close, which the browser's socket retries, never a crash."""

from __future__ import annotations

import socket as sockets

import pytest

from chat.consumers import CLOSE_TRY_AGAIN_LATER
from tests.chat.conftest import socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def redis_down(settings):
    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"]},
        }
    }
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


async def test_a_new_socket_with_redis_down_gets_an_error_and_a_retry_close(
    redis_down, thread, token
):
    communicator = socket(thread.pk, token)
    connected, _ = await communicator.connect(timeout=10)
    assert connected
    event = await communicator.receive_json_from(timeout=10)
    assert event["type"] == "error" and event["code"] == "unavailable"
    assert "reconnecting" in event["detail"]
    closing = await communicator.receive_output(timeout=10)
    assert closing == {"type": "websocket.close", "code": CLOSE_TRY_AGAIN_LATER}
    await communicator.wait()
