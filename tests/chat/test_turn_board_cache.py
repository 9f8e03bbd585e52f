"""The pinned and shared memories a chat turn keeps between turns never show stale.

They are kept per process under the thread's board stamp, read with the reply's own row.
Each test changes them through one write path (the editing services, ``QuerySet.update()``,
a raw pin or dismissal, a delete, the pipeline retiring a memory) between two turns and
checks that the next reply's prompt, as the model gets it, has the change."""

from __future__ import annotations

import pytest

from chat.selectors import thread_ref
from chat.services import thread_create
from memories import context as memory_context
from memories.editing import memory_dismiss, memory_pin, memory_share, memory_unpin, memory_update
from memories.models import Memory, MemoryDismissal, MemoryPin
from tests.chat.test_turn_caches import prompt_of
from tests.factories import CharacterFactory, MemoryFactory, UserFactory

pytestmark = pytest.mark.django_db


def pinned(thread, **fields) -> Memory:
    memory = MemoryFactory(owner=thread.owner, character=thread.character, **fields)
    MemoryPin.objects.create(memory=memory, thread=thread)
    return memory


def shared(thread, **fields) -> Memory:
    return MemoryFactory(owner=thread.owner, character=thread.character, shared=True, **fields)


def test_a_pinned_memory_edited_through_the_service_shows_in_the_next_reply(thread, user):
    memory = pinned(thread, title="Sister", content="Mira sails north.")
    assert "Mira sails north." in prompt_of(thread)
    assert "Mira sails north." in prompt_of(thread)  # the second turn from the kept lists
    memory_update(memory=memory, actor=user, content="Mira sails south now.")
    system = prompt_of(thread)
    assert "Mira sails south now." in system and "Mira sails north." not in system


def test_a_memory_changed_by_a_queryset_update_shows_in_the_next_reply(thread):
    # ``QuerySet.update()`` bumps no ``updated_at`` and sends no signal.
    memory = shared(thread, title="Tea", content="Black, no sugar.")
    assert "Black, no sugar." in prompt_of(thread)
    Memory.objects.filter(pk=memory.pk).update(content="Green, with honey.")
    assert "Green, with honey." in prompt_of(thread)
    # Twice in the same transaction (this test's): the row version still changes.
    Memory.objects.filter(pk=memory.pk).update(content="Jasmine, with lemon.")
    system = prompt_of(thread)
    assert "Jasmine, with lemon." in system and "Green, with honey." not in system
    Memory.objects.filter(pk=memory.pk).update(status=Memory.Status.SUPERSEDED)
    assert "Jasmine, with lemon." not in prompt_of(thread)


def test_pins_added_or_removed_show_in_the_next_reply(thread, user):
    memory = MemoryFactory(owner=user, character=thread.character, content="Mira fears storms.")
    assert "Mira fears storms." not in prompt_of(
        thread
    )  # made elsewhere, neither pinned nor shared
    ref = thread_ref(thread_id=thread.pk)
    memory_pin(memory=memory, thread=ref, actor=user)
    assert "Mira fears storms." in prompt_of(thread)
    memory_unpin(memory=memory, thread=ref, actor=user)
    assert "Mira fears storms." not in prompt_of(thread)
    MemoryPin.objects.create(memory=memory, thread=thread)  # a raw write of the pin table
    assert "Mira fears storms." in prompt_of(thread)
    MemoryPin.objects.filter(memory=memory).delete()
    assert "Mira fears storms." not in prompt_of(thread)


def test_sharing_unsharing_dismissing_and_deleting_show_in_the_next_reply(thread, user):
    memory = MemoryFactory(owner=user, character=thread.character, content="Mira hums shanties.")
    assert "Mira hums shanties." not in prompt_of(thread)
    memory_share(memory=memory, actor=user)
    assert "Mira hums shanties." in prompt_of(thread)
    memory_dismiss(memory=memory, thread=thread_ref(thread_id=thread.pk), actor=user)
    assert "Mira hums shanties." not in prompt_of(thread)
    MemoryDismissal.objects.filter(memory=memory).delete()  # the dismissal lifted
    assert "Mira hums shanties." in prompt_of(thread)
    Memory.objects.filter(pk=memory.pk).update(shared=False)
    assert "Mira hums shanties." not in prompt_of(thread)
    other = pinned(thread, content="Mira keeps a logbook.")
    assert "Mira keeps a logbook." in prompt_of(thread)
    Memory.objects.filter(pk=other.pk).delete()
    assert "Mira keeps a logbook." not in prompt_of(thread)


def test_a_memory_shared_from_another_chat_with_the_character_shows_in_the_next_reply(thread, user):
    assert "Mira paints gulls." not in prompt_of(thread)
    elsewhere = thread_create(owner=user, character=thread.character)
    shared(elsewhere, content="Mira paints gulls.", origin_thread=elsewhere)
    assert "Mira paints gulls." in prompt_of(thread)


def test_the_kept_lists_are_bounded_and_each_chat_gets_its_own(monkeypatch):
    monkeypatch.setattr(memory_context, "BOARD_CACHE_SIZE", 2)
    chats = []
    for name in ("Ada", "Bea", "Cy"):
        owner = UserFactory()
        thread = thread_create(owner=owner, character=CharacterFactory(owner=owner))
        pinned(thread, content=f"{name}'s sister keeps the lighthouse.")
        chats.append((name, thread))
    for _ in range(2):
        for name, thread in chats:
            system = prompt_of(thread)
            assert f"{name}'s sister keeps the lighthouse." in system
            assert not any(f"{other}'s sister" in system for other, _ in chats if other != name)
    assert len(memory_context._board_cache) <= 2
