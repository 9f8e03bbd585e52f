"""Acceptance: the real OpenAI adapter over HTTP (the fake OpenAI-compatible server) carries
the new summary and the related existing memories to the extractor, and its ``update``,
``same`` and ``conflict`` answers do what they say: history kept, no duplicate, a conflict in
the memory panel's inbox (REST) that the user settles."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from drawhisper.providers.registry import reset_backends
from memories import index as vector_services
from memories.models import Memory, MemoryJob
from memories.pipeline import PIPELINE_VERSION, STEPS
from memories.pipeline.runner import Outcome, run_job
from tests.factories import MemoryFactory, UserFactory
from tests.pipeline.conftest import write_messages
from tests.support.openai_server import FakeOpenAIServer

OPENAI = "drawhisper.providers.openai_chat.OpenAIChatBackend"
TURNS = [
    ("user", "Big news: I stopped eating meat, I'm vegetarian now. No more steak for me."),
    ("assistant", "Then the lighthouse kitchen will learn to cook lentils."),
    ("user", "Also, the bakery let me go, so maybe I teach maths at the harbour school now?"),
    ("assistant", "A teacher of sums! And Pixel, your grey cat, still sleeps on your keyboard?"),
    ("user", "Yes, my grey cat Pixel still sleeps on my keyboard every single night."),
]
NEW_SUMMARY = (
    "Alice told Mira she became vegetarian and stopped eating meat and steak, lost her bakery "
    "job and may teach maths at the harbour school; her grey cat Pixel still sleeps on her "
    "keyboard."
)
PREVIOUS_SUMMARY = "Alice visited the lighthouse and met Mira."


@pytest.fixture
def server(settings):
    with FakeOpenAIServer() as fake:
        options = {"base_url": fake.base_url, "api_key": "test-key", "timeout": 10}
        # As drawhisper.settings builds them: the summary alias wants a reasoning model.
        settings.LLM_BACKENDS = {
            alias: {"BACKEND": OPENAI, "OPTIONS": {**options, "model": model, **extra}}
            for alias, model, extra in (
                ("chat", "fake-chat", {}),
                ("summary", "o4-mini", {"reasoning": True}),
                ("extract", "fake-extract", {}),
            )
        }
        reset_backends()
        yield fake
        reset_backends()


def remember(thread, title, content, type_):
    memory = MemoryFactory(
        owner=thread.owner,
        character=thread.character,
        origin_thread=thread,
        type=type_,
        title=title,
        content=content,
    )
    vector_services.index_memories(memories=[memory])
    memory.refresh_from_db()
    return memory


def test_the_extractor_decides_update_same_and_conflict_over_http(thread, server, committed):
    diet = remember(thread, "Diet", "Alice eats meat and loves steak.", "preference")
    job_memory = remember(thread, "Job", "Alice works at the bakery on Dock Street.", "fact")
    pixel = remember(thread, "Pixel", "Alice's grey cat Pixel sleeps on her keyboard.", "fact")
    before = {diet.pk, job_memory.pk, pixel.pk}
    write_messages(thread, TURNS)
    job = MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=5, pipeline_version=PIPELINE_VERSION
    )
    from memories.models import Summary

    Summary.objects.create(thread=thread, start_seq=0, end_seq=0, text=PREVIOUS_SUMMARY)

    # Summarize and relate first: the extractor's numbers are the relate step's.
    server.push({"text": NEW_SUMMARY, "match": "complete"})
    with committed():
        first_steps = [step for step in STEPS if step.name in ("summarize", "relate")]
        assert run_job(job_id=job.pk, steps=first_steps) == Outcome.SUCCEEDED
    job.refresh_from_db()
    numbered = {m["id"]: m["ref"] for m in job.state["steps"]["relate"]["memories"]}
    assert before <= set(numbered)  # all three related memories were found
    chunks = [
        {
            "title": "Diet",
            "content": "Alice is vegetarian now and eats no meat.",
            "type": "preference",
            "source_seqs": [1],
            "decision": f"update {numbered[diet.pk]}",
        },
        {
            "title": "Job",
            "content": "Alice may teach maths at the harbour school.",
            "type": "fact",
            "source_seqs": [3],
            "decision": f"conflict {numbered[job_memory.pk]}",
        },
        {
            "title": "Pixel",
            "content": "Alice's grey cat Pixel sleeps on her keyboard every night.",
            "type": "fact",
            "source_seqs": [5],
            "decision": f"same {numbered[pixel.pk]}",
        },
    ]
    server.push({"text": json.dumps({"chunks": chunks}), "match": "json"})
    MemoryJob.objects.filter(pk=job.pk).update(status=MemoryJob.Status.PENDING, claimed_at=None)
    with committed():
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED

    # The summary request asked the reasoning model to reason; the extraction request carries
    # the new summary (not the previous one) and the existing memories by number.
    summary_request, extract_request = server.requests()[:2]
    assert summary_request["body"]["model"] == "o4-mini"
    assert summary_request["body"]["reasoning_effort"] == "medium"
    prompt = extract_request["body"]["messages"][-1]["content"]
    assert f"<new_summary>\n{NEW_SUMMARY}\n</new_summary>" in prompt
    assert PREVIOUS_SUMMARY not in prompt
    shown = prompt.split("<existing_memories>\n")[1].split("\n</existing_memories>")[0]
    shown = {item["id"]: item for item in map(json.loads, shown.splitlines())}
    assert shown[numbered[diet.pk]] == {
        "id": numbered[diet.pk],
        "type": "preference",
        "title": "Diet",
        "content": "Alice eats meat and loves steak.",
    }
    assert shown[numbered[pixel.pk]]["title"] == "Pixel"
    assert sorted(shown) == list(range(1, len(shown) + 1))  # 1..n, not database ids
    response_format = extract_request["body"]["response_format"]
    decision = response_format["json_schema"]["schema"]["properties"]["chunks"]["items"]
    assert "decision" in decision["required"]

    new = {memory.title: memory for memory in Memory.objects.filter(job=job)}
    assert set(new) == {"Diet", "Job"}  # "same": no duplicate of Pixel
    assert Memory.objects.filter(title="Pixel").count() == 1
    diet.refresh_from_db()
    assert (diet.status, diet.superseded_by_id) == ("superseded", new["Diet"].pk)
    assert diet.content == "Alice eats meat and loves steak."  # history kept
    job_memory.refresh_from_db()
    assert job_memory.status == "active"
    assert (new["Job"].status, new["Job"].conflicts_with_id) == ("conflict", job_memory.pk)

    client = APIClient()
    client.force_authenticate(thread.owner)
    # History: the update is restorable as before.
    listed = client.get("/api/memories/", {"status": "superseded"}).json()["results"]
    assert [(m["id"], m["superseded_by"]) for m in listed] == [(diet.pk, new["Diet"].pk)]
    # The conflict inbox shows both, for this user only.
    inbox = client.get("/api/memories/conflicts/", {"character": thread.character_id}).json()
    assert [(item["memory"]["id"], item["existing"]["id"]) for item in inbox["results"]] == [
        (new["Job"].pk, job_memory.pk)
    ]
    assert inbox["results"][0]["memory"]["conflicts_with_title"] == "Job"
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert stranger.get("/api/memories/conflicts/").json()["results"] == []
    assert (
        stranger.post(
            f"/api/memories/{new['Job'].pk}/resolve/", {"keep": "new"}, format="json"
        ).status_code
        == 404
    )

    answer = client.post(f"/api/memories/{new['Job'].pk}/resolve/", {"keep": "new"}, format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["memory"]["status"], body["existing"]["status"]) == ("active", "superseded")
    assert body["existing"]["superseded_by"] == new["Job"].pk
    assert client.get("/api/memories/conflicts/").json()["results"] == []
