"""The memory pipeline's models per user: a user chooses, from their own connections, the
model that summarises their chats and the one that extracts memories; the pipeline sends its
requests there (the real OpenAI client over the fake server), and a connection that cannot be
reached fails the job at once with a reason the memory-progress status shows."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from drawhisper.accounts.connections import memory_llm_config
from drawhisper.accounts.connections.crypto import encrypt_secret
from drawhisper.accounts.models import Connection
from drawhisper.providers.fake import ScriptedChatBackend
from memories.models import Memory, MemoryJob
from memories.pipeline.runner import Outcome, run_job
from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.pipeline.conftest import DEFAULT_CHUNKS, long_turns_job, script_router
from tests.support.openai_server import FakeOpenAIServer

pytestmark = pytest.mark.django_db

USER_KEY = "sk-user-memory-key-5566778899"
SUMMARY = "Alice told Mira about Pixel, her grey cat, and her love of the sea."


@pytest.fixture
def server():
    with FakeOpenAIServer() as fake:
        yield fake


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def connection_of(user, base_url: str, **fields) -> Connection:
    return Connection.objects.create(
        owner=user,
        name=fields.pop("name", "My server"),
        base_url=base_url,
        api_key_encrypted=encrypt_secret(USER_KEY),
        default_model=fields.pop("default_model", "server-default-model"),
        **fields,
    )


def completions(server) -> list[dict]:
    return [request for request in server.requests() if request["path"] == "/v1/chat/completions"]


def test_summary_and_extraction_go_to_the_users_connection_with_the_chosen_models(thread, server):
    connection = connection_of(thread.owner, server.base_url)
    response = client_for(thread.owner).put(
        "/api/connections/memory-models/",
        {
            "summary": {"connection": connection.pk, "model": "my-summary-model"},
            "extract": {"connection": connection.pk, "model": "my-extract-model"},
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert USER_KEY not in response.content.decode()
    server.push(
        {"text": SUMMARY, "match": "complete"},
        {"text": json.dumps({"chunks": DEFAULT_CHUNKS}), "match": "json"},
    )
    ScriptedChatBackend.reset()

    assert run_job(job_id=long_turns_job(thread).pk) == Outcome.SUCCEEDED

    summary_request, extract_request = completions(server)
    assert summary_request["body"]["model"] == "my-summary-model"
    assert "response_format" not in summary_request["body"]
    # Not an OpenAI reasoning model: no reasoning_effort it would refuse.
    assert "reasoning_effort" not in summary_request["body"]
    assert extract_request["body"]["model"] == "my-extract-model"
    assert extract_request["body"]["response_format"]["type"] == "json_schema"
    for request in (summary_request, extract_request):
        assert request["headers"]["authorization"] == f"Bearer {USER_KEY}"
    assert "Pixel" in json.dumps(summary_request["body"]["messages"])
    assert ScriptedChatBackend.calls == []  # the environment's models were not asked
    assert sorted(Memory.objects.filter(origin_thread=thread).values_list("title", flat=True)) == (
        sorted(chunk["title"] for chunk in DEFAULT_CHUNKS)
    )
    job = MemoryJob.objects.get(thread=thread)
    assert USER_KEY not in json.dumps(job.state)


def test_a_users_reasoning_model_is_asked_to_reason_when_it_summarises(thread, server):
    connection = connection_of(thread.owner, server.base_url, default_model="o4-mini")
    response = client_for(thread.owner).put(
        "/api/connections/memory-models/",
        {"summary": {"connection": connection.pk}, "extract": {"connection": connection.pk}},
        format="json",
    )
    assert response.status_code == 200, response.json()
    server.push(
        {"text": SUMMARY, "match": "complete"},
        {"text": json.dumps({"chunks": DEFAULT_CHUNKS}), "match": "json"},
    )

    assert run_job(job_id=long_turns_job(thread).pk) == Outcome.SUCCEEDED

    summary_request, extract_request = completions(server)
    assert summary_request["body"]["reasoning_effort"] == "medium"
    assert "reasoning_effort" not in extract_request["body"]


def test_a_choice_for_one_purpose_leaves_the_other_on_the_server_default(thread, server):
    connection = connection_of(thread.owner, server.base_url)
    client_for(thread.owner).put(
        "/api/connections/memory-models/",
        {"summary": {"connection": connection.pk}},  # the connection's default model
        format="json",
    )
    server.push({"text": SUMMARY, "match": "complete"})
    ScriptedChatBackend.reset()
    script_router(times=1)  # the environment's extraction model

    assert run_job(job_id=long_turns_job(thread).pk) == Outcome.SUCCEEDED

    [summary_request] = completions(server)
    assert summary_request["body"]["model"] == "server-default-model"
    assert len(ScriptedChatBackend.calls) == 1  # extraction stayed with the environment


def test_another_users_threads_keep_the_environments_models(thread, server):
    connection_of(thread.owner, server.base_url)
    other = UserFactory(username="bruno")
    other_thread = ThreadFactory(owner=other, character=CharacterFactory(owner=other))
    ScriptedChatBackend.reset()
    script_router(times=2)

    assert run_job(job_id=long_turns_job(other_thread).pk) == Outcome.SUCCEEDED

    assert completions(server) == []
    assert memory_llm_config(owner_id=other.pk, purpose="summary") is None


def test_an_unreachable_connection_fails_the_job_at_once_with_a_readable_reason(thread):
    connection = connection_of(thread.owner, "http://127.0.0.1:9/v1", name="Sleeping Ollama")
    client = client_for(thread.owner)
    client.put(
        "/api/connections/memory-models/",
        {"summary": {"connection": connection.pk, "model": "llama"}},
        format="json",
    )

    # A permanent failure: no exception for the task to retry, the job is failed now.
    assert run_job(job_id=long_turns_job(thread).pk, final_attempt=False) == Outcome.FAILED

    job = MemoryJob.objects.get(thread=thread)
    assert job.status == MemoryJob.Status.FAILED
    assert "Sleeping Ollama" in job.last_error and "could not be reached" in job.last_error
    progress = client.get(f"/api/threads/{thread.pk}/memory-progress/").json()
    assert progress["state"] == "failed"
    assert "Sleeping Ollama" in progress["error"] and "could not be reached" in progress["error"]
    browser = Client()
    browser.force_login(thread.owner)
    page = browser.get(f"/chat/{thread.pk}/memories-progress/")
    assert "could not be reached" in page.content.decode()
    assert USER_KEY not in progress["error"] and USER_KEY not in page.content.decode()


def test_a_rejected_key_fails_the_job_and_says_so(thread, server):
    connection = connection_of(thread.owner, server.base_url, name="Hosted")
    client = client_for(thread.owner)
    client.put(
        "/api/connections/memory-models/",
        {"extract": {"connection": connection.pk, "model": "m"}},
        format="json",
    )
    server.push({"status": 401, "error": f"Incorrect API key provided: {USER_KEY}"})
    ScriptedChatBackend.reset()
    script_router(times=1)

    assert run_job(job_id=long_turns_job(thread).pk) == Outcome.FAILED

    progress = client.get(f"/api/threads/{thread.pk}/memory-progress/").json()
    assert "rejected the API key" in progress["error"] and "Hosted" in progress["error"]
    assert USER_KEY not in progress["error"]


def test_a_deleted_connection_falls_back_to_the_server(thread, server):
    connection = connection_of(thread.owner, server.base_url)
    client = client_for(thread.owner)
    client.put(
        "/api/connections/memory-models/",
        {"summary": {"connection": connection.pk, "model": "x"}},
        format="json",
    )
    assert client.delete(f"/api/connections/{connection.pk}/").status_code == 204
    chosen = client.get("/api/connections/memory-models/").json()
    assert chosen["summary"]["connection"] is None
    assert memory_llm_config(owner_id=thread.owner_id, purpose="summary") is None


# -- the API -------------------------------------------------------------------------------


def test_the_choice_starts_at_the_server_default_and_is_validated(thread, server):
    owner = thread.owner
    client = client_for(owner)
    chosen = client.get("/api/connections/memory-models/").json()
    assert chosen["summary"] == {"connection": None, "model": ""}
    assert chosen["extract"] == {"connection": None, "model": ""}
    assert set(chosen["server_default"]) == {"summary", "extract"}

    theirs = connection_of(UserFactory(username="carla"), server.base_url)
    refused = client.put(
        "/api/connections/memory-models/",
        {"summary": {"connection": theirs.pk, "model": "m"}},
        format="json",
    )
    assert refused.status_code == 404  # another user's connection is as good as missing
    assert refused.json()["detail"] == f"summary.connection: no connection {theirs.pk} of yours."
    missing = client.put(
        "/api/connections/memory-models/",
        {"extract": {"connection": theirs.pk + 1000, "model": "m"}},
        format="json",
    )
    assert missing.status_code == 404 and "extract.connection" in missing.json()["detail"]
    assert client.get("/api/connections/memory-models/").json()["summary"]["connection"] is None

    no_model = connection_of(owner, server.base_url, name="Bare", default_model="")
    refused = client.put(
        "/api/connections/memory-models/",
        {"extract": {"connection": no_model.pk, "model": ""}},
        format="json",
    )
    assert refused.status_code == 400
    assert "no default model" in str(refused.json()["errors"]["extract"])

    for body, field in (
        ({"colour": "red"}, "colour"),
        ({"summary": {"connection": None, "temperature": 1}}, "summary"),
    ):
        unknown = client.put("/api/connections/memory-models/", body, format="json")
        assert unknown.status_code == 400 and field in unknown.json()["errors"]

    model_without_connection = client.put(
        "/api/connections/memory-models/",
        {"summary": {"connection": None, "model": "gpt-x"}},
        format="json",
    )
    assert model_without_connection.status_code == 400
    assert "summary" in model_without_connection.json()["errors"]
    assert client.get("/api/connections/memory-models/").json()["summary"]["connection"] is None


def test_an_out_of_range_connection_id_is_a_400_not_a_server_error(thread):
    client = client_for(thread.owner)
    response = client.put(
        "/api/connections/memory-models/",
        {"summary": {"connection": 10**20, "model": "m"}},
        format="json",
    )
    assert response.status_code == 400 and "summary" in response.json()["errors"]
    patched = client.patch(
        f"/api/threads/{thread.pk}/", {"generation": {"connection": 10**20}}, format="json"
    )
    assert patched.status_code == 400 and "generation" in patched.json()["errors"]
