"""Fixtures for the memory panel tests: a user's character with two chats, and a listener on
the character's channel group (on a Redis database of its own, so parallel runs never hear
each other's events)."""

from __future__ import annotations

import asyncio
import re

import pytest
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import channel_layers

from chat.groups import character_group
from tests.factories import CharacterFactory, ThreadFactory
from tests.support.redis_databases import RedisDatabase

EVENTS_REDIS_DB = RedisDatabase.MEMORY_EVENTS  # tests/support/redis_databases.py


@pytest.fixture(autouse=True)
def eager_celery(eager_celery):
    """Tasks run in the test process here in every test (vector deletion after a memory is
    deleted)."""
    return eager_celery


@pytest.fixture
def character(user):
    return CharacterFactory(owner=user, name="Ilsa")


@pytest.fixture
def thread(character):
    return ThreadFactory(character=character, title="First chat")


@pytest.fixture
def second_thread(character):
    return ThreadFactory(character=character, title="Second chat")


class GroupListener:
    """Joins one channel group and collects the client events sent to it.

    Every call runs on the listener's own event loop: channels_redis binds a channel's
    receive buffer to the loop that first reads it."""

    def __init__(self, group: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.layer = channel_layers.make_backend(
            DEFAULT_CHANNEL_LAYER
        )  # its own, like a browser tab's
        self.group = group
        self.channel = self.loop.run_until_complete(self.layer.new_channel())
        self.loop.run_until_complete(self.layer.group_add(group, self.channel))

    def events(self, timeout: float = 0.3) -> list[dict]:
        async def drain() -> list[dict]:
            received = []
            while True:
                try:
                    message = await asyncio.wait_for(self.layer.receive(self.channel), timeout)
                except TimeoutError:
                    return received
                received.append(message["event"])

        return self.loop.run_until_complete(drain())

    def close(self) -> None:
        self.loop.run_until_complete(self.layer.group_discard(self.group, self.channel))
        self.loop.close()


@pytest.fixture
def events_layer(settings):
    base = re.sub(r"/\d+$", "", settings.REDIS_URL)
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"{base}/{EVENTS_REDIS_DB}"], "expiry": 10},
        }
    }
    yield


@pytest.fixture
def listen(events_layer):
    listeners: list[GroupListener] = []

    def start(owner_id: int, character_id: int) -> GroupListener:
        listener = GroupListener(character_group(owner_id, character_id))
        listeners.append(listener)
        return listener

    yield start
    for listener in listeners:
        listener.close()
