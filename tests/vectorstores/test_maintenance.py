"""reindex_memories, reconcile_vectors and the embedding-model guard, on a seeded database."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from drawhisper.providers.base import TransientProviderError
from memories.index import (
    EmbeddingModelMismatch,
    index_memories,
    message_vector_id,
    search_vectors,
    summary_vector_id,
)
from memories.index.stores import VectorFilter, VectorRecord, get_vector_store
from memories.index.stores.guard import check_embedding_model
from memories.models import Memory, MemoryJob, Summary, VectorIndexState
from tests.factories import MemoryFactory, MessageFactory, ThreadFactory
from tests.vectorstores.fakes import InterruptedEmbedder

pytestmark = pytest.mark.django_db

FAKE_32 = {
    "BACKEND": "drawhisper.providers.embeddings.fake.FakeEmbedder",
    "OPTIONS": {"dimensions": 32},
}
INTERRUPTED_32 = {
    "BACKEND": "tests.vectorstores.fakes.InterruptedEmbedder",
    "OPTIONS": {"dimensions": 32},
}

CONVERSATION = [
    "My sister Mira is visiting next week.",
    "How lovely! What are you planning to do together?",
    "ok",
    "We want to climb the old lighthouse on the cape.",
    "The lighthouse stairs have three hundred steps, bring water.",
    "She is afraid of heights, though, so maybe the harbour instead.",
    "The harbour market sells smoked fish on Sundays.",  # after the job's range
    "Then Sunday it is.",
]


@pytest.fixture
def seeded():
    """A thread of 8 messages, a job over the first 6, two memories, one summary."""
    thread = ThreadFactory()
    messages = [
        MessageFactory(
            thread=thread, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
        for seq, content in enumerate(CONVERSATION, start=1)
    ]
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=6, pipeline_version="v1", status="succeeded"
    )
    memories = [
        MemoryFactory(
            character=thread.character,
            origin_thread=thread,
            job=job,
            chunk_index=0,
            title="Sister",
            content="The user's younger sister is called Mira.",
            vector_id=f"memory:job{job.pk}:chunk0",
        ),
        MemoryFactory(
            character=thread.character, title="Heights", content="Mira is afraid of heights."
        ),
    ]
    summary = Summary.objects.create(
        thread=thread,
        job=job,
        start_seq=1,
        end_seq=6,
        text="The user plans a visit with her sister Mira.",
    )
    archived = [message for message in messages[:6] if message.content != "ok"]
    return {
        "thread": thread,
        "messages": messages,
        "memories": memories,
        "summary": summary,
        "archived": archived,
    }


def run(command: str, *args) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out, stderr=StringIO(), verbosity=0)
    return out.getvalue()


def store_ids() -> set[str]:
    return set(get_vector_store().list_ids())


def test_reindex_embeds_every_memory_summary_and_archived_message_and_resumes(seeded):
    output = run("reindex_memories")
    assert "memories   indexed       2   already indexed       0" in output
    assert "summaries  indexed       1" in output
    assert "messages   indexed       5" in output
    expected = {memory.vector_id for memory in Memory.objects.all()}
    expected |= {summary_vector_id(seeded["summary"].pk)}
    expected |= {message_vector_id(message.pk) for message in seeded["archived"]}
    assert store_ids() == expected
    assert len(expected) == 2 + 1 + 5
    assert set(Memory.objects.values_list("embedding_model", flat=True)) == {"fake-64"}
    again = run("reindex_memories")
    assert "indexed       0   already indexed       2" in again
    assert store_ids() == expected


@pytest.mark.parametrize("backend", ["pgvector", "s3vectors"])
def test_a_changed_model_is_a_clear_error_until_reindexed(backend, seeded, settings, request):
    if backend == "s3vectors":
        request.getfixturevalue("s3_store_settings")
    location = get_vector_store().location
    sister = seeded["memories"][0]
    index_memories(memories=seeded["memories"])
    assert VectorIndexState.objects.get(store=location).model_id == "fake-64"

    settings.EMBEDDING_BACKENDS = {"default": FAKE_32}
    [error] = check_embedding_model()
    assert error.id == "memories.E001"
    assert "'fake-64' (64 dimensions)" in error.msg and "'fake-32' (32 dimensions)" in error.msg
    assert "manage.py reindex_memories" in error.hint
    with pytest.raises(SystemCheckError, match="reindex_memories"):
        call_command("check", stdout=StringIO(), stderr=StringIO())
    owner_filter = VectorFilter(owner=sister.owner_id)
    with pytest.raises(EmbeddingModelMismatch, match="reindex_memories"):
        search_vectors(query="sister", filter=owner_filter)
    with pytest.raises(EmbeddingModelMismatch):
        index_memories(memories=[sister])

    output = run("reindex_memories")
    assert "fake-32, 32 dimensions (was fake-64)" in output
    assert "Removed the vectors of fake-64" in output
    assert check_embedding_model() == []
    assert (
        search_vectors(query="What is my sister called?", filter=owner_filter, top_k=1)[0].id
        == sister.vector_id
    )
    old_space = get_vector_store().for_model(model_id="fake-64", dimensions=64)
    assert old_space.count() == 0
    assert VectorIndexState.objects.get(store=location).model_id == "fake-32"


def test_an_interrupted_reindex_keeps_the_old_model_and_resumes(seeded, settings):
    index_memories(memories=seeded["memories"])
    settings.EMBEDDING_BACKENDS = {"default": INTERRUPTED_32}
    InterruptedEmbedder.budget = 3
    try:
        with pytest.raises(TransientProviderError):
            run("reindex_memories", "--batch-size", "2")
        assert VectorIndexState.objects.get(store="pgvector:memories").model_id == "fake-64"
        assert check_embedding_model()[0].id == "memories.E001"  # still refused until it finishes
        with pytest.raises(EmbeddingModelMismatch):
            store_ids()  # the new model's space is not served yet
        new_space = get_vector_store().for_model(model_id="fake-32", dimensions=32)
        done_before = len(set(new_space.list_ids()))
        assert 0 < done_before < 8
        InterruptedEmbedder.budget = None
        output = run("reindex_memories", "--batch-size", "2")
    finally:
        InterruptedEmbedder.budget = None
    assert "already indexed       2" in output  # the memories were done by the first run
    assert len(store_ids()) == 8
    assert check_embedding_model() == []


def test_reconcile_reports_then_repairs_orphans_and_missing_vectors(seeded):
    store = get_vector_store()
    report = run("reconcile_vectors", "--dry-run")
    assert "Vectors without a row: 0" in report
    assert "Rows without a vector: 8 (2 memories, 1 summaries, 5 messages)" in report
    assert "Dry run" in report and store.count() == 0

    run("reindex_memories")
    ghost = VectorRecord("memory:ghost", [1.0] + [0.0] * 63, {"owner": 1, "kind": "memory"})
    store.upsert(
        [
            ghost,
            VectorRecord(
                message_vector_id(999_999), [0.0, 1.0] + [0.0] * 62, {"owner": 1, "kind": "message"}
            ),
        ]
    )
    lost = seeded["memories"][1]
    lost.refresh_from_db()  # made by hand: its vector id was given when it was first indexed
    store.delete([lost.vector_id, summary_vector_id(seeded["summary"].pk)])

    report = run("reconcile_vectors", "--dry-run")
    assert "Vectors without a row: 2" in report
    assert "Rows without a vector: 2 (1 memories, 1 summaries, 0 messages)" in report
    assert "memory:ghost" in store_ids()

    report = run("reconcile_vectors")
    assert "Deleted 2 orphan vectors, indexed 2 rows." in report
    assert "memory:ghost" not in store_ids() and lost.vector_id in store_ids()
    clean = run("reconcile_vectors", "--dry-run")
    assert "Vectors without a row: 0" in clean and "Rows without a vector: 0" in clean


def test_reconcile_drops_vectors_of_messages_that_left_the_archive(seeded):
    run("reindex_memories")
    message = seeded["archived"][0]
    message.active = False  # replaced by a regeneration
    message.save(update_fields=["active"])
    report = run("reconcile_vectors")
    assert "Vectors without a row: 1" in report
    assert message_vector_id(message.pk) not in store_ids()


def test_the_nightly_task_reports_counts(seeded):
    from memories.index import reconcile_vectors

    counts = reconcile_vectors(repair=True)
    assert counts["indexed"] == 8 and counts["orphan_vectors"] == 0
    assert reconcile_vectors(repair=False)["missing_memory"] == 0


def test_reindex_and_reconcile_work_against_s3_vectors(seeded, s3_store_settings):
    run("reindex_memories")
    assert len(store_ids()) == 8
    get_vector_store().delete([seeded["memories"][0].vector_id])
    assert "Rows without a vector: 1" in run("reconcile_vectors")
    assert len(store_ids()) == 8


@pytest.mark.parametrize("backend", ["pgvector", "s3vectors"])
def test_the_stores_themselves_refuse_another_model(backend, request, settings):
    """Callers that use the store directly (pipeline, retrieval) are protected too."""
    if backend == "s3vectors":
        request.getfixturevalue("s3_store_settings")
    store = get_vector_store()
    store.upsert([VectorRecord("memory:x", [1.0] + [0.0] * 63, {"owner": 1, "kind": "memory"})])
    assert VectorIndexState.objects.get(store=store.location).model_id == "fake-64"
    settings.EMBEDDING_BACKENDS = {"default": FAKE_32}
    with pytest.raises(EmbeddingModelMismatch, match="reindex_memories"):
        get_vector_store().query([1.0] + [0.0] * 31, filter=VectorFilter(owner=1))
    with pytest.raises(EmbeddingModelMismatch):
        get_vector_store().delete(["memory:x"])


def test_an_empty_store_is_not_asked_for_its_model_on_every_read(
    settings, monkeypatch, django_assert_num_queries
):
    """A store with no vector yet (every chat before its first memory) is asked once, not on
    every search; another process's first write of another model is refused once the recheck
    time is up, and this process's own first write is seen at once."""
    from memories.index.stores import guard

    now = [1_000.0]
    monkeypatch.setattr(guard, "_clock", lambda: now[0])
    store = get_vector_store()
    owner_filter = VectorFilter(owner=1, status=None)
    query = [1.0] + [0.0] * 63
    with django_assert_num_queries(2):  # the model check, then the search
        assert store.query(query, filter=owner_filter) == []
    with django_assert_num_queries(1):  # the search alone
        assert store.query(query, filter=owner_filter) == []

    # Another process, configured with another model, stores the first vectors.
    VectorIndexState.objects.create(store=store.location, model_id="fake-32", dimensions=32)
    with django_assert_num_queries(1):  # still within the recheck time: its own space, empty
        assert store.query(query, filter=owner_filter) == []
    now[0] += guard.EMPTY_STORE_RECHECK_SECONDS + 1
    with pytest.raises(EmbeddingModelMismatch, match="reindex_memories"):
        store.query(query, filter=owner_filter)
    with pytest.raises(EmbeddingModelMismatch):
        store.upsert([VectorRecord("memory:y", query, {"owner": 1, "kind": "memory"})])

    # This process's own first write records its model and serves its reads at once.
    VectorIndexState.objects.all().delete()
    guard.forget_checks()
    assert store.query(query, filter=owner_filter) == []  # empty, remembered as empty
    store.upsert([VectorRecord("memory:x", query, {"owner": 1, "kind": "memory"})])
    assert VectorIndexState.objects.get(store=store.location).model_id == "fake-64"
    assert [hit.id for hit in store.query(query, filter=owner_filter)] == ["memory:x"]
