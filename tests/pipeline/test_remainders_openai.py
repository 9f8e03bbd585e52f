"""A memory that holds several facts, one of which changes: the real OpenAI adapter over
HTTP (the fake OpenAI-compatible server) answers ``update n`` with a ``remainder``, and the
old memory is retired (history kept) while what of it still holds stays in context as a
memory of its own, with the old memory's reach; restoring the old memory undoes both."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from drawhisper.providers.registry import reset_backends
from memories import index as vector_services
from memories.context import pinned_memories, retrieve
from memories.models import Memory, MemoryJob, MemoryPin
from memories.pipeline import PIPELINE_VERSION, STEPS
from memories.pipeline.runner import Outcome, run_job
from tests.factories import MemoryFactory, UserFactory
from tests.pipeline.conftest import write_messages
from tests.support.openai_server import FakeOpenAIServer

OPENAI = "drawhisper.providers.openai_chat.OpenAIChatBackend"
FIRST_SITTING = [
    (
        "user",
        "I live in Lisbon, in a flat by the river, and I work as a nurse at the children's hospital.",
    ),
    ("assistant", "A nurse by the river! The night shifts must be long."),
]
SECOND_SITTING = [
    ("user", "Big change: I moved to Porto last month, and I adopted a dog named Rex."),
    ("assistant", "Porto and a dog! The river follows you."),
]
NURSE = "Alice works as a nurse at the children's hospital."
OLD_CONTENT = "Alice lives in Lisbon by the river and works as a nurse at the children's hospital."
NEW_SUMMARY = "Alice told Mira she moved to Porto last month and adopted a dog named Rex."
BUDGET = 1000


@pytest.fixture
def server(settings):
    with FakeOpenAIServer() as fake:
        options = {"base_url": fake.base_url, "api_key": "test-key", "timeout": 10}
        settings.LLM_BACKENDS = {
            alias: {"BACKEND": OPENAI, "OPTIONS": {**options, "model": model}}
            for alias, model in (
                ("chat", "fake-chat"),
                ("summary", "fake-summary"),
                ("extract", "fake-extract"),
            )
        }
        settings.MEMORY_SUPPORT_CHECK = "local"
        reset_backends()
        yield fake
        reset_backends()


@pytest.fixture
def old(thread):
    """Alice's home and job in one memory, made from her first message, shared and pinned."""
    write_messages(thread, FIRST_SITTING)
    memory = MemoryFactory(
        owner=thread.owner,
        character=thread.character,
        origin_thread=thread,
        type="fact",
        title="Alice's home and work",
        content=OLD_CONTENT,
        source_seqs=[1],
        source_start_seq=1,
        source_end_seq=1,
        shared=True,
    )
    MemoryPin.objects.create(memory=memory, thread=thread)
    vector_services.index_memories(memories=[memory])
    memory.refresh_from_db()
    return memory


def related_number(server, thread, committed, memory) -> tuple[MemoryJob, int]:
    """The second sitting's job after summarize and relate, and the number it shows
    ``memory`` under."""
    write_messages(thread, SECOND_SITTING, start_seq=3)
    job = MemoryJob.objects.create(
        thread=thread, start_seq=3, end_seq=4, pipeline_version=PIPELINE_VERSION
    )
    server.push({"text": NEW_SUMMARY, "match": "complete"})
    with committed():
        first = [step for step in STEPS if step.name in ("summarize", "relate")]
        assert run_job(job_id=job.pk, steps=first) == Outcome.SUCCEEDED
    job.refresh_from_db()
    numbered = {m["id"]: m["ref"] for m in job.state["steps"]["relate"]["memories"]}
    MemoryJob.objects.filter(pk=job.pk).update(status=MemoryJob.Status.PENDING, claimed_at=None)
    return job, numbered[memory.pk]


def answer(server, number: int, remainder: str) -> None:
    chunks = [
        {
            "title": "Alice's city",
            "content": "Alice moved to Porto last month.",
            "type": "fact",
            "source_seqs": [3],
            "decision": f"update {number}",
            "remainder": remainder,
        }
    ]
    server.push({"text": json.dumps({"chunks": chunks}), "match": "json"})


@pytest.fixture
def updated(thread, old, server, committed):
    """Runs the second sitting's job, the extractor answering ``update`` of ``old`` with
    ``remainder``; with ``saved_as``, the user first saves ``old`` with that content through
    the API, between the relate step and the rest. Returns the job."""

    def run(remainder: str, *, saved_as: str | None = None) -> MemoryJob:
        job, number = related_number(server, thread, committed, old)
        if saved_as is not None:
            client = APIClient()
            client.force_authenticate(thread.owner)
            with committed():
                response = client.patch(
                    f"/api/memories/{old.pk}/", {"content": saved_as}, format="json"
                )
            assert response.status_code == 200
        answer(server, number, remainder)
        with committed():
            assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
        return job

    return run


def texts(thread, query: str) -> list[str]:
    items = retrieve(thread_id=thread.pk, query=query, budget_tokens=BUDGET)
    return [item.text for item in items if item.kind == "memory"]


def ids(thread, query: str) -> list[int]:
    items = retrieve(thread_id=thread.pk, query=query, budget_tokens=BUDGET)
    return [item.id for item in items if item.kind == "memory"]


def test_an_update_with_a_remainder_retires_one_fact_and_keeps_the_other(
    thread, old, server, committed, updated
):
    job = updated(NURSE)

    # The request explains the remainder and asks for it in the schema.
    extract_request = next(
        request for request in server.requests() if "response_format" in request["body"]
    )
    system = extract_request["body"]["messages"][0]["content"]
    assert '"Mara lives in Lisbon and works as a nurse."' in system
    assert 'remainder "Mara works as a nurse."' in system
    items = extract_request["body"]["response_format"]["json_schema"]["schema"]["properties"]
    chunk_schema = items["chunks"]["items"]
    assert "remainder" in chunk_schema["required"]

    old.refresh_from_db()
    new = Memory.objects.get(job=job, chunk_index=0)
    kept = Memory.objects.get(remainder_of=old)
    assert (old.status, old.superseded_by_id, old.content) == ("superseded", new.pk, OLD_CONTENT)
    assert new.status == "active"
    assert (kept.status, kept.type, kept.job_id) == ("active", "fact", job.pk)
    assert kept.content == "Alice works as a nurse at the children's hospital."
    assert kept.title == "Alice works as a nurse at the children's hospital"
    assert kept.source_seqs == [1]  # the old memory's messages, not the new ones
    assert kept.origin_thread_id == thread.pk
    # The old memory's reach carries over: shared, and pinned where it was pinned.
    assert kept.shared and new.shared
    assert {item.id for item in pinned_memories(thread_id=thread.pk)} == {new.pk, kept.pk}

    # Asked for the city, no memory names only the old one; asked for the job, the remainder.
    city = texts(thread, "Which city does Alice live in?")
    assert any("Porto" in text for text in city)
    assert not [text for text in city if "Lisbon" in text and "Porto" not in text]
    job_texts = texts(thread, "What is Alice's job?")
    assert any("nurse" in text for text in job_texts)
    assert not [text for text in job_texts if "Lisbon" in text]

    # The panel shows where the remainder came from, and the old memory's history.
    client = APIClient()
    client.force_authenticate(thread.owner)
    body = client.get(f"/api/memories/{kept.pk}/").json()
    assert (body["remainder_of"], body["remainder_of_title"]) == (old.pk, "Alice's home and work")
    assert client.get(f"/api/memories/{new.pk}/").json()["remainder_of"] is None
    replaced = client.get("/api/memories/", {"status": "superseded"}).json()["results"]
    assert [(m["id"], m["superseded_by"]) for m in replaced] == [(old.pk, new.pk)]

    # Running the job again changes nothing.
    rows = sorted(Memory.objects.values_list("pk", "status"))
    with committed():
        run_job(job_id=job.pk)
    assert sorted(Memory.objects.values_list("pk", "status")) == rows


def test_restoring_the_old_memory_retires_its_remainder(thread, old, committed, updated):
    updated(NURSE)
    kept = Memory.objects.get(remainder_of=old)
    client = APIClient()
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert (
        stranger.patch(f"/api/memories/{old.pk}/", {"status": "active"}, format="json").status_code
        == 404
    )
    client.force_authenticate(thread.owner)
    with committed():
        response = client.patch(f"/api/memories/{old.pk}/", {"status": "active"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "active"
    kept.refresh_from_db()
    assert (kept.status, kept.superseded_by_id) == ("superseded", old.pk)
    # The job's facts come from the old memory again, once: the remainder left the context.
    retrieved = ids(thread, "What is Alice's job?")
    assert old.pk in retrieved
    assert kept.pk not in retrieved
    assert kept.pk not in {item.id for item in pinned_memories(thread_id=thread.pk)}
    # The remainder is history in turn, restorable like any replaced memory.
    replaced = client.get("/api/memories/", {"status": "superseded"}).json()["results"]
    assert (kept.pk, old.pk) in [(m["id"], m["superseded_by"]) for m in replaced]


def test_a_remainder_the_old_messages_do_not_support_is_kept_unverified(thread, old, updated):
    # The new messages say Alice has a dog; the old memory's messages never did.
    updated("Alice has a dog named Rex.")
    old.refresh_from_db()
    kept = Memory.objects.get(remainder_of=old)
    assert old.status == "superseded"
    assert kept.status == "unverified"
    assert kept.support_note
    assert kept.pk not in ids(thread, "Does Alice have a dog?")


def test_a_memory_the_user_edits_before_the_store_step_is_not_retired_or_cut(
    thread, old, committed, updated
):
    """The update was decided on the text the relate step read; the user then rewrote the
    memory. Their text stays as they wrote it, active, and no remainder is made from the old
    text: the new memory waits in the conflict inbox beside theirs."""
    edited = "Alice lives in Lisbon and works nights as a paediatric nurse."
    job = updated(NURSE, saved_as=edited)
    client = APIClient()
    client.force_authenticate(thread.owner)

    old.refresh_from_db()
    new = Memory.objects.get(job=job, chunk_index=0)
    assert (old.status, old.content, old.superseded_by_id) == ("active", edited, None)
    assert not Memory.objects.filter(remainder_of=old).exists()
    assert not Memory.objects.filter(content__contains="children's hospital").exists()
    assert (new.status, new.conflicts_with_id) == ("conflict", old.pk)
    inbox = client.get("/api/memories/conflicts/", {"character": thread.character_id}).json()
    assert [(item["memory"]["id"], item["existing"]["id"]) for item in inbox["results"]] == [
        (new.pk, old.pk)
    ]
    # In context, the user's text, not the new memory waiting for their decision.
    assert old.pk in ids(thread, "Where does Alice live and work?")
    assert new.pk not in ids(thread, "Where does Alice live and work?")
    # Running the job again changes nothing.
    rows = sorted(Memory.objects.values_list("pk", "status", "content"))
    with committed():
        run_job(job_id=job.pk)
    assert sorted(Memory.objects.values_list("pk", "status", "content")) == rows


def test_a_memory_edited_to_the_same_text_is_still_updated(old, updated):
    """Saving the memory unchanged (or pinning it) is no edit of what the decision read."""
    updated(NURSE, saved_as=OLD_CONTENT)
    old.refresh_from_db()
    assert old.status == "superseded"
    assert Memory.objects.get(remainder_of=old).status == "active"
