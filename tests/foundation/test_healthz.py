from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_healthz_reports_every_dependency(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"]["ok"] is True
    assert body["database"]["pgvector"]
    assert body["redis"]["ok"] is True
    for key in ("vector_store", "llm", "embeddings"):
        assert "configured" in body[key]


def test_healthz_is_503_when_redis_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["redis"]["ok"] is False


def test_healthz_names_a_changed_embedding_model(client):
    from memories.index.stores import get_vector_store
    from memories.models import VectorIndexState

    store = get_vector_store()
    VectorIndexState.objects.update_or_create(
        store=store.location, defaults={"model_id": "some-older-model-768", "dimensions": 768}
    )
    body = client.get("/healthz").json()
    assert "reindex_memories" in body["vector_store"]["error"]
    assert body["vector_store"]["model"] == store.model_id
