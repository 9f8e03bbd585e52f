"""S3 Vectors specifics: the index it creates, batching at the service limits, the filter
language, retries with backoff on throttling, and clear errors for what retrying cannot fix."""

from __future__ import annotations

import random

import boto3
import pytest
from botocore.stub import Stubber

from drawhisper.providers.base import PermanentProviderError, TransientProviderError
from memories.index.stores import VectorFilter, VectorRecord
from memories.index.stores.s3vectors import S3VectorStore, index_slug, translate_filter
from memories.index.stores.validation import NON_FILTERABLE_KEYS
from tests.vectorstores.conftest import make_store
from tests.vectorstores.test_contract import meta, unit


def count_calls(store: S3VectorStore) -> dict[str, list[int]]:
    """Operation name -> size of each call's batch (vectors or keys), from botocore events."""
    calls: dict[str, list[int]] = {}

    def record(params, model, **_):
        size = len(params.get("vectors") or params.get("keys") or [])
        calls.setdefault(model.name, []).append(size)

    store.client.meta.events.register("provide-client-params.s3vectors.*", record)
    return calls


def test_the_index_is_created_on_demand_for_the_model(aws_environment, db):
    store = make_store(
        "s3vectors", endpoint=aws_environment, dimensions=8, model_id="all-MiniLM-L6-v2-8"
    )
    store.upsert([VectorRecord("a", unit(random.Random(1)), meta())])
    index = store.client.get_index(vectorBucketName=store.bucket, indexName=store.index_name)[
        "index"
    ]
    assert store.index_name.endswith("-all-minilm-l6-v2-8")
    assert index["dimension"] == 8
    assert index["distanceMetric"] == "cosine"
    assert index["dataType"] == "float32"
    assert index["metadataConfiguration"]["nonFilterableMetadataKeys"] == list(NON_FILTERABLE_KEYS)


def test_writes_and_reads_are_batched_at_the_service_limits(aws_environment, db):
    store = make_store("s3vectors", endpoint=aws_environment, dimensions=4)
    calls = count_calls(store)
    rng = random.Random(2)
    records = [VectorRecord(f"v{index}", unit(rng, 4), meta()) for index in range(1201)]
    store.upsert(records)
    assert calls["PutVectors"] == [500, 500, 201]
    assert len(store.get([record.id for record in records[:250]])) == 250
    assert calls["GetVectors"] == [100, 100, 50]
    store.delete([record.id for record in records])
    assert calls["DeleteVectors"] == [500, 500, 201]
    assert store.count() == 0


def test_top_k_is_capped_at_the_service_limit(aws_environment, db):
    store = make_store("s3vectors", endpoint=aws_environment, dimensions=4)
    calls: list[int] = []
    store.client.meta.events.register(
        "provide-client-params.s3vectors.QueryVectors",
        lambda params, **_: calls.append(params["topK"]),
    )
    store.upsert([VectorRecord("a", unit(random.Random(3), 4), meta())])
    store.query(unit(random.Random(4), 4), filter=VectorFilter(owner=1), top_k=500)
    assert calls == [100]


def test_filters_use_the_s3_vectors_language():
    assert translate_filter(VectorFilter(owner=7, status=None)) == {"owner": {"$eq": 7}}
    assert translate_filter(
        VectorFilter(
            owner=7,
            character=3,
            thread=9,
            kinds=("memory", "summary"),
            types=("fact",),
            shared=True,
        )
    ) == {
        "$and": [
            {"owner": {"$eq": 7}},
            {"character": {"$eq": 3}},
            {"thread": {"$eq": 9}},
            {"shared": {"$eq": True}},
            {"status": {"$eq": "active"}},
            {"kind": {"$in": ["memory", "summary"]}},
            {"type": {"$in": ["fact"]}},
        ]
    }


def test_index_names_follow_the_model_and_stay_within_limits():
    assert index_slug("text-embedding-3-small-1536") == "text-embedding-3-small-1536"
    assert index_slug("Some/Org_Model v2-768") == "some-org-model-v2-768"
    long_name = index_slug("x" * 80)
    assert len(long_name) <= 40 and long_name != index_slug("x" * 81)
    store = S3VectorStore(bucket="bucket-b", index="memories", model_id="y" * 90, dimensions=4)
    assert 3 <= len(store.index_name) <= 63


# --------------------------------------------------------------------------- retries


def stubbed_store(**options) -> tuple[S3VectorStore, Stubber, list[float]]:
    client = boto3.client(
        "s3vectors",
        region_name="us-east-1",
        endpoint_url="http://127.0.0.1:9",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    delays: list[float] = []
    store = S3VectorStore(
        bucket="bucket-b",
        index="memories",
        model_id="m-4",
        dimensions=4,
        client=client,
        sleep=delays.append,
        guarded=False,  # no database in these tests: only the client's behaviour
        **options,
    )
    stubber = Stubber(client)
    stubber.add_response(
        "get_index",
        {
            "index": {
                "vectorBucketName": "bucket-b",
                "indexName": store.index_name,
                "indexArn": "arn:aws:s3vectors:us-east-1:123456789012:bucket/bucket-b/index/x",
                "creationTime": "2026-01-01T00:00:00Z",
                "dataType": "float32",
                "dimension": 4,
                "distanceMetric": "cosine",
            }
        },
    )
    return store, stubber, delays


RECORD = VectorRecord("a", [1.0, 0.0, 0.0, 0.0], meta())


@pytest.mark.parametrize(
    "code, status",
    [
        ("ThrottlingException", 429),
        ("TooManyRequestsException", 429),
        ("ServiceUnavailableException", 503),
        ("InternalServerException", 500),
    ],
)
def test_throttling_and_server_errors_are_retried_with_growing_backoff(code, status):
    store, stubber, delays = stubbed_store(backoff_base=1.0)
    stubber.add_client_error("put_vectors", service_error_code=code, http_status_code=status)
    stubber.add_client_error("put_vectors", service_error_code=code, http_status_code=status)
    stubber.add_client_error("put_vectors", service_error_code=code, http_status_code=status)
    stubber.add_response("put_vectors", {})
    with stubber:
        store.upsert([RECORD])
    stubber.assert_no_pending_responses()
    assert len(delays) == 3
    assert 0.5 <= delays[0] <= 1.0 and 1.0 <= delays[1] <= 2.0 and 2.0 <= delays[2] <= 4.0


def test_still_throttled_after_every_attempt_is_a_transient_error():
    store, stubber, delays = stubbed_store(max_attempts=3)
    for _ in range(3):
        stubber.add_client_error(
            "put_vectors", service_error_code="ThrottlingException", http_status_code=429
        )
    with stubber, pytest.raises(TransientProviderError, match="3 attempts"):
        store.upsert([RECORD])
    assert len(delays) == 2


def test_a_refused_request_is_not_retried():
    store, stubber, delays = stubbed_store()
    stubber.add_client_error(
        "put_vectors",
        service_error_code="ValidationException",
        service_message="bad metadata",
        http_status_code=400,
    )
    with stubber, pytest.raises(PermanentProviderError, match="bad metadata"):
        store.upsert([RECORD])
    assert delays == []


def test_an_index_of_another_dimension_is_a_clear_error(aws_environment, db):
    first = make_store("s3vectors", endpoint=aws_environment, dimensions=8, model_id="same-name")
    first.upsert([VectorRecord("a", unit(random.Random(5)), meta())])
    clash = S3VectorStore(
        bucket=first.bucket,
        index=first.index,
        endpoint_url=aws_environment,
        model_id="same-name",
        dimensions=16,
        guarded=False,  # the model guard would refuse first; check the index's own check
    )
    with pytest.raises(PermanentProviderError, match="reindex_memories"):
        clash.query(unit(random.Random(6), 16), filter=VectorFilter(owner=1))


def test_a_store_built_from_settings_reads_its_model_from_the_embedder(s3_store_settings, db):
    from memories.index.stores import get_vector_store

    store = get_vector_store()
    assert (store.model_id, store.dimensions) == ("fake-64", 64)
    assert store.location.startswith("s3vectors:drawhisper-tests/")
    store.upsert([VectorRecord("a", unit(random.Random(7), 64), meta())])
    assert store.count() == 1


def test_an_unreachable_endpoint_is_retried_then_transient(aws_environment):
    delays: list[float] = []
    store = S3VectorStore(
        bucket="bucket-b",
        index="memories",
        endpoint_url="http://127.0.0.1:9",
        model_id="m-4",
        dimensions=4,
        max_attempts=2,
        sleep=delays.append,
        guarded=False,
    )
    with pytest.raises(TransientProviderError, match="2 attempts"):
        store.count()
    assert len(delays) == 1


def test_reads_before_the_first_write_answer_empty_and_create_nothing(aws_environment, db):
    store = make_store("s3vectors", endpoint=aws_environment)
    assert store.query(unit(random.Random(8)), filter=VectorFilter(owner=1)) == []
    assert store.get(["a"]) == [] and store.count() == 0 and list(store.list_ids()) == []
    store.delete(["a"])
    with pytest.raises(store.client.exceptions.NotFoundException):
        store.client.get_index(vectorBucketName=store.bucket, indexName=store.index_name)


def test_a_write_after_the_index_was_dropped_recreates_it(aws_environment, db):
    store = make_store("s3vectors", endpoint=aws_environment)
    rng = random.Random(9)
    store.upsert([VectorRecord("a", unit(rng), meta())])
    store.for_model(model_id=store.model_id, dimensions=store.dimensions).drop()  # another process
    assert store.count() == 0
    store.upsert([VectorRecord("b", unit(rng), meta())])
    assert list(store.list_ids()) == ["b"]


def _listed(*keys: str, owner: int | None = None) -> list[dict]:
    return [{"key": key, **({"metadata": meta(owner=owner)} if owner else {})} for key in keys]


def test_listing_follows_next_token_through_every_page():
    """moto answers list_vectors in one page, so the nextToken loop only runs against the
    service's real response shape, given here by botocore's Stubber."""
    store, stubber, _delays = stubbed_store()
    where = {"vectorBucketName": "bucket-b", "indexName": store.index_name}
    first = {**where, "maxResults": 1000, "returnMetadata": False}
    stubber.add_response(
        "list_vectors", {"vectors": _listed("a", "b"), "nextToken": "page-2"}, first
    )
    stubber.add_response(
        "list_vectors",
        {"vectors": _listed("c"), "nextToken": "page-3"},
        {**first, "nextToken": "page-2"},
    )
    stubber.add_response(
        "list_vectors", {"vectors": _listed("d")}, {**first, "nextToken": "page-3"}
    )
    with stubber:
        assert list(store.list_ids()) == ["a", "b", "c", "d"]
    stubber.assert_no_pending_responses()


def test_a_filtered_count_reads_metadata_on_every_page():
    store, stubber, _delays = stubbed_store()
    where = {"vectorBucketName": "bucket-b", "indexName": store.index_name}
    first = {**where, "maxResults": 1000, "returnMetadata": True}
    stubber.add_response(
        "list_vectors",
        {"vectors": _listed("a", owner=1) + _listed("b", owner=2), "nextToken": "next"},
        first,
    )
    stubber.add_response(
        "list_vectors", {"vectors": _listed("c", owner=1)}, {**first, "nextToken": "next"}
    )
    with stubber:
        assert store.count(VectorFilter(owner=1, status=None)) == 2
    stubber.assert_no_pending_responses()


def test_an_empty_last_page_ends_the_listing():
    store, stubber, _delays = stubbed_store()
    where = {"vectorBucketName": "bucket-b", "indexName": store.index_name}
    first = {**where, "maxResults": 1000, "returnMetadata": False}
    stubber.add_response("list_vectors", {"vectors": _listed("a"), "nextToken": "t"}, first)
    stubber.add_response("list_vectors", {"vectors": []}, {**first, "nextToken": "t"})
    with stubber:
        assert store.count() == 1
    stubber.assert_no_pending_responses()
