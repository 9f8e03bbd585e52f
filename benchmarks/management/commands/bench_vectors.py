"""``manage.py bench_vectors``: pgvector query latency, HNSW against an exact scan, and recall.

For each size (default 10,000 and 100,000) random unit vectors (384 dimensions, seeded) go
into an isolated unlogged table ``vector_bench_<pid>`` on a connection of its own. The same
queries (random unit vectors) run first as an exact scan (no index: the true top 10), then
through an HNSW index (cosine, m=16, ef_construction=64) at each ``--ef-search``. Printed:
p50 and p95 round-trip latency in milliseconds, recall@10 of HNSW against exact, and the
index build time. The table is dropped at the end, even after an error.

Uniform random vectors (the default) have no neighbourhood structure at all: in 384
dimensions every vector is almost equally far from every other, the worst case for a graph
index. ``--distribution clustered`` draws vectors (and queries) around ``--clusters`` random
centres instead, closer to how sentence embeddings sit (topics), to show the difference.
"""

from __future__ import annotations

import os
import statistics
import time

import numpy as np
from django.core.management.base import BaseCommand, CommandError
from django.db import connection


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "Benchmark pgvector: HNSW vs exact scan latency (p50/p95) and recall@10."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--sizes", default="10000,100000", help="Comma-separated table sizes.")
        parser.add_argument(
            "--queries", type=int, default=200, help="Queries per method (default 200)."
        )
        parser.add_argument("--dimensions", type=int, default=384)
        parser.add_argument(
            "--ef-search", default="40", help="Comma-separated hnsw.ef_search values."
        )
        parser.add_argument("--m", type=int, default=16)
        parser.add_argument("--ef-construction", type=int, default=64)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--distribution", choices=["uniform", "clustered"], default="uniform")
        parser.add_argument(
            "--clusters", type=int, default=200, help="Centres for --distribution clustered."
        )

    def handle(self, *args, **options) -> None:
        sizes = [int(size) for size in options["sizes"].split(",") if size.strip()]
        ef_values = [int(value) for value in options["ef_search"].split(",") if value.strip()]
        if not sizes or options["queries"] < 1:
            raise CommandError("Give at least one size and one query.")
        from pgvector.psycopg import register_vector

        raw = connection.get_new_connection(connection.get_connection_params())
        raw.autocommit = True
        register_vector(raw)
        table = f"vector_bench_{os.getpid()}"
        rng = np.random.default_rng(options["seed"])
        self.centres = None
        if options["distribution"] == "clustered":
            centres = rng.standard_normal((options["clusters"], options["dimensions"]))
            self.centres = (centres / np.linalg.norm(centres, axis=1, keepdims=True)).astype(
                np.float32
            )
        results: list[tuple] = []
        try:
            with raw.cursor() as cursor:
                cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
                version = cursor.fetchone()[0]
                cursor.execute("SHOW max_parallel_workers_per_gather")
                parallel = cursor.fetchone()[0]
            for size in sizes:
                results.extend(self._bench_size(raw, table, size, rng, ef_values, options))
        finally:
            with raw.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {table}")
            raw.close()
        self._print(results, version, parallel, options)

    def _unit_vectors(self, rng, count: int, dimensions: int) -> np.ndarray:
        vectors = rng.standard_normal((count, dimensions)).astype(np.float32)
        if self.centres is not None:  # a centre plus noise one and a half times as long
            picks = rng.integers(0, len(self.centres), count)
            vectors = self.centres[picks] + 1.5 * vectors / np.sqrt(dimensions)
        return (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)

    def _run_queries(
        self, cursor, table: str, queries: np.ndarray
    ) -> tuple[list[float], list[list[int]]]:
        sql = f"SELECT id FROM {table} ORDER BY embedding <=> %s LIMIT 10"
        for query in queries[:10]:  # warm the cache and the plan
            cursor.execute(sql, (query,))
            cursor.fetchall()
        latencies, answers = [], []
        for query in queries:
            started = time.perf_counter()
            cursor.execute(sql, (query,))
            ids = [row[0] for row in cursor.fetchall()]
            latencies.append((time.perf_counter() - started) * 1000)
            answers.append(ids)
        return latencies, answers

    def _bench_size(
        self, raw, table: str, size: int, rng, ef_values: list[int], options
    ) -> list[tuple]:
        dimensions = options["dimensions"]
        self.stderr.write(f"{size:,} vectors: loading...")
        with raw.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {table}")
            cursor.execute(
                f"CREATE UNLOGGED TABLE {table} (id integer PRIMARY KEY, embedding vector({dimensions}))"
            )
            with cursor.copy(
                f"COPY {table} (id, embedding) FROM STDIN WITH (FORMAT BINARY)"
            ) as copy:
                copy.set_types(["int4", "vector"])
                for start in range(0, size, 10_000):
                    block = self._unit_vectors(rng, min(10_000, size - start), dimensions)
                    for offset, vector in enumerate(block):
                        copy.write_row((start + offset, vector))
            cursor.execute(f"ANALYZE {table}")
            queries = self._unit_vectors(rng, options["queries"], dimensions)

            self.stderr.write(f"{size:,} vectors: exact scan...")
            exact_latencies, truth = self._run_queries(cursor, table, queries)
            rows = [(size, "exact scan", exact_latencies, 1.0, None)]

            self.stderr.write(f"{size:,} vectors: building the HNSW index...")
            cursor.execute("SET maintenance_work_mem = '512MB'")
            cursor.execute("SET max_parallel_maintenance_workers = 1")
            started = time.perf_counter()
            cursor.execute(
                f"CREATE INDEX ON {table} USING hnsw (embedding vector_cosine_ops) "
                f"WITH (m = {options['m']}, ef_construction = {options['ef_construction']})"
            )
            build_seconds = time.perf_counter() - started
            for ef_search in ef_values:
                cursor.execute(f"SET hnsw.ef_search = {int(ef_search)}")
                self.stderr.write(f"{size:,} vectors: HNSW ef_search={ef_search}...")
                latencies, answers = self._run_queries(cursor, table, queries)
                recall = statistics.fmean(
                    len(set(found) & set(expected)) / len(expected)
                    for found, expected in zip(answers, truth, strict=True)
                )
                rows.append((size, f"HNSW ef_search={ef_search}", latencies, recall, build_seconds))
            cursor.execute(f"DROP TABLE {table}")
        return rows

    def _print(self, results: list[tuple], version: str, parallel: str, options) -> None:
        distribution = (
            "random" if self.centres is None else f"clustered ({options['clusters']} centres)"
        )
        self.stdout.write(
            f"pgvector {version}, {options['dimensions']} dimensions, {distribution} unit vectors "
            f"(seed {options['seed']}), {options['queries']} queries per row, cosine, top 10, HNSW m="
            f"{options['m']} ef_construction={options['ef_construction']}, "
            f"max_parallel_workers_per_gather={parallel}"
        )
        self.stdout.write("")
        self.stdout.write("| vectors | method | p50 ms | p95 ms | recall@10 | index build s |")
        self.stdout.write("|---:|---|---:|---:|---:|---:|")
        for size, method, latencies, recall, build in results:
            self.stdout.write(
                f"| {size:,} | {method} | {statistics.median(latencies):.2f} | "
                f"{_percentile(latencies, 0.95):.2f} | {recall:.3f} | "
                f"{'' if build is None else f'{build:.1f}'} |"
            )
