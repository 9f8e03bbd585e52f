"""Helpers of the /api/memories/ tests: create a memory through the API, list ids, read the
vector a memory's row points at."""

from __future__ import annotations

from memories.index.stores import get_vector_store
from memories.models import Memory

URL = "/api/memories/"


def create(api_client, character, **fields):
    body = {
        "character": character.pk,
        "type": "fact",
        "title": "Sister",
        "content": "Her sister is Mira.",
    }
    body.update(fields)
    response = api_client.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def listed(api_client, **params):
    response = api_client.get(URL, params)
    assert response.status_code == 200, response.json()
    return [item["id"] for item in response.json()["results"]]


def vector_of(memory_id):
    memory = Memory.objects.get(pk=memory_id)
    records = get_vector_store().get([memory.vector_id])
    return records[0] if records else None
