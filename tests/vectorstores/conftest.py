"""Vector store fixtures: the embedded PostgreSQL, and S3 Vectors as the real boto3 client
talking to a moto server on loopback (with the test-only QueryVectors of moto_s3vectors)."""

from __future__ import annotations

import logging
import os
import uuid

import pytest

from memories.index.stores.pgvector import PgVectorStore
from memories.index.stores.s3vectors import S3VectorStore

AWS_TEST_ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
}


@pytest.fixture(scope="session")
def moto_endpoint():
    """One moto server for the session; every test uses its own index names."""
    from tests.vectorstores.moto_s3vectors import start_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in AWS_TEST_ENVIRONMENT.items():
            patch.setenv(name, value)
        patch.delenv("AWS_PROFILE", raising=False)
        server, endpoint = start_server()
        try:
            yield endpoint
        finally:
            server.stop()


@pytest.fixture
def aws_environment(moto_endpoint, monkeypatch):
    for name, value in AWS_TEST_ENVIRONMENT.items():
        monkeypatch.setenv(name, value)
    return moto_endpoint


def make_store(
    kind: str,
    *,
    endpoint: str | None = None,
    dimensions: int = 8,
    model_id: str | None = None,
    **options,
):
    name = f"t{uuid.uuid4().hex[:12]}"
    model_id = model_id or f"contract-{dimensions}"
    if kind == "pgvector":
        return PgVectorStore(index=name, model_id=model_id, dimensions=dimensions, **options)
    return S3VectorStore(
        bucket="drawhisper-tests",
        index=name,
        region="us-east-1",
        endpoint_url=endpoint,
        model_id=model_id,
        dimensions=dimensions,
        backoff_base=0.0,
        **options,
    )


@pytest.fixture(params=["pgvector", "s3vectors"])
def store(request, db):
    endpoint = request.getfixturevalue("aws_environment") if request.param == "s3vectors" else None
    return make_store(request.param, endpoint=endpoint)


@pytest.fixture
def s3_store_settings(settings, aws_environment):
    """Point VECTOR_STORES at the moto server (for service-level tests on S3 Vectors)."""
    settings.VECTOR_STORES = {
        "default": {
            "BACKEND": "memories.index.stores.s3vectors.S3VectorStore",
            "OPTIONS": {
                "bucket": "drawhisper-tests",
                "index": f"s{uuid.uuid4().hex[:10]}",
                "region": "us-east-1",
                "endpoint_url": aws_environment,
                "backoff_base": 0.0,
            },
        }
    }
    return settings


@pytest.fixture
def celery_eager():
    """Run Celery tasks in the test process (no broker), retries included."""
    from drawhisper.celery import app

    previous = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = previous


os.environ.setdefault("AWS_EC2_METADATA_DISABLED", "true")
