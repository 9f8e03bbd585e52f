"""The pinned and shared layers chat reads through memories.context, and the scope rule."""

from __future__ import annotations

import pytest

from drawhisper.tokens import count_tokens
from memories.context import pinned_memories, shared_memories
from memories.models import Memory, MemoryDismissal, MemoryPin
from memories.selectors import memories_retrievable_in_thread
from tests.factories import CharacterFactory, MemoryFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


def ids(items):
    return [item.id for item in items]


def test_pinned_memory_is_in_its_thread_only(thread, second_thread, character):
    memory = MemoryFactory(character=character, origin_thread=thread, title="Sister", type="fact")
    MemoryPin.objects.create(memory=memory, thread=thread)

    [item] = pinned_memories(thread_id=thread.pk)
    assert item.kind == "memory" and item.id == memory.pk
    assert item.text == f"[fact] Sister: {memory.content}"
    assert item.tokens == count_tokens(item.text)
    assert pinned_memories(thread_id=second_thread.pk) == []
    assert shared_memories(thread_id=second_thread.pk) == []


def test_pinned_layer_keeps_pin_order(thread, character):
    first, second = MemoryFactory.create_batch(2, character=character)
    MemoryPin.objects.create(memory=second, thread=thread)
    MemoryPin.objects.create(memory=first, thread=thread)
    assert ids(pinned_memories(thread_id=thread.pk)) == [second.pk, first.pk]


def test_shared_memory_reaches_every_thread_of_the_character_including_scenes(character, thread):
    scene_thread = ThreadFactory(character=character, scene=SceneFactory(character=character))
    memory = MemoryFactory(character=character, origin_thread=thread, shared=True)
    other_character_thread = ThreadFactory(character=CharacterFactory(owner=character.owner))

    assert ids(shared_memories(thread_id=thread.pk)) == [memory.pk]
    assert ids(shared_memories(thread_id=scene_thread.pk)) == [memory.pk]
    assert shared_memories(thread_id=other_character_thread.pk) == []


def test_shared_and_pinned_memory_appears_once_in_the_pinned_layer(
    character, thread, second_thread
):
    memory = MemoryFactory(character=character, shared=True)
    MemoryPin.objects.create(memory=memory, thread=thread)
    assert ids(pinned_memories(thread_id=thread.pk)) == [memory.pk]
    assert shared_memories(thread_id=thread.pk) == []
    assert ids(shared_memories(thread_id=second_thread.pk)) == [memory.pk]


def test_inactive_memories_reach_no_layer(character, thread):
    for status in (Memory.Status.SUPERSEDED, Memory.Status.ARCHIVED):
        memory = MemoryFactory(character=character, shared=True, status=status)
        MemoryPin.objects.create(memory=memory, thread=thread)
    assert pinned_memories(thread_id=thread.pk) == []
    assert shared_memories(thread_id=thread.pk) == []
    assert not memories_retrievable_in_thread(thread_id=thread.pk).exists()


def test_another_users_memories_never_reach_a_thread(thread, other_user):
    foreign = MemoryFactory(character=CharacterFactory(owner=other_user), shared=True)
    # Even a pin row joining them (which the services refuse to create) does not leak it.
    MemoryPin.objects.create(memory=foreign, thread=thread)
    assert pinned_memories(thread_id=thread.pk) == []
    assert shared_memories(thread_id=thread.pk) == []


def test_dismissed_shared_memory_leaves_only_that_thread(character, thread, second_thread):
    memory = MemoryFactory(character=character, shared=True)
    MemoryDismissal.objects.create(memory=memory, thread=thread)
    assert shared_memories(thread_id=thread.pk) == []
    assert ids(shared_memories(thread_id=second_thread.pk)) == [memory.pk]


def test_retrievable_scope_is_origin_thread_shared_or_pinned(character, thread, second_thread):
    local = MemoryFactory(character=character, origin_thread=thread)
    shared = MemoryFactory(character=character, origin_thread=thread, shared=True)
    pinned_elsewhere = MemoryFactory(character=character, origin_thread=thread)
    MemoryPin.objects.create(memory=pinned_elsewhere, thread=second_thread)
    dismissed = MemoryFactory(character=character, origin_thread=thread)
    MemoryDismissal.objects.create(memory=dismissed, thread=thread)
    hand_made = MemoryFactory(character=character, origin_thread=None)

    here = set(memories_retrievable_in_thread(thread_id=thread.pk).values_list("pk", flat=True))
    there = set(
        memories_retrievable_in_thread(thread_id=second_thread.pk).values_list("pk", flat=True)
    )
    assert here == {local.pk, shared.pk, pinned_elsewhere.pk}
    assert there == {shared.pk, pinned_elsewhere.pk}
    assert hand_made.pk not in here | there
