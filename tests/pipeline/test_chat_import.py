"""An imported chat history is memorised in the background, one job after another, and its
progress can be watched until the whole history is covered."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from memories.models import Memory, MemoryJob
from tests.factories import CharacterFactory, UserFactory
from tests.pipeline.conftest import script_router

pytestmark = pytest.mark.django_db


def test_an_imported_history_is_memorised_job_after_job(
    eager_celery, django_capture_on_commit_callbacks
):
    owner = UserFactory(username="ada")
    character = CharacterFactory(owner=owner, name="Mara")
    client = APIClient()
    client.force_authenticate(owner)
    lines = [json.dumps({"user_name": "Ada", "character_name": "Mara", "chat_metadata": {}})]
    for n in range(300):
        text = f"Entry {n}: I walked the harbour wall again and counted the gulls, there were {n}."
        lines.append(json.dumps({"name": "x", "is_user": n % 2 == 1, "mes": text}))
    script_router(times=60)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/threads/import/",
            {
                "file": SimpleUploadedFile("chat.jsonl", "\n".join(lines).encode()),
                "character": character.pk,
            },
            format="multipart",
        )
    assert response.status_code == 201, response.json()
    thread_id = response.json()["thread"]["id"]

    jobs = list(MemoryJob.objects.filter(thread_id=thread_id).order_by("start_seq"))
    assert len(jobs) >= 2 and all(job.status == "succeeded" for job in jobs)
    assert [job.start_seq for job in jobs[1:]] == [job.end_seq + 1 for job in jobs[:-1]]
    progress = client.get(f"/api/threads/{thread_id}/memory-progress/").json()
    assert progress["state"] == "idle" and progress["messages_total"] == 300
    assert progress["memorised_through_seq"] == jobs[-1].end_seq
    # What is left is less than one job's worth of tokens (it waits for more messages).
    assert 300 - progress["memorised_through_seq"] < 60
    assert progress["memories"] == Memory.objects.filter(origin_thread_id=thread_id).count() > 0
