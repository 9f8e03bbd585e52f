"""pgvector specifics: the true top-k under a selective owner filter, on both query plans;
per-space HNSW indexes of different sizes in one table; writes in the caller's transaction."""

from __future__ import annotations

import random

import pytest
from django.db import connection, transaction

from memories.index.stores import VectorFilter, VectorRecord
from tests.vectorstores.conftest import make_store
from tests.vectorstores.test_contract import brute_force, meta, unit

pytestmark = pytest.mark.django_db

DIMENSIONS = 16
OTHERS = 3000
MINE = 12


@pytest.fixture
def crowded_store():
    """3,000 vectors of other owners and 12 of owner 1: a filter that keeps 0.4 %."""
    store = make_store("pgvector", dimensions=DIMENSIONS)
    rng = random.Random(21)
    records = [
        VectorRecord(f"other:{index}", unit(rng, DIMENSIONS), meta(owner=2 + index % 50))
        for index in range(OTHERS)
    ]
    records += [
        VectorRecord(f"mine:{index}", unit(rng, DIMENSIONS), meta(owner=1)) for index in range(MINE)
    ]
    store.upsert(records)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE memories_vector")
    return store, records


def test_a_selective_owner_filter_returns_all_of_the_owners_vectors_in_order(crowded_store):
    store, records = crowded_store
    query = unit(random.Random(22), DIMENSIONS)
    vector_filter = VectorFilter(owner=1)
    hits = store.query(query, filter=vector_filter, top_k=MINE)
    expected = brute_force(records, query, vector_filter, top_k=MINE)
    assert [hit.id for hit in hits] == [record_id for record_id, _ in expected]
    assert len(hits) == MINE


def test_the_hnsw_plan_also_returns_the_true_top_k_thanks_to_iterative_scans(crowded_store):
    """Force the HNSW index (no owner btree, no scan then sort) and check it still finds all 12:
    without iterative scans, HNSW would stop after ef_search=40 candidates, nearly all of
    them other owners' vectors, and return almost nothing."""
    store, records = crowded_store
    query = unit(random.Random(23), DIMENSIONS)
    vector_filter = VectorFilter(owner=1)
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DROP INDEX memories_vector_owner")
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("SET LOCAL enable_bitmapscan = off")
            cursor.execute("SET LOCAL enable_sort = off")
        plan = store.explain(query, filter=vector_filter, top_k=MINE)
        assert store.hnsw_index_name in plan, plan
        hits = store.query(query, filter=vector_filter, top_k=MINE)
        with connection.cursor() as cursor:  # the same query without iterative scans
            cursor.execute("SET LOCAL hnsw.iterative_scan = off")
            where, params = store._where(vector_filter)
            cursor.execute(
                f"SELECT key FROM memories_vector WHERE {where} ORDER BY {store._distance_sql()} LIMIT %s",
                [*params, "[" + ",".join(map(str, query)) + "]", MINE],
            )
            without_iterative_scan = cursor.fetchall()
        transaction.set_rollback(True)
    expected = brute_force(records, query, vector_filter, top_k=MINE)
    assert [hit.id for hit in hits] == [record_id for record_id, _ in expected]
    assert len(without_iterative_scan) < MINE  # what the iterative scan saves us from


@pytest.mark.django_db(transaction=True)
def test_the_search_settings_hold_for_the_search_only_not_for_the_connection():
    """Outside any transaction the settings and the search go as one string, which
    PostgreSQL runs as one transaction: the connection's later statements see the defaults."""
    store = make_store("pgvector", dimensions=DIMENSIONS, model_id="settings-test")
    rng = random.Random(26)
    store.upsert([VectorRecord(f"r{n}", unit(rng, DIMENSIONS), meta()) for n in range(3)])
    assert connection.get_autocommit()
    hits = store.query_many(unit(rng, DIMENSIONS), [(VectorFilter(owner=1), 2)])
    assert [len(found) for found in hits] == [2]
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('hnsw.iterative_scan', true)")
        (setting,) = cursor.fetchone()
    assert setting in (None, "", "off")


def test_the_planner_scans_one_owner_exactly_through_the_btree(crowded_store):
    store, _ = crowded_store
    plan = store.explain(unit(random.Random(24), DIMENSIONS), filter=VectorFilter(owner=1), top_k=5)
    assert "memories_vector_owner" in plan, plan


def test_spaces_of_different_dimensions_share_the_table_with_their_own_indexes():
    small = make_store("pgvector", dimensions=8, model_id="small-8")
    large = small.for_model(model_id="large-24", dimensions=24)
    rng = random.Random(25)
    small.upsert([VectorRecord("a", unit(rng, 8), meta())])
    large.upsert([VectorRecord("a", unit(rng, 24), meta())])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY(%s)",
            [[small.hnsw_index_name, large.hnsw_index_name]],
        )
        definitions = dict(cursor.fetchall())
    assert "vector(8)" in definitions[small.hnsw_index_name]
    assert "vector(24)" in definitions[large.hnsw_index_name]
    assert (
        "hnsw" in definitions[large.hnsw_index_name]
        and "vector_cosine_ops" in definitions[large.hnsw_index_name]
    )
    assert small.get(["a"])[0].vector != large.get(["a"])[0].vector
    small.drop()
    assert small.count() == 0 and large.count() == 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", [small.hnsw_index_name])
        assert cursor.fetchone()[0] is None


def test_writes_roll_back_with_the_callers_transaction():
    store = make_store("pgvector")
    rng = random.Random(26)
    with transaction.atomic():
        store.upsert([VectorRecord("kept", unit(rng), meta())])
    with pytest.raises(RuntimeError), transaction.atomic():
        store.upsert([VectorRecord("rolled-back", unit(rng), meta())])
        raise RuntimeError("the row write failed")
    assert sorted(store.list_ids()) == ["kept"]


def test_list_ids_pages_through_large_spaces():
    store = make_store("pgvector", dimensions=4)
    rng = random.Random(27)
    store.upsert([VectorRecord(f"v{index:05d}", unit(rng, 4), meta()) for index in range(5100)])
    ids = list(store.list_ids())
    assert len(ids) == 5100 == len(set(ids))


def test_several_searches_in_one_statement_find_what_each_finds_alone(
    crowded_store, django_assert_num_queries
):
    """Retrieval asks for memories, summaries and messages with one vector: ``query_many``
    sends them in one statement, and each request gets exactly its own top k."""
    store, records = crowded_store
    query = unit(random.Random(24), DIMENSIONS)
    requests = [
        (VectorFilter(owner=1), 5),
        (VectorFilter(owner=2), 3),
        (VectorFilter(owner=1), 0),  # asks for nothing
        (VectorFilter(owner=3), 40),
    ]
    alone = [store.query(query, filter=f, top_k=k) if k else [] for f, k in requests]
    # The search settings and the search in one string: one round trip.
    with django_assert_num_queries(1):
        together = store.query_many(query, requests)
    assert [[hit.id for hit in hits] for hits in together] == [
        [hit.id for hit in hits] for hits in alone
    ]
    assert [len(hits) for hits in together] == [5, 3, 0, len(alone[3])] and len(alone[3]) > 3
    for hits, (vector_filter, top_k) in zip(together, requests, strict=True):
        expected = brute_force(records, query, vector_filter, top_k=top_k) if top_k else []
        assert [hit.id for hit in hits] == [record_id for record_id, _ in expected]
