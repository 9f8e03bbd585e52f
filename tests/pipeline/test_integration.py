"""The issue's "done when": a real worker turns a chat driven over the WebSocket into memories.

Processes: daphne (the chat: WebSocket, streaming replies, the memory trigger) and a Celery
worker (the pipeline), both on the test database and on a Redis database of their own, with
the real OpenAI adapter talking to the fake OpenAI-compatible server in this process, and the
fake embedder. The test drives two chat turns over a real WebSocket, then waits for
``memory.created`` and checks the database and the pgvector store.
"""

from __future__ import annotations

import json
import time

import pytest

from memories.models import Memory, MemoryJob, MemoryType, Summary
from tests.factories import CharacterFactory, ThreadFactory, UserFactory
from tests.support.integration import StackOptions, openai_env
from tests.support.openai_server import request_kind
from tests.support.redis_databases import RedisDatabase
from tests.support.stack import receive_until, send_turns, thread_socket

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

REDIS_DB = RedisDatabase.MEMORY_PIPELINE  # this module's own (tests/support/redis_databases.py)
TRIGGER_TOKENS = 60

USER_TURNS = [
    "I adopted a grey cat called Pixel yesterday. He already sleeps on my keyboard every night, "
    "which makes writing my thesis about tidal energy rather difficult.",
    "Tomorrow I am driving up the coast to Falmouth to visit my sister Ines, who keeps bees on "
    "the roof of her bookshop. Pixel will stay with my neighbour.",
]
REPLIES = [
    "Pixel sounds like a scholar already. Perhaps he wants co-authorship on the tidal chapter.",
    "Give Ines my regards. Mind the fog on the coast road, and bring back some honey.",
]
SUMMARY = "Alice adopted a grey cat, Pixel, on 2026-11-28 and planned a visit to her sister Ines in Falmouth."
CHUNKS = [
    {
        "title": "Alice's cat Pixel",
        "content": "Alice adopted a grey cat named Pixel, who sleeps on her keyboard.",
        "type": "fact",
        "source_seqs": [1],
    },
    {
        "title": "Sister Ines",
        "content": "Alice's sister Ines keeps bees on the roof of her bookshop in Falmouth.",
        "type": "relationship",
        "source_seqs": [3],
    },
]


@pytest.fixture
def stack_options(llm_server, pgvector_store):
    return StackOptions(
        name="pipeline-test",
        redis_db=REDIS_DB,
        env=openai_env(llm_server, MEMORY_TRIGGER_TOKENS=str(TRIGGER_TOKENS)),
        web_timeout=60,
    )


def test_a_chat_past_the_threshold_becomes_memories_in_db_vectors_and_on_the_socket(
    services, llm_server, pgvector_store
):
    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="alice", first_name="Alice")
    character = CharacterFactory(owner=owner, name="Mira", greeting="")
    thread = ThreadFactory(owner=owner, character=character)
    token = token_for_user(user=owner)

    llm_server.push(*({"text": reply, "match": "stream"} for reply in REPLIES))
    llm_server.push({"text": SUMMARY, "match": "complete"})
    llm_server.push({"status": 429, "match": "json"})  # the adapter retries a rate limit
    llm_server.push({"text": json.dumps({"chunks": CHUNKS}), "match": "json"})

    port = services["port"]
    seen: list[dict] = []
    with thread_socket(port, thread.pk, token) as socket:
        send_turns(socket, USER_TURNS, timeout=60, seen=seen)
        created = [receive_until(socket, "memory.created", timeout=120, seen=seen)]
        while len(created) < len(CHUNKS):
            created.append(receive_until(socket, "memory.created", timeout=30, seen=seen))

    job = MemoryJob.objects.get(thread=thread)
    assert (job.status, job.start_seq, job.end_seq) == ("succeeded", 1, 3), job.last_error
    memories = list(Memory.objects.filter(origin_thread=thread).order_by("chunk_index"))
    assert 1 <= len(memories) <= 3
    assert all(memory.type in MemoryType.values for memory in memories)
    assert [(m.title, m.type) for m in memories] == [(c["title"], c["type"]) for c in CHUNKS]
    assert sorted(event["memory"]["id"] for event in created) == [m.pk for m in memories]
    assert all(event["memory"]["origin_thread"] == thread.pk for event in created)

    stored = {record.id: record for record in pgvector_store.get([m.vector_id for m in memories])}
    assert set(stored) == {f"memory:job{job.pk}:chunk{i}" for i in range(len(memories))}
    for memory in memories:
        metadata = stored[memory.vector_id].metadata
        assert metadata["source_id"] == memory.pk and metadata["kind"] == "memory"
        assert metadata["owner"] == owner.pk and metadata["type"] == memory.type

    summary = Summary.objects.get(thread=thread, level="recent")
    assert (summary.start_seq, summary.end_seq, summary.text) == (1, 3, SUMMARY)
    assert [record.id for record in pgvector_store.get([f"summary:{summary.pk}"])] == [
        f"summary:{summary.pk}"
    ]

    # The job's messages were archived word for word; the originals are untouched.
    archive_ids = [f"message:{m.pk}" for m in thread.messages.filter(seq__lte=3)]
    deadline = time.monotonic() + 60  # the archive task runs after the job on the same worker
    while len(pgvector_store.get(archive_ids)) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(pgvector_store.get(archive_ids)) == 3, services["worker"].log()
    assert list(thread.messages.order_by("seq").values_list("content", flat=True)) == [
        USER_TURNS[0],
        REPLIES[0],
        USER_TURNS[1],
        REPLIES[1],
    ]
    kinds = [
        request_kind(request["body"])
        for request in llm_server.requests()
        if request["path"].endswith("/chat/completions")
    ]
    assert kinds.count("json") == 2  # the rate-limited extraction and its retry
    # Each memory was checked against the one message it cites, and kept active.
    assert kinds.count("support") == len(CHUNKS)
    assert [(m.source_seqs, m.status) for m in memories] == [([1], "active"), ([3], "active")]
    assert (job.chunks_checked, job.chunks_unverified) == (2, 0)


def _rest(port: int, token: str, path: str, *, method: str = "GET", body: dict | None = None):
    import urllib.request

    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method=method,
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=60) as response:
        raw = response.read()
    return json.loads(raw) if raw else None


PRONOUN_TURNS = [
    "Before we start: my pronouns are she/her, and I work nights at the lighthouse on Skerry "
    "point, keeping the lamp lit through every winter storm that rolls in off the sea.",
    "My sister Ines keeps bees on the roof of her bookshop in Falmouth, and she sends me a jar "
    "of heather honey every autumn with a note about the hive's temper.",
]
PRONOUN_CHUNKS = [
    {
        "title": "Alice's pronouns",
        "content": "Alice's pronouns are she/her.",
        "type": "fact",
        "source_seqs": [1],
    },
    {
        "title": "Sister Ines",
        "content": "Alice's sister Ines keeps bees on the roof of her bookshop in Falmouth.",
        "type": "relationship",
        "source_seqs": [3],
    },
]


def test_a_memory_kept_unverified_reaches_the_tab_and_the_profile_follows_hand_changes(
    services, llm_server
):
    """The support check says no to the second chunk: the open tab hears of it as
    ``memory.created`` with status ``unverified``, and the profile (pronouns from the first)
    leaves it out. Verifying it over REST puts it in the profile; deleting the first takes the
    pronouns out again; a pronoun the user wrote stays theirs."""
    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="alice", first_name="Alice")
    character = CharacterFactory(owner=owner, name="Mira", greeting="")
    thread = ThreadFactory(owner=owner, character=character)
    token = token_for_user(user=owner)
    llm_server.push(*({"text": reply, "match": "stream"} for reply in REPLIES))
    llm_server.push({"text": SUMMARY, "match": "complete"})
    llm_server.push({"text": json.dumps({"chunks": PRONOUN_CHUNKS}), "match": "json"})
    llm_server.push(
        {"text": json.dumps({"supported": True, "reason": "She says so."}), "match": "support"},
        {"text": json.dumps({"supported": False, "reason": "No bees."}), "match": "support"},
    )

    port = services["port"]
    seen: list[dict] = []
    with thread_socket(port, thread.pk, token) as socket:
        send_turns(socket, PRONOUN_TURNS, timeout=60, seen=seen)
        created = [receive_until(socket, "memory.created", timeout=120, seen=seen)]
        created.append(receive_until(socket, "memory.created", timeout=30, seen=seen))
        statuses = {event["memory"]["title"]: event["memory"]["status"] for event in created}
        assert statuses == {"Alice's pronouns": "active", "Sister Ines": "unverified"}
        kept_out = next(e["memory"] for e in created if e["memory"]["status"] == "unverified")
        assert kept_out["support_note"] == "No bees."

        profile_path = f"/api/characters/{character.pk}/profile/"
        profile = _rest(port, token, profile_path)
        assert profile["pronouns"] == "she/her"
        assert profile["relationships"] == []  # the unverified memory is not in it

        # The user verifies it: the profile has it in the same commit, and the tab hears it.
        _rest(
            port,
            token,
            f"/api/memories/{kept_out['id']}/",
            method="PATCH",
            body={"status": "active"},
        )
        updated = receive_until(socket, "memory.updated", timeout=30, seen=seen)
        assert (updated["memory"]["id"], updated["memory"]["status"]) == (kept_out["id"], "active")
        assert _rest(port, token, profile_path)["relationships"] == [PRONOUN_CHUNKS[1]["content"]]

        # The pronoun memory deleted: the profile no longer says so.
        pronoun_memory = next(e["memory"] for e in created if e["memory"]["status"] == "active")
        _rest(port, token, f"/api/memories/{pronoun_memory['id']}/", method="DELETE")
        assert _rest(port, token, profile_path)["pronouns"] == ""

    # What the user writes wins over what any memory says.
    _rest(port, token, profile_path, method="PATCH", body={"pronouns": "they/them"})
    restored = _rest(
        port,
        token,
        "/api/memories/",
        method="POST",
        body={
            "character": character.pk,
            "type": "fact",
            "title": "Pronouns",
            "content": "Alice's pronouns are she/her.",
        },
    )
    assert restored["status"] == "active"
    assert _rest(port, token, profile_path)["pronouns"] == "they/them"
