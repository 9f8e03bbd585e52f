"""Deleting a memory, thread, character or user removes its vectors, retried until done."""

from __future__ import annotations

import pytest
from django.db import transaction

from memories.index import (
    delete_vectors,
    index_memories,
    index_messages,
    index_summaries,
    message_vector_id,
    summary_vector_id,
)
from memories.index.stores import get_vector_store
from memories.models import MemoryJob, Summary
from tests.factories import (
    CharacterFactory,
    MemoryFactory,
    MessageFactory,
    ThreadFactory,
    UserFactory,
)
from tests.vectorstores.fakes import FlakyDeleteStore

pytestmark = pytest.mark.django_db


def seed_user(user=None) -> dict:
    """Two characters; the first with two threads; memories, summaries and archived messages."""
    user = user or UserFactory()
    character, other_character = CharacterFactory(owner=user), CharacterFactory(owner=user)
    threads = [
        ThreadFactory(character=character),
        ThreadFactory(character=character),
        ThreadFactory(character=other_character),
    ]
    memories, summaries, messages = [], [], []
    for thread in threads:
        MemoryJob.objects.create(
            thread=thread, start_seq=1, end_seq=2, pipeline_version="v1", status="succeeded"
        )
        messages += [
            MessageFactory(thread=thread, seq=seq, content=f"Something worth finding number {seq}")
            for seq in (1, 2)
        ]
        summaries.append(
            Summary.objects.create(thread=thread, start_seq=1, end_seq=2, text="They talked.")
        )
        memories.append(
            MemoryFactory(
                character=thread.character, origin_thread=thread, content=f"From {thread.pk}"
            )
        )
    memories.append(MemoryFactory(character=character, content="Written by hand"))
    index_memories(memories=memories)
    index_summaries(summaries=summaries)
    index_messages(messages=messages)
    for memory in memories:
        memory.refresh_from_db()
    return {
        "user": user,
        "character": character,
        "threads": threads,
        "memories": memories,
        "summaries": summaries,
        "messages": messages,
    }


def vector_ids(seed: dict, *, thread=None, character=None) -> set[str]:
    """The vector ids of the seed, optionally only those of one thread or one character."""
    character_of = {t.pk: t.character_id for t in seed["threads"]}

    def keep(thread_id):
        return (thread is None or thread_id == thread.pk) and (
            character is None or character_of[thread_id] == character.pk
        )

    ids = {
        m.vector_id
        for m in seed["memories"]
        if m.origin_thread_id is not None and keep(m.origin_thread_id)
    }
    ids |= {summary_vector_id(s.pk) for s in seed["summaries"] if keep(s.thread_id)}
    ids |= {message_vector_id(m.pk) for m in seed["messages"] if keep(m.thread_id)}
    if thread is None and (character is None or character == seed["character"]):
        ids |= {seed["memories"][-1].vector_id}
    return ids


def stored() -> set[str]:
    return set(get_vector_store().list_ids())


@pytest.fixture
def seeded(celery_eager):
    return seed_user()


def test_deleting_a_memory_removes_its_vector(seeded, django_capture_on_commit_callbacks):
    memory = seeded["memories"][0]
    with django_capture_on_commit_callbacks(execute=True):
        memory.delete()
    assert memory.vector_id not in stored()
    assert len(stored()) == len(vector_ids(seeded)) - 1


def test_deleting_a_thread_removes_its_memories_summaries_and_messages(
    seeded, django_capture_on_commit_callbacks
):
    thread = seeded["threads"][0]
    gone = vector_ids(seeded, thread=thread)
    assert len(gone) == 1 + 1 + 2
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        thread.delete()
    assert len(callbacks) == 1  # one batch for the whole cascade
    assert stored() == vector_ids(seeded) - gone


def test_deleting_a_character_removes_everything_made_with_it(
    seeded, django_capture_on_commit_callbacks
):
    character = seeded["character"]
    kept = vector_ids(seeded) - vector_ids(seeded, character=character)
    with django_capture_on_commit_callbacks(execute=True):
        character.delete()
    assert stored() == kept


def test_deleting_a_user_removes_all_their_vectors_and_no_one_elses(
    seeded, django_capture_on_commit_callbacks
):
    other = seed_user()
    with django_capture_on_commit_callbacks(execute=True):
        seeded["user"].delete()
    assert stored() == vector_ids(other)


def test_a_rolled_back_deletion_keeps_the_vectors(seeded, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with transaction.atomic():
            seeded["threads"][0].delete()
            transaction.set_rollback(True)
        with transaction.atomic():  # a later deletion in the same outer transaction still counts
            seeded["memories"][-1].delete()
    assert len(callbacks) == 1
    assert stored() == vector_ids(seeded) - {seeded["memories"][-1].vector_id}


def test_delete_vectors_waits_for_the_commit(seeded, django_capture_on_commit_callbacks):
    memory_vector = seeded["memories"][0].vector_id
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        delete_vectors(vector_ids=[memory_vector, None])
        assert memory_vector in stored()
    for callback in callbacks:
        callback()
    assert memory_vector not in stored()


def test_deletion_is_retried_until_the_store_accepts_it(
    seeded, settings, django_capture_on_commit_callbacks
):
    settings.VECTOR_STORES = {
        "default": {"BACKEND": "tests.vectorstores.fakes.FlakyDeleteStore", "OPTIONS": {}}
    }
    FlakyDeleteStore.failures, FlakyDeleteStore.attempts = 3, 0
    try:
        with django_capture_on_commit_callbacks(execute=True):
            seeded["memories"][0].delete()
    finally:
        FlakyDeleteStore.failures = 0
    assert FlakyDeleteStore.attempts == 4
    assert seeded["memories"][0].vector_id not in stored()


def test_without_a_queue_the_store_is_asked_directly(
    seeded, monkeypatch, django_capture_on_commit_callbacks
):
    from memories.index import tasks as vector_tasks

    def broker_down(**_):
        raise ConnectionError("the broker is down")

    monkeypatch.setattr(vector_tasks.delete_vectors, "delay", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        seeded["memories"][0].delete()
    assert seeded["memories"][0].vector_id not in stored()


def test_deletion_fan_out_reaches_s3_vectors(
    s3_store_settings, celery_eager, django_capture_on_commit_callbacks
):
    seed = seed_user()
    assert stored() == vector_ids(seed)
    kept = vector_ids(seed) - vector_ids(seed, thread=seed["threads"][0])
    with django_capture_on_commit_callbacks(execute=True):
        seed["threads"][0].delete()
    assert stored() == kept
