"""A 5,000-message SillyTavern chat imported through the API is kept whole and memorised in
the background, with progress the user can watch, and the character's profile of the user
is rebuilt from what was remembered.

Processes as in production: daphne (the import, the progress endpoint) and a real Celery
worker (the memory jobs, one after another, each archiving its messages), with the offline
model and the fake embedder, on the test database and a Redis database of their own. The test
uploads the file over HTTP, polls ``/api/threads/{id}/memory-progress/`` as the import page
does, and checks what a user would see at the end.
"""

from __future__ import annotations

import json
import time

import httpx
import pytest

from chat.models import Message
from memories.models import Memory, MemoryJob
from tests.factories import CharacterFactory, UserFactory
from tests.support.integration import StackOptions
from tests.support.redis_databases import RedisDatabase

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

REDIS_DB = RedisDatabase.MEMORY_IMPORT  # this module's own (tests/support/redis_databases.py)
MESSAGES = 5000
DEADLINE_SECONDS = 600  # bounds a hang; the import is expected to finish long before
# Things the user says about themselves, spread through the chat (the offline model keeps
# first-person statements); the rest is ordinary back-and-forth.
STATEMENTS = [
    "I'm a lighthouse keeper on the north cape.",
    "My sister Ines keeps bees on the roof of her bookshop.",
    "I'm terrified of deep water.",
    "I play the cello in a small orchestra.",
    "I'm allergic to strawberries.",
]


def chat_file() -> bytes:
    lines = [json.dumps({"user_name": "Ada", "character_name": "Mara", "chat_metadata": {}})]
    for n in range(MESSAGES):
        if n % 2 == 0:
            text = f"*I count the gulls on the harbour wall again.* There are {n} of them today."
            if n % 400 == 0:
                text += " " + STATEMENTS[(n // 400) % len(STATEMENTS)]
        else:
            text = f"*Mara smiles and tops up the tea.* {n} gulls, and every one of them hungry."
        lines.append(
            json.dumps(
                {
                    "name": "Ada" if n % 2 == 0 else "Mara",
                    "is_user": n % 2 == 0,
                    "send_date": f"2026-11-{1 + n * 28 // MESSAGES:02d}T10:00:00Z",
                    "mes": text,
                }
            )
        )
    return "\n".join(lines).encode()


@pytest.fixture
def stack_options():
    return StackOptions(
        name="import-test",
        redis_db=REDIS_DB,
        defaults_only=True,
        env={"LLM_PROVIDER": "offline", "EMBEDDING_PROVIDER": "fake"},
    )


def test_a_5000_message_import_keeps_every_message_and_is_memorised_with_progress(services):
    from drawhisper.accounts.services import token_for_user

    owner = UserFactory(username="ada", first_name="Ada")
    character = CharacterFactory(owner=owner, name="Mara")
    token = token_for_user(user=owner)
    client = httpx.Client(
        base_url=f"http://127.0.0.1:{services.port}",
        headers={"Authorization": f"Token {token}"},
        timeout=120,
        trust_env=False,
    )
    started = time.monotonic()
    response = client.post(
        "/api/threads/import/",
        files={"file": ("ada-and-mara.jsonl", chat_file(), "application/jsonl")},
        data={"character": str(character.pk)},
    )
    assert response.status_code == 201, response.text
    imported = response.json()
    assert imported["messages"] == MESSAGES
    thread_id = imported["thread"]["id"]
    imported_at = time.monotonic()

    seen: list[dict] = []
    while True:
        progress = client.get(f"/api/threads/{thread_id}/memory-progress/").json()
        if not seen or progress != seen[-1]:
            seen.append(progress)
        assert progress["state"] != "failed", (progress, services.worker.log())
        if progress["state"] == "idle" and progress["memorised_through_seq"] > 0:
            break
        assert time.monotonic() - started < DEADLINE_SECONDS, (seen[-3:], services.worker.log())
        time.sleep(0.5)
    finished = time.monotonic()

    final = seen[-1]
    reads = [state["messages_read"] for state in seen]
    print(
        f"import {imported_at - started:.1f} s, memories {finished - imported_at:.1f} s, "
        f"{len(seen)} progress states, jobs {MemoryJob.objects.filter(thread_id=thread_id).count()}"
    )
    # Progress advanced step by step, never backwards, while the worker was at it.
    assert reads == sorted(reads)
    assert len({read for read in reads if 0 < read < final["messages_read"]}) >= 2, seen
    assert any(state["state"] == "working" for state in seen)
    # The end: every message kept, the history read up to less than one job's worth
    # (the newest messages wait for the chat to grow), and memories made.
    assert final["messages_total"] == MESSAGES
    assert Message.objects.filter(thread_id=thread_id).count() == MESSAGES
    assert MESSAGES - final["messages_read"] < 400, final
    jobs = list(MemoryJob.objects.filter(thread_id=thread_id).order_by("start_seq"))
    assert all(job.status == "succeeded" for job in jobs)
    assert [job.start_seq for job in jobs[1:]] == [job.end_seq + 1 for job in jobs[:-1]]
    assert final["memories"] == Memory.objects.filter(origin_thread_id=thread_id).count()
    assert final["memories"] >= len(STATEMENTS), final
    remembered = " ".join(
        Memory.objects.filter(origin_thread_id=thread_id).values_list("content", flat=True)
    )
    assert "lighthouse keeper" in remembered and "cello" in remembered
    # The character's profile of the user was rebuilt from those memories by the jobs
    # themselves: what the user said about themselves in the imported chat is in it,
    # without any edit by hand.
    profile = client.get(f"/api/characters/{character.pk}/profile/")
    assert profile.status_code == 200, profile.text
    body = profile.json()
    known = " ".join(
        entry for field in ("facts", "likes", "dislikes", "relationships") for entry in body[field]
    )
    assert "lighthouse keeper" in known and "Ines" in known, body
    assert body["user_fields"] == [] and 0 < body["tokens"] <= body["max_tokens"], body
