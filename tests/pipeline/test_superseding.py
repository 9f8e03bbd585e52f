"""The extractor's decisions about existing memories do what they say, exactly once:
``update n`` replaces the old memory (kept as history), ``same n`` stores nothing,
``conflict n`` waits for the user; a model's ``add`` retires nothing, whatever it resembles.
Never across characters, owners or chats that could not show the old memory."""

from __future__ import annotations

import pytest

from drawhisper.providers.fake import ScriptedChatBackend
from memories import editing
from memories import index as vector_services
from memories.context import pinned_memories, retrieve, shared_memories
from memories.models import Memory, MemoryJob, MemoryPin
from memories.pipeline import PIPELINE_VERSION
from memories.pipeline.runner import Outcome, run_job
from memories.pipeline.steps import STEPS
from memories.tasks import run_memory_job
from tests.factories import CharacterFactory, MemoryFactory, ThreadFactory, UserFactory
from tests.pipeline.conftest import LONG_TURNS, script_router, shown_memories, write_messages
from tests.pipeline.support import (
    CrashAfterUpsertVectorStore,
    InMemoryVectorStore,
    RecordingChannelLayer,
    SimulatedCrash,
)

# The summary of a range where Alice says she stopped eating meat: the related-memory search
# finds the old diet memory by its words.
DIET_SUMMARY = "Alice told Mira she no longer eats meat or steak: she is vegetarian now."

VEGETARIAN = {
    "title": "Diet",
    "content": "Alice is vegetarian now and eats no meat.",
    "type": "preference",
    "source_seqs": [6],
    "decision": "update @Diet@",
}
# The message the update comes from (seq 6, after LONG_TURNS), so it passes the support check.
VEGETARIAN_TURN = ("user", "Big news: I'm vegetarian now. I eat no meat at all any more.")


@pytest.fixture
def job(thread):
    write_messages(thread, [*LONG_TURNS, VEGETARIAN_TURN])
    return MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=6, pipeline_version=PIPELINE_VERSION
    )


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


def run(job, committed, chunks, summary: str = DIET_SUMMARY) -> Outcome:
    script_router(chunks=chunks, summary=summary)
    with committed():
        return run_job(job_id=job.pk)


def extraction_prompt():
    """The last prompt the extractor was sent."""
    prompts = [
        call
        for call in ScriptedChatBackend.calls
        if "pick what a role-play character should remember" in call[0].content
    ]
    return prompts[-1]


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


def test_the_extractor_sees_the_new_summary_and_the_related_memories_by_number(job, committed):
    steak = older(job.thread)
    unrelated = older(job.thread, title="Lighthouse keeper", content="Mira keeps the lamp lit.")

    run(job, committed, [VEGETARIAN])

    prompt = extraction_prompt()[-1].content
    new_summary = prompt.split("<new_summary>\n", 1)[1].split("\n</new_summary>", 1)[0]
    assert new_summary == DIET_SUMMARY  # the summary this job wrote, not the previous one
    shown = shown_memories(extraction_prompt())
    assert shown[0] == {
        "id": 1,
        "type": "preference",
        "title": "Diet",
        "content": "Alice eats meat and loves steak.",
    }
    assert [memory["id"] for memory in shown] == list(range(1, len(shown) + 1))
    assert {steak.pk, unrelated.pk}.isdisjoint(  # numbers, never database ids
        {memory["id"] for memory in shown}
    ) or len(shown) < max(steak.pk, unrelated.pk)


def test_a_same_answer_stores_nothing_and_keeps_the_old_memory(job, committed):
    steak = older(job.thread)
    again = {
        "title": "Diet",
        "content": "Alice loves steak and eats meat.",
        "type": "preference",
        "decision": "same @Diet@",
    }
    pixel = {
        "title": "Pixel",
        "content": "Alice has a grey cat, Pixel.",
        "type": "fact",
        "source_seqs": [2],
    }

    assert run(job, committed, [again, {**pixel, "decision": "add"}]) == Outcome.SUCCEEDED

    assert list(Memory.objects.filter(job=job).values_list("title", flat=True)) == ["Pixel"]
    assert Memory.objects.filter(title="Diet").count() == 1
    steak.refresh_from_db()
    assert (steak.status, steak.superseded_by_id) == ("active", None)
    job.refresh_from_db()
    assert job.state["steps"]["store"]["same_ids"] == [steak.pk]
    assert [e["memory"]["title"] for _, e in RecordingChannelLayer.events("memory.created")] == [
        "Pixel"
    ]


def test_a_conflict_answer_keeps_both_out_of_doubt_until_the_user_decides(job, committed):
    steak = older(job.thread)
    contested = {**VEGETARIAN, "decision": "conflict @Diet@"}

    assert run(job, committed, [contested]) == Outcome.SUCCEEDED

    new = Memory.objects.get(job=job)
    steak.refresh_from_db()
    assert (new.status, new.conflicts_with_id) == ("conflict", steak.pk)
    assert steak.status == "active"  # the old one holds until the user says otherwise
    assert InMemoryVectorStore.records[new.vector_id].metadata["status"] == "conflict"
    found = retrieve(thread_id=job.thread_id, query="Is Alice vegetarian now?", budget_tokens=800)
    assert new.pk not in [item.id for item in found if item.kind == "memory"]
    created = [e["memory"] for _, e in RecordingChannelLayer.events("memory.created")]
    assert [(m["id"], m["status"], m["conflicts_with"]) for m in created] == [
        (new.pk, "conflict", steak.pk)
    ]
    assert [m.pk for m in editing.memory_conflicts(user=job.thread.owner)] == [new.pk]

    kept, old = editing.memory_resolve_conflict(memory=new, keep="new", actor=job.thread.owner)
    assert (kept.status, kept.conflicts_with_id) == ("active", None)
    assert (old.status, old.superseded_by_id) == ("superseded", new.pk)
    assert list(editing.memory_conflicts(user=job.thread.owner)) == []


@pytest.mark.parametrize(
    ("keep", "new_status", "old_status"),
    [("both", "active", "active"), ("old", "superseded", "active")],
)
def test_keeping_both_or_the_old_memory(job, committed, keep, new_status, old_status):
    steak = older(job.thread)
    run(job, committed, [{**VEGETARIAN, "decision": "conflict @Diet@"}])
    new = Memory.objects.get(job=job)

    new, old = editing.memory_resolve_conflict(memory=new, keep=keep, actor=job.thread.owner)

    assert (new.status, old.status) == (new_status, old_status)
    assert InMemoryVectorStore.records[new.vector_id].metadata["status"] == new_status
    if keep == "old":
        assert new.superseded_by_id == steak.pk  # kept as history, restorable
        restored = editing.memory_restore(memory=new, actor=job.thread.owner)
        assert restored.status == "active"


def test_an_add_retires_nothing_however_alike(job, committed):
    sea = older(
        job.thread,
        title="Loves the sea",
        content="Alice prefers quiet evenings by the sea.",
    )
    chunk = {
        "title": "Loves the sea",
        "content": "Alice prefers quiet evenings by the sea.",
        "type": "preference",
        "source_seqs": [4],
        "decision": "add",
    }
    run(job, committed, [chunk], summary="Alice prefers quiet evenings by the sea.")
    sea.refresh_from_db()
    assert sea.status == "active"  # only the extractor decides; no rule second-guesses it
    assert Memory.objects.filter(job=job, status="active").count() == 1


def test_a_decision_about_a_memory_deleted_meanwhile_becomes_an_add(job, committed):
    steak = older(job.thread)
    script_router(chunks=[VEGETARIAN], summary=DIET_SUMMARY)
    before_store = [step for step in STEPS if step.name in ("summarize", "relate", "extract")]
    with committed():
        assert run_job(job_id=job.pk, steps=before_store) == Outcome.SUCCEEDED
    MemoryJob.objects.filter(pk=job.pk).update(status=MemoryJob.Status.PENDING, claimed_at=None)
    steak.delete()
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    vegetarian = Memory.objects.get(job=job)
    assert (vegetarian.status, vegetarian.superseded_by_id) == ("active", None)


def test_only_the_memory_named_by_an_update_is_replaced(job, committed):
    steak = older(job.thread)
    colour = older(job.thread, title="Favourite colour", content="Alice likes green.")
    sister = older(
        job.thread, type="fact", title="Alice's sister", content="Alice's sister is Mira."
    )
    diet_fact = older(job.thread, type="fact", title="Diet once", content="Alice ate steak once.")
    mood = older(
        job.thread, type="emotion", title="Diet worry", content="Alice worries about food."
    )

    run(
        job,
        committed,
        [
            VEGETARIAN,
            {**VEGETARIAN, "type": "emotion", "title": "Diet mood", "decision": "add"},
        ],
    )

    for memory in (colour, sister, diet_fact, mood):
        memory.refresh_from_db()
        assert (memory.status, memory.superseded_by_id) == ("active", None), memory.title
    assert [e["memory"]["id"] for _, e in RecordingChannelLayer.events("memory.updated")] == [
        steak.pk
    ]


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
    # Only the memory this chat can show was offered to the extractor.
    assert len(shown_memories(extraction_prompt())) == 1
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
    script_router(chunks=[VEGETARIAN], summary=DIET_SUMMARY)
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
