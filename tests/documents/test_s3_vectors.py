"""Lore documents on S3 Vectors: chunks indexed, found under the document filter and deleted
with their document, through the real boto3 client (a moto server on loopback, and botocore's
Stubber for the exact calls)."""

from __future__ import annotations

import uuid

import pytest
from django.db import transaction

from memories import context
from memories.documents import Target, document_create, document_delete
from memories.documents.indexing import index_document
from memories.index import VectorFilter, get_vector_store
from memories.index.stores.s3vectors import translate_filter
from memories.models import DocumentChunk
from tests.factories import CharacterFactory, ThreadFactory
from tests.vectorstores.conftest import aws_environment, moto_endpoint  # noqa: F401 - fixtures
from tests.vectorstores.test_s3vectors import stubbed_store

pytestmark = pytest.mark.django_db(transaction=True)

BIBLE = b"# Harbour\n\nShips come in at dawn.\n\n# Lighthouse\n\nThe keeper Oren Vale collects brass compasses.\n"


@pytest.fixture
def s3_store(settings, aws_environment):  # noqa: F811 - the fixture imported above
    from drawhisper.providers.registry import reset_backends

    settings.VECTOR_STORES = {
        "default": {
            "BACKEND": "memories.index.stores.s3vectors.S3VectorStore",
            "OPTIONS": {
                "bucket": "drawhisper-tests",
                "index": f"t{uuid.uuid4().hex[:12]}",
                "region": "us-east-1",
                "endpoint_url": aws_environment,
                "backoff_base": 0.0,
            },
        }
    }
    reset_backends()
    yield get_vector_store()
    reset_backends()


def test_the_document_filter_in_s3_vectors_terms():
    assert translate_filter(
        VectorFilter(owner=7, kinds=("document",), status=None, documents=(5, 3))
    ) == {
        "$and": [
            {"owner": {"$eq": 7}},
            {"kind": {"$in": ["document"]}},
            {"document": {"$in": [3, 5]}},
        ]
    }


def test_a_chunk_vector_is_deleted_by_its_id():
    store, stubber, _ = stubbed_store()
    stubber.add_response(
        "delete_vectors",
        {},
        expected_params={
            "vectorBucketName": "bucket-b",
            "indexName": store.index_name,
            "keys": ["document:41", "document:42"],
        },
    )
    with stubber:
        store.delete(["document:41", "document:42"])
    stubber.assert_no_pending_responses()


def test_index_find_and_delete_a_document_on_s3_vectors(s3_store, eager_celery):
    thread = ThreadFactory(character=CharacterFactory(name="Mira"))
    document, _ = document_create(
        owner=thread.owner,
        target=Target(character_id=thread.character_id),
        name="bible.md",
        data=BIBLE,
    )
    document.refresh_from_db()  # indexed by the task (eagerly) once the upload committed
    assert document.status == "ready"
    assert index_document(document_id=document.pk) == "skipped"
    ids = [f"document:{pk}" for pk in document.chunks.values_list("pk", flat=True)]
    stored = {record.id: record.metadata for record in s3_store.get(ids)}
    assert set(stored) == set(ids)
    assert all(
        meta["document"] == document.pk and meta["kind"] == "document" for meta in stored.values()
    )

    found = context.retrieve(
        thread_id=thread.pk, query="What does the keeper collect?", budget_tokens=1000
    )
    lighthouse = DocumentChunk.objects.get(document=document, heading="Lighthouse")
    assert ("document", lighthouse.pk) in {(item.kind, item.id) for item in found}

    with transaction.atomic():
        document_delete(document=document)
    # The deletion task ran after the commit (eagerly here).
    assert s3_store.get(ids) == []
    assert not DocumentChunk.objects.filter(pk=lighthouse.pk).exists()
