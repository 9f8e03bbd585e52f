"""Fixtures for the memory panel tests: a user's character with two chats, and a listener on
the character's channel group (on a Redis database of its own, so parallel runs never hear
each other's events)."""

from __future__ import annotations

import asyncio
import re

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from chat.groups import character_group
from tests.factories import CharacterFactory, ThreadFactory

EVENTS_REDIS_DB = 7


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
    """Joins one channel group and collects the client events sent to it."""

    def __init__(self, group: str) -> None:
        self.layer = get_channel_layer()
        self.group = group
        self.channel = async_to_sync(self.layer.new_channel)()
        async_to_sync(self.layer.group_add)(group, self.channel)

    def events(self, timeout: float = 0.3) -> list[dict]:
        async def drain() -> list[dict]:
            received = []
            while True:
                try:
                    message = await asyncio.wait_for(self.layer.receive(self.channel), timeout)
                except TimeoutError:
                    return received
                received.append(message["event"])

        return async_to_sync(drain)()

    def close(self) -> None:
        async_to_sync(self.layer.group_discard)(self.group, self.channel)


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
