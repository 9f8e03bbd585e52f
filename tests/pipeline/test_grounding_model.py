"""The support check with a model: the real OpenAI client against the fake OpenAI-compatible
server. The extractor returns one grounded chunk and one invented one; the verification call
says no to the invented one, which is then kept ``unverified``: out of the chat's context,
listed under the filter, and usable once the user verifies it."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from chat.context import assemble_context
from memories.models import Memory
from memories.pipeline.runner import Outcome, run_job
from tests.pipeline.conftest import write_messages
from tests.support.openai_server import FakeOpenAIServer, request_kind

OPENAI = "drawhisper.providers.openai_chat.OpenAIChatBackend"

GROUNDED = {
    "title": "Alice's cat Pixel",
    "content": "Alice adopted a grey cat named Pixel, who sleeps on her keyboard.",
    "type": "fact",
    "source_seqs": [2],
}
INVENTED = {
    "title": "Alice's boat Seagull",
    "content": "Alice owns a sailing boat called Seagull and races it every summer.",
    "type": "fact",
    "source_seqs": [4, 40],  # 40 is outside the job's range: dropped
}


@pytest.fixture
def server(settings):
    with FakeOpenAIServer() as fake:
        backend = {
            "BACKEND": OPENAI,
            "OPTIONS": {
                "base_url": fake.base_url,
                "api_key": "test",
                "model": "fake-model",
                "timeout": 5,
                "max_retries": 0,
            },
        }
        settings.LLM_BACKENDS = {**settings.LLM_BACKENDS, "summary": backend, "extract": backend}
        settings.MEMORY_SUPPORT_CHECK = "model"
        yield fake


def receipt_memory_ids(thread, question: str) -> set[int]:
    seq = thread.messages.order_by("-seq").first().seq + 1
    write_messages(thread, [("user", question)], start_seq=seq)
    context = assemble_context(thread=thread, reply_seq=seq + 1, user_name="Alice")
    return {item.id for item in context.receipt.items if item.kind == "memory"}


def test_an_invented_chunk_is_kept_unverified_out_of_context_and_listed_under_the_filter(
    server, job, thread, django_capture_on_commit_callbacks
):
    server.push({"text": "Alice told Mira about Pixel.", "match": "complete"})
    server.push({"text": json.dumps({"chunks": [GROUNDED, INVENTED]}), "match": "json"})
    server.push(
        {"text": json.dumps({"supported": True, "reason": "Alice says so."}), "match": "support"},
        {
            "text": json.dumps(
                {"supported": False, "reason": "Nobody mentions a boat called Seagull."}
            ),
            "match": "support",
        },
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert run_job(job_id=job.pk) == Outcome.SUCCEEDED

    # The extractor saw numbered lines; each check saw exactly the messages its chunk cites.
    bodies = [request["body"] for request in server.requests()]
    assert [request_kind(body) for body in bodies] == ["complete", "json", "support", "support"]
    assert "[2] Alice: I adopted a grey cat" in bodies[1]["messages"][-1]["content"]
    checked = [body["messages"][-1]["content"] for body in bodies[2:]]
    assert "[2] Alice:" in checked[0] and "[4]" not in checked[0]
    assert "[4] Alice:" in checked[1] and "[2]" not in checked[1]
    assert "Seagull" in checked[1]

    grounded, invented = Memory.objects.filter(job=job).order_by("chunk_index")
    assert (grounded.status, grounded.source_seqs) == ("active", [2])
    assert (invented.status, invented.source_seqs) == ("unverified", [4])
    assert invented.support_note == "Nobody mentions a boat called Seagull."
    job.refresh_from_db()
    assert (job.chunks_checked, job.chunks_unverified) == (2, 1)

    # Not in the chat's context, even when the user asks about exactly that.
    question = "Do you remember my sailing boat Seagull and my grey cat Pixel?"
    in_context = receipt_memory_ids(thread, question)
    assert grounded.pk in in_context and invented.pk not in in_context

    client = APIClient()
    client.force_authenticate(thread.owner)
    listed = client.get("/api/memories/").json()
    listed_ids = [memory["id"] for memory in listed["results"]]
    assert grounded.pk in listed_ids and invented.pk not in listed_ids
    unverified = client.get("/api/memories/", {"status": "unverified"}).json()["results"]
    assert [memory["id"] for memory in unverified] == [invented.pk]
    assert unverified[0]["source_seqs"] == [4]
    assert unverified[0]["support_note"] == "Nobody mentions a boat called Seagull."
    assert unverified[0]["source_url"] == f"/chat/{thread.pk}/#seq-4"

    progress = client.get(f"/api/threads/{thread.pk}/memory-progress/").json()
    assert (progress["chunks_checked"], progress["chunks_unverified"]) == (2, 1)
    assert progress["unverified_share"] == 0.5

    # The user vouches for it: from then on it is an ordinary memory.
    verified = client.patch(f"/api/memories/{invented.pk}/", {"status": "active"}, format="json")
    assert verified.status_code == 200, verified.content
    assert verified.json()["status"] == "active"
    assert invented.pk in receipt_memory_ids(thread, question)


def test_an_unreadable_verification_answer_keeps_the_chunk_unverified(server, job):
    server.push({"text": "Alice told Mira about Pixel.", "match": "complete"})
    server.push({"text": json.dumps({"chunks": [GROUNDED]}), "match": "json"})
    server.push({"text": "Sure, looks fine to me!", "match": "support"})
    assert run_job(job_id=job.pk) == Outcome.SUCCEEDED
    memory = Memory.objects.get(job=job)
    assert memory.status == "unverified"
    assert memory.support_note.startswith("The check could not be read")
