"""A job's new memory replaces the older one it updates ("I'm vegetarian now"), exactly once,
never across characters, owners or chats that could not show the old one."""

from __future__ import annotations

import pytest

from memories import index as vector_services
from memories.context import pinned_memories, retrieve, shared_memories
from memories.models import Memory, MemoryJob, MemoryPin
from memories.pipeline import PIPELINE_VERSION
from memories.pipeline.runner import Outcome, run_job
from memories.pipeline.superseding import MemorySketch, plan_supersessions, title_overlap
from memories.tasks import run_memory_job
from tests.factories import CharacterFactory, MemoryFactory, ThreadFactory, UserFactory
from tests.pipeline.conftest import LONG_TURNS, script_router, write_messages
from tests.pipeline.support import (
    CrashAfterUpsertVectorStore,
    InMemoryVectorStore,
    RecordingChannelLayer,
    SimulatedCrash,
)

VEGETARIAN = {
    "title": "Diet",
    "content": "Alice is vegetarian now and eats no meat.",
    "type": "preference",
    "source_seqs": [6],
}
# The message the update comes from (seq 6, after LONG_TURNS), so it passes the support check.
VEGETARIAN_TURN = ("user", "Big news: I'm vegetarian now. I eat no meat at all any more.")


@pytest.fixture
def job(thread):
    write_messages(thread, [*LONG_TURNS, VEGETARIAN_TURN])
    return MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=6, pipeline_version=PIPELINE_VERSION
    )


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def older(thread, **fields) -> Memory:
    """A memory made before the job, with its vector in the store."""
    values = {
        "character": thread.character,
        "owner": thread.owner,
        "origin_thread": thread,
        "type": "preference",
        "title": "Diet",
        "content": "Alice eats meat and loves steak.",
    }
    values.update(fields)
    memory = MemoryFactory(**values)
    vector_services.index_memories(memories=[memory])
    memory.refresh_from_db()
    return memory


def run(job, committed, chunks) -> Outcome:
    script_router(chunks=chunks)
    with committed():
        return run_job(job_id=job.pk)


def test_an_updated_preference_replaces_the_old_one_and_the_tabs_hear_of_it(job, committed):
    steak = older(job.thread)
    RecordingChannelLayer.sent.clear()

    assert run(job, committed, [VEGETARIAN]) == Outcome.SUCCEEDED

    vegetarian = Memory.objects.get(job=job)
    steak.refresh_from_db()
    assert steak.status == "superseded" and steak.superseded_by == vegetarian
    assert steak.content == "Alice eats meat and loves steak."  # kept, never deleted
    assert vegetarian.status == "active" and vegetarian.superseded_by is None
    assert InMemoryVectorStore.records[steak.vector_id].metadata["status"] == "superseded"
    assert InMemoryVectorStore.records[vegetarian.vector_id].metadata["status"] == "active"

    events = [event for _, event in RecordingChannelLayer.events()]
    assert [(event["type"], event["memory"]["id"]) for event in events] == [
        ("memory.created", vegetarian.pk),
        ("memory.updated", steak.pk),
    ]
    replaced = events[1]["memory"]
    assert replaced["status"] == "superseded"
    assert (replaced["superseded_by"], replaced["superseded_by_title"]) == (vegetarian.pk, "Diet")
    job.refresh_from_db()
    assert job.state["steps"]["store"]["superseded_ids"] == [steak.pk]


def test_a_restatement_in_other_words_is_superseded_by_vector_similarity(job, committed):
    sea = older(
        job.thread,
        title="Loves the sea",
        content="Alice prefers quiet evenings by the sea.",
    )
    chunk = {
        "title": "Evenings by the sea",
        "content": "Alice prefers quiet evenings by the sea.",
        "type": "preference",
        "source_seqs": [4],
    }
    run(job, committed, [chunk])
    sea.refresh_from_db()
    assert sea.status == "superseded"
    assert sea.superseded_by == Memory.objects.get(job=job)


def test_unrelated_memories_and_other_types_stay_active(job, committed):
    colour = older(job.thread, title="Favourite colour", content="Alice likes green.")
    sister = older(
        job.thread, type="fact", title="Alice's sister", content="Alice's sister is Mira."
    )
    diet_fact = older(job.thread, type="fact", title="Diet", content="Alice ate steak once.")
    mood = older(job.thread, type="emotion", title="Diet", content="Alice worries about food.")

    run(job, committed, [VEGETARIAN, {**VEGETARIAN, "type": "emotion", "title": "Diet mood"}])

    for memory in (colour, sister, diet_fact, mood):
        memory.refresh_from_db()
        assert (memory.status, memory.superseded_by_id) == ("active", None), memory.title
    assert RecordingChannelLayer.events("memory.updated") == []


def test_another_character_owner_or_chat_that_cannot_show_it_is_untouched(job, committed):
    owner, character = job.thread.owner, job.thread.character
    other_character_thread = ThreadFactory(owner=owner, character=CharacterFactory(owner=owner))
    other_owner = UserFactory()
    other_owner_thread = ThreadFactory(
        owner=other_owner, character=CharacterFactory(owner=other_owner, name="Mira")
    )
    other_chat = ThreadFactory(owner=owner, character=character)
    untouched = [
        older(other_character_thread),
        older(other_owner_thread),
        older(other_chat),  # another chat's own memory, neither shared nor pinned here
    ]
    shared_elsewhere = older(other_chat, shared=True)

    run(job, committed, [VEGETARIAN])

    for memory in untouched:
        memory.refresh_from_db()
        assert memory.status == "active"
    shared_elsewhere.refresh_from_db()
    vegetarian = Memory.objects.get(job=job)
    assert shared_elsewhere.superseded_by == vegetarian
    # The update reaches every chat the old memory reached.
    assert vegetarian.shared is True
    assert InMemoryVectorStore.records[vegetarian.vector_id].metadata["shared"] is True


def test_rerunning_the_job_supersedes_nothing_more(job, committed):
    steak = older(job.thread)
    run(job, committed, [VEGETARIAN])
    before = list(Memory.objects.order_by("pk").values("pk", "status", "superseded_by_id"))
    sent = len(RecordingChannelLayer.sent)

    assert run(job, committed, [VEGETARIAN]) == Outcome.SKIPPED
    with committed():
        assert run_memory_job.apply(args=[job.pk]).get() == "skipped"

    assert list(Memory.objects.order_by("pk").values("pk", "status", "superseded_by_id")) == before
    assert len(RecordingChannelLayer.sent) == sent
    assert len(RecordingChannelLayer.events("memory.updated")) == 1
    steak.refresh_from_db()
    assert steak.superseded_by == Memory.objects.get(job=job)


def test_a_crash_inside_the_store_step_then_a_rerun_supersedes_once(job, settings, committed):
    steak = older(job.thread)
    settings.VECTOR_STORES = {
        "default": {"BACKEND": "tests.pipeline.support.CrashAfterUpsertVectorStore", "OPTIONS": {}}
    }
    CrashAfterUpsertVectorStore.arm()
    script_router(chunks=[VEGETARIAN])
    with committed(), pytest.raises(SimulatedCrash):
        run_job(job_id=job.pk)
    steak.refresh_from_db()
    assert steak.status == "active"  # rolled back with the new rows
    assert RecordingChannelLayer.events() == []

    MemoryJob.objects.filter(pk=job.pk).update(claimed_at=None, status=MemoryJob.Status.PENDING)
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    steak.refresh_from_db()
    assert steak.status == "superseded" and steak.superseded_by == Memory.objects.get(job=job)
    assert InMemoryVectorStore.records[steak.vector_id].metadata["status"] == "superseded"
    assert [e["memory"]["id"] for _, e in RecordingChannelLayer.events("memory.updated")] == [
        steak.pk
    ]


def test_a_superseded_memory_reaches_no_context_layer_and_its_update_takes_its_place(
    job, committed
):
    steak = older(job.thread, shared=True)
    MemoryPin.objects.create(memory=steak, thread=job.thread)
    assert [item.id for item in pinned_memories(thread_id=job.thread_id)] == [steak.pk]

    run(job, committed, [VEGETARIAN])
    vegetarian = Memory.objects.get(job=job)

    assert [item.id for item in pinned_memories(thread_id=job.thread_id)] == [vegetarian.pk]
    assert steak.pk not in [item.id for item in shared_memories(thread_id=job.thread_id)]
    assert vegetarian.shared is True
    found = retrieve(
        thread_id=job.thread_id, query="Diet: does Alice eat meat and steak?", budget_tokens=800
    )
    assert steak.pk not in [item.id for item in found if item.kind == "memory"]


def test_a_superseded_memory_is_not_retrieved_but_its_update_is(job, committed):
    steak = older(job.thread)
    query = "Diet: does Alice eat meat and steak?"
    assert steak.pk in [
        item.id for item in retrieve(thread_id=job.thread_id, query=query, budget_tokens=800)
    ]
    run(job, committed, [VEGETARIAN])
    found = [
        item.id
        for item in retrieve(thread_id=job.thread_id, query=query, budget_tokens=800)
        if item.kind == "memory"
    ]
    assert steak.pk not in found
    assert Memory.objects.get(job=job).pk in found


# --------------------------------------------------------------------------- the decision


def sketch(id_, title, type_="preference"):
    return MemorySketch(id=id_, type=type_, title=title)


def test_titles_match_on_their_subject_words_only():
    names = ("Alice", "Mira")
    assert title_overlap("Alice's diet", "Diet", names=names) == 1.0
    assert title_overlap("Favourite foods", "Alice's favourite food", names=names) == 1.0
    assert title_overlap("Favourite food", "Favourite colour", names=names) < 0.6
    assert title_overlap("Alice", "Alice's", names=names) == 0.0  # nothing left to compare


def test_the_plan_prefers_the_best_match_and_is_stable():
    new = [sketch(10, "Diet"), sketch(11, "Diet and health")]
    old = [sketch(2, "Diet"), sketch(1, "Favourite colour")]
    kwargs = {"names": (), "min_title_overlap": 0.6, "min_similarity": 0.75}
    plan = plan_supersessions(new_memories=new, candidates=old, similarities={}, **kwargs)
    assert plan == {2: 10}
    by_vector = plan_supersessions(
        new_memories=new, candidates=old, similarities={(11, 1): 0.9, (10, 1): 0.5}, **kwargs
    )
    assert by_vector == {2: 10, 1: 11}
    off = plan_supersessions(
        new_memories=new,
        candidates=old,
        similarities={(11, 1): 0.9},
        names=(),
        min_title_overlap=0,
        min_similarity=0,
    )
    assert off == {}
