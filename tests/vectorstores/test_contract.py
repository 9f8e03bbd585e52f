"""The VectorStore contract, run against every adapter with the same assertions.

pgvector runs on the embedded PostgreSQL; S3 Vectors runs through the real boto3 client
against a moto server. Expected answers are computed by brute force in Python, so "scores
are comparable" means: every adapter returns the true cosine ranking and scores."""

from __future__ import annotations

import math
import random

import pytest

from memories.index.stores import VectorFilter, VectorRecord
from memories.index.stores.validation import InvalidVectorRecord, matches
from tests.vectorstores.conftest import make_store

DIMENSIONS = 8
TOLERANCE = 1e-5


def unit(rng: random.Random, dimensions: int = DIMENSIONS) -> list[float]:
    vector = [rng.gauss(0, 1) for _ in range(dimensions)]
    norm = math.sqrt(sum(value * value for value in vector))
    return [value / norm for value in vector]


def cosine(left, right) -> float:
    dot = sum(a * b for a, b in zip(left, right, strict=True))
    return dot / (math.sqrt(sum(a * a for a in left)) * math.sqrt(sum(b * b for b in right)))


def meta(
    owner=1,
    character=10,
    thread=100,
    kind="memory",
    type="fact",
    shared=False,
    status="active",
    **extra,
):  # noqa: A002
    return {
        "owner": owner,
        "character": character,
        "thread": thread,
        "kind": kind,
        "type": type,
        "shared": shared,
        "status": status,
        **extra,
    }


def dataset(seed: int = 1) -> list[VectorRecord]:
    """Two owners, two characters, two threads, every kind, several types and statuses."""
    rng = random.Random(seed)
    records = []
    kinds = ["memory", "memory", "summary", "message"]
    types = ["fact", "preference", "relationship", "emotion"]
    for index in range(60):
        kind = kinds[index % 4]
        records.append(
            VectorRecord(
                id=f"{kind}:{index}",
                vector=unit(rng),
                metadata=meta(
                    owner=1 + index % 2,
                    character=10 + (index // 2) % 2,
                    thread=100 + (index // 4) % 2,
                    kind=kind,
                    type=types[index % 4] if kind == "memory" else "",
                    shared=index % 3 == 0,
                    status="superseded" if index % 7 == 0 else "active",
                    source_id=index,
                ),
            )
        )
    return records


def brute_force(records, query, vector_filter, top_k=10, min_score=None):
    scored = [
        (cosine(query, record.vector), record.id)
        for record in records
        if matches(dict(record.metadata), vector_filter)
    ]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [
        (record_id, score)
        for score, record_id in scored[:top_k]
        if min_score is None or score >= min_score
    ]


def assert_same_hits(hits, expected):
    assert [hit.id for hit in hits] == [record_id for record_id, _ in expected]
    for hit, (_, score) in zip(hits, expected, strict=True):
        assert hit.score == pytest.approx(score, abs=TOLERANCE)


def test_upsert_is_idempotent(store):
    records = dataset()
    store.upsert(records)
    store.upsert(records)
    assert store.count() == len(records)
    changed = VectorRecord(
        id="memory:0", vector=records[0].vector, metadata=meta(type="emotion", source_id=0)
    )
    store.upsert([changed])
    assert store.count() == len(records)
    assert store.get(["memory:0"])[0].metadata["type"] == "emotion"


def test_a_repeated_id_in_one_batch_keeps_the_last_record(store):
    rng = random.Random(2)
    store.upsert(
        [
            VectorRecord("a", unit(rng), meta(type="fact")),
            VectorRecord("a", unit(rng), meta(type="emotion")),
        ]
    )
    assert store.count() == 1
    assert store.get(["a"])[0].metadata["type"] == "emotion"


def test_filters_isolate_owners(store):
    records = dataset()
    store.upsert(records)
    query = unit(random.Random(3))
    for owner in (1, 2):
        hits = store.query(query, filter=VectorFilter(owner=owner, status=None), top_k=100)
        assert hits and {hit.metadata["owner"] for hit in hits} == {owner}
        assert len(hits) == sum(1 for record in records if record.metadata["owner"] == owner)
    assert store.query(query, filter=VectorFilter(owner=999, status=None)) == []


@pytest.mark.parametrize(
    "vector_filter",
    [
        VectorFilter(owner=1),
        VectorFilter(owner=1, status=None),
        VectorFilter(owner=1, status="superseded"),
        VectorFilter(owner=1, character=11),
        VectorFilter(owner=2, character=10, thread=101),
        VectorFilter(owner=1, kinds=("memory",)),
        VectorFilter(owner=2, kinds=("summary", "message")),
        VectorFilter(owner=1, kinds=("memory",), types=("fact", "relationship")),
        VectorFilter(owner=2, shared=True),
        VectorFilter(owner=1, shared=False, character=10, kinds=("memory",), status=None),
    ],
    ids=lambda f: ",".join(f"{k}={v}" for k, v in vars(f).items() if v is not None),
)
def test_filters_select_exactly_the_matching_records(store, vector_filter):
    records = dataset()
    store.upsert(records)
    query = unit(random.Random(4))
    expected = brute_force(records, query, vector_filter, top_k=100)
    assert expected, "the dataset should have matches for every filter"
    assert_same_hits(store.query(query, filter=vector_filter, top_k=100), expected)
    assert store.count(vector_filter) == len(expected)


def test_an_empty_choice_matches_nothing(store):
    store.upsert(dataset())
    query = unit(random.Random(5))
    assert store.query(query, filter=VectorFilter(owner=1, kinds=())) == []
    assert store.query(query, filter=VectorFilter(owner=1, types=())) == []
    assert store.count(VectorFilter(owner=1, kinds=())) == 0


def test_scores_are_cosine_similarity_best_first(store):
    records = dataset()
    store.upsert(records)
    rng = random.Random(6)
    for _ in range(3):
        query = unit(rng)
        vector_filter = VectorFilter(owner=1, status=None)
        hits = store.query(query, filter=vector_filter, top_k=5)
        assert_same_hits(hits, brute_force(records, query, vector_filter, top_k=5))
        assert all(-1.0 - TOLERANCE <= hit.score <= 1.0 + TOLERANCE for hit in hits)
    exact = records[1]
    hits = store.query(exact.vector, filter=VectorFilter(owner=2, status=None), top_k=1)
    assert hits[0].id == exact.id and hits[0].score == pytest.approx(1.0, abs=TOLERANCE)


def test_min_score_drops_weaker_hits(store):
    records = dataset()
    store.upsert(records)
    query = unit(random.Random(7))
    vector_filter = VectorFilter(owner=1, status=None)
    expected = brute_force(records, query, vector_filter, top_k=30, min_score=0.2)
    assert 0 < len(expected) < 30
    hits = store.query(query, filter=vector_filter, top_k=30, min_score=0.2)
    assert_same_hits(hits, expected)
    assert all(hit.score >= 0.2 for hit in hits)


def test_deletes_are_visible_at_once(store):
    records = dataset()
    store.upsert(records)
    query = records[0].vector
    vector_filter = VectorFilter(owner=1, status=None)
    assert store.query(query, filter=vector_filter, top_k=1)[0].id == records[0].id
    store.delete([records[0].id, "no-such-id"])
    assert records[0].id not in {
        hit.id for hit in store.query(query, filter=vector_filter, top_k=50)
    }
    assert store.get([records[0].id]) == []
    assert store.count() == len(records) - 1
    store.delete([records[0].id])  # deleting twice is fine
    assert store.count() == len(records) - 1


def test_get_returns_vectors_and_metadata_in_the_order_asked(store):
    records = dataset()
    store.upsert(records)
    wanted = [records[5].id, "missing", records[2].id]
    found = store.get(wanted)
    assert [record.id for record in found] == [records[5].id, records[2].id]
    assert found[0].metadata == {
        key: value for key, value in records[5].metadata.items() if value is not None
    }
    assert found[0].vector == pytest.approx(list(records[5].vector), abs=1e-6)


def test_count_with_and_without_a_filter(store):
    records = dataset()
    store.upsert(records)
    assert store.count() == len(records)
    assert store.count(VectorFilter(owner=2, status=None)) == sum(
        1 for r in records if r.metadata["owner"] == 2
    )
    assert store.count(VectorFilter(owner=2)) == sum(
        1 for r in records if r.metadata["owner"] == 2 and r.metadata["status"] == "active"
    )


def test_none_metadata_is_not_stored(store):
    rng = random.Random(8)
    store.upsert([VectorRecord("hand-made", unit(rng), meta(thread=None))])
    record = store.get(["hand-made"])[0]
    assert "thread" not in record.metadata
    assert store.query(record.vector, filter=VectorFilter(owner=1), top_k=1)[0].id == "hand-made"


@pytest.mark.parametrize(
    "record, message",
    [
        (VectorRecord("short", [1.0, 0.0], meta()), "dimensions"),
        (VectorRecord("zero", [0.0] * DIMENSIONS, meta()), "zeros"),
        (VectorRecord("nan", [float("nan")] + [1.0] * (DIMENSIONS - 1), meta()), "NaN"),
        (VectorRecord("no-owner", [1.0] * DIMENSIONS, {"kind": "memory"}), "owner"),
        (VectorRecord("big", [1.0] * DIMENSIONS, meta(note="x" * 3000)), "filterable"),
        (VectorRecord("huge", [1.0] * DIMENSIONS, meta(text="x" * 50_000)), "at most"),
        (VectorRecord("", [1.0] * DIMENSIONS, meta()), "characters"),
    ],
    ids=lambda value: value if isinstance(value, str) else value.id or "empty-id",
)
def test_every_adapter_refuses_the_same_bad_records(store, record, message):
    with pytest.raises(InvalidVectorRecord, match=message):
        store.upsert([record])
    assert store.count() == 0


def test_long_text_fits_under_a_non_filterable_key(store):
    rng = random.Random(9)
    store.upsert([VectorRecord("long", unit(rng), meta(text="x" * 10_000))])
    assert store.get(["long"])[0].metadata["text"] == "x" * 10_000


def test_models_live_apart(store):
    """Another embedding model's vectors are another space: invisible, and dropped alone."""
    rng = random.Random(10)
    store.upsert([VectorRecord("a", unit(rng), meta())])
    other = store.for_model(model_id="other-model-4", dimensions=4)
    other.upsert([VectorRecord("b", unit(rng, 4), meta())])
    assert list(store.list_ids()) == ["a"] and list(other.list_ids()) == ["b"]
    assert other.query(unit(rng, 4), filter=VectorFilter(owner=1), top_k=5)[0].id == "b"
    other.drop()
    assert other.count() == 0 and store.count() == 1


def test_list_ids_lists_every_vector(store):
    records = dataset()
    store.upsert(records)
    assert sorted(store.list_ids()) == sorted(record.id for record in records)


@pytest.mark.django_db
def test_both_adapters_rank_and_score_alike(aws_environment):
    records = dataset(seed=11)
    stores = [make_store("pgvector"), make_store("s3vectors", endpoint=aws_environment)]
    for each in stores:
        each.upsert(records)
    rng = random.Random(12)
    for vector_filter in (
        VectorFilter(owner=1),
        VectorFilter(owner=2, kinds=("memory",), status=None),
    ):
        query = unit(rng)
        pg_hits, s3_hits = (each.query(query, filter=vector_filter, top_k=10) for each in stores)
        assert [hit.id for hit in pg_hits] == [hit.id for hit in s3_hits]
        for pg_hit, s3_hit in zip(pg_hits, s3_hits, strict=True):
            assert pg_hit.score == pytest.approx(s3_hit.score, abs=TOLERANCE)
            assert pg_hit.metadata == s3_hit.metadata
