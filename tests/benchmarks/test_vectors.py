"""bench_vectors prints latency and recall rows for each size and method, and cleans up."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

pytestmark = pytest.mark.django_db


def test_bench_vectors_prints_a_table_and_drops_its_table():
    out = StringIO()
    call_command(
        "bench_vectors",
        sizes="300",
        queries=5,
        ef_search="40,200",
        dimensions=16,
        stdout=out,
        stderr=StringIO(),
    )
    lines = out.getvalue().splitlines()
    assert "| vectors | method | p50 ms | p95 ms | recall@10 | index build s |" in lines
    rows = [line for line in lines if line.startswith("| 300 |")]
    assert [row.split("|")[2].strip() for row in rows] == [
        "exact scan",
        "HNSW ef_search=40",
        "HNSW ef_search=200",
    ]
    assert rows[0].split("|")[5].strip() == "1.000"
    assert float(rows[2].split("|")[5]) >= 0.9  # ef_search above the table size is exhaustive
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'vector_bench_%%'")
        assert cursor.fetchone()[0] == 0
