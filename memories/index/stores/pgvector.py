"""PgVectorStore: vectors in PostgreSQL with pgvector, one table for every embedding model.

Schema (``memories.models.StoredVector``, table ``memories_vector``): one row per vector with
the filterable keys as columns, the metadata as JSON and an unsized ``vector`` column. The
``space`` column (``"<index>:<model id>"``) keeps models apart. Each space gets, on its first
write, a partial HNSW index on ``embedding::vector(<dimensions>)`` (cosine), so spaces of
384 and 1536 dimensions share the table; a btree on ``(space, owner_id, character_id)``
serves per-user scans. Queries use the same cast expression, so the planner can use the
HNSW index, and the space as a literal, so it can prove the partial index applies.

True top-k under selective filters: every query is scoped to one owner. When the owner is a
small part of the space, the planner scans the owner's rows through the btree and sorts them
exactly. When it picks the HNSW index instead, pgvector 0.8's iterative index scan
(``hnsw.iterative_scan = relaxed_order``, set per transaction) keeps walking the graph until
``top_k`` rows pass the filter (up to ``max_scan_tuples``), and the outer query restores the
exact order. ``tests/vectorstores/test_pgvector.py`` proves both paths.

Scores are cosine similarity, ``1 - cosine distance``. Writes join the caller's transaction,
so a vector and its row commit (or roll back) together.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from django.db import connections, transaction

from memories.index.stores.adapter import ModelBoundStore, batches
from memories.index.stores.base import VectorFilter, VectorHit, VectorRecord
from memories.index.stores.validation import (
    MAX_TOP_K,
    check_records,
    check_vector,
    filter_conditions,
    matches_nothing,
    normalise_metadata,
)

TABLE = "memories_vector"
BATCH_SIZE = 500
_SPACE = re.compile(r"^[A-Za-z0-9_.:/@+-]{1,200}$")
_COLUMNS = {
    "owner": "owner_id",
    "character": "character_id",
    "thread": "thread_id",
    "kind": "kind",
    "type": "type",
    "shared": "shared",
    "status": "status",
}
# pg_advisory_xact_lock key serialising HNSW index creation ("VEC" in ASCII).
_INDEX_LOCK = 0x564543


def vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form; 9 significant digits keep every float32 exact."""
    return "[" + ",".join(format(float(value), ".9g") for value in vector) + "]"


def _binds_on_the_client(cursor) -> bool:
    """Whether ``cursor`` merges parameters into the SQL text itself (psycopg's
    ``ClientCursor``, Django's default), so one ``execute`` may hold several statements."""
    try:
        from psycopg import ClientCursor
    except ImportError:  # pragma: no cover - psycopg 3 is a dependency
        return False
    return isinstance(getattr(cursor, "cursor", None), ClientCursor)


class PgVectorStore(ModelBoundStore):
    transactional = True

    def __init__(
        self,
        *,
        index: str = "memories",
        model_id: str | None = None,
        dimensions: int | None = None,
        embedder_alias: str = "default",
        guarded: bool = True,
        ef_search: int = 40,
        max_scan_tuples: int = 20_000,
        hnsw_m: int = 16,
        hnsw_ef_construction: int = 64,
        using: str = "default",
        **_: Any,
    ) -> None:
        super().__init__(
            model_id=model_id,
            dimensions=dimensions,
            embedder_alias=embedder_alias,
            guarded=guarded,
        )
        self.index = index
        self.ef_search = ef_search
        self.max_scan_tuples = max_scan_tuples
        self.hnsw_m = hnsw_m
        self.hnsw_ef_construction = hnsw_ef_construction
        self.using = using
        self.location = f"pgvector:{index}"

    # ------------------------------------------------------------------ identity

    @property
    def space(self) -> str:
        space = f"{self.index}:{self.model_id}"
        if not _SPACE.match(space):
            raise ValueError(f"unusable vector space name {space!r} (index or model id)")
        return space

    @property
    def hnsw_index_name(self) -> str:
        return "memories_vector_hnsw_" + hashlib.sha1(self.space.encode()).hexdigest()[:16]

    def __repr__(self) -> str:
        return f"PgVectorStore(space={self.space!r}, dimensions={self.dimensions})"

    # ------------------------------------------------------------------ SQL pieces

    def _rows(self):
        from memories.models import StoredVector

        return StoredVector.objects.using(self.using).filter(space=self.space)

    def _space_literal(self) -> str:
        return "'" + self.space.replace("'", "''") + "'"  # the pattern above allows no quote

    def _distance_sql(self) -> str:
        dims = self.dimensions
        return f"(embedding::vector({dims})) <=> %s::vector({dims})"

    def _where(self, vector_filter: VectorFilter | None) -> tuple[str, list[Any]]:
        clauses, params = [f"space = {self._space_literal()}"], []
        for key, operator, value in filter_conditions(vector_filter) if vector_filter else []:
            if key == "document":  # not a column: lore-document chunks keep it in metadata
                clauses.append("(metadata->>'document')::bigint = ANY(%s)")
                params.append(value)
                continue
            column = _COLUMNS[key]
            clauses.append(f"{column} = %s" if operator == "eq" else f"{column} = ANY(%s)")
            params.append(value)
        return " AND ".join(clauses), params

    def _ensure_hnsw_index(self, cursor) -> None:
        """Create this space's HNSW index on its first write (in the caller's transaction)."""
        name = self.hnsw_index_name
        cursor.execute("SELECT to_regclass(%s)", [name])
        if cursor.fetchone()[0] is not None:
            return
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_INDEX_LOCK])
        cursor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {TABLE} "
            f"USING hnsw ((embedding::vector({self.dimensions})) vector_cosine_ops) "
            f"WITH (m = {int(self.hnsw_m)}, ef_construction = {int(self.hnsw_ef_construction)}) "
            f"WHERE space = {self._space_literal()}"
        )

    # ------------------------------------------------------------------ the port

    def upsert(self, records: Sequence[VectorRecord]) -> None:
        from memories.models import StoredVector

        checked = check_records(records, dimensions=self.dimensions)
        if not checked:
            return
        self._check_model(writing=True)
        space = self.space
        with transaction.atomic(using=self.using), connections[self.using].cursor() as cursor:
            self._ensure_hnsw_index(cursor)
            for batch in batches(checked, BATCH_SIZE):
                rows = [
                    StoredVector(
                        space=space,
                        key=record.id,
                        owner_id=record.metadata["owner"],
                        character_id=record.metadata.get("character"),
                        thread_id=record.metadata.get("thread"),
                        kind=record.metadata["kind"],
                        type=record.metadata.get("type", ""),
                        shared=bool(record.metadata.get("shared", False)),
                        status=record.metadata.get("status", ""),
                        metadata=record.metadata,
                        embedding=record.vector,
                    )
                    for record in batch
                ]
                StoredVector.objects.using(self.using).bulk_create(
                    rows,
                    update_conflicts=True,
                    unique_fields=["space", "key"],
                    update_fields=[
                        "owner_id",
                        "character_id",
                        "thread_id",
                        "kind",
                        "type",
                        "shared",
                        "status",
                        "metadata",
                        "embedding",
                        "updated_at",
                    ],
                )

    def query(
        self,
        vector: Sequence[float],
        *,
        filter: VectorFilter,  # noqa: A002 - the port's name
        top_k: int = 10,
        min_score: float | None = None,
    ) -> list[VectorHit]:
        self._check_model(writing=False)
        if matches_nothing(filter) or top_k <= 0:
            return []
        top_k = min(top_k, MAX_TOP_K)
        query_vector = vector_literal(
            check_vector(vector, dimensions=self.dimensions, record_id="query")
        )
        where, params = self._where(filter)
        sql = (
            f"WITH nearest AS MATERIALIZED ("
            f" SELECT key, metadata, {self._distance_sql()} AS distance FROM {TABLE}"
            f" WHERE {where} ORDER BY distance LIMIT %s"
            f") SELECT key, metadata, distance FROM nearest ORDER BY distance, key"
        )
        rows = self._with_scan_settings(
            sql, [query_vector, *params, top_k], ef_search=max(self.ef_search, top_k)
        )
        hits = []
        for key, metadata, distance in rows:
            score = 1.0 - float(distance)
            if min_score is not None and score < min_score:
                continue
            if isinstance(metadata, str):  # Django's raw cursors hand jsonb back as text
                metadata = json.loads(metadata)
            hits.append(VectorHit(id=key, score=score, metadata=normalise_metadata(metadata)))
        return hits

    def query_many(
        self,
        vector: Sequence[float],
        requests: Sequence[tuple[VectorFilter, int]],
        *,
        min_score: float | None = None,
    ) -> list[list[VectorHit]]:
        """``query`` for each ``(filter, top_k)`` of ``requests`` with the same vector, in one
        statement (each its own nearest-neighbour scan, joined by UNION ALL) and one
        transaction; the hits of each request, in the order of ``requests``."""
        self._check_model(writing=False)
        wanted = [
            (index, vector_filter, min(top_k, MAX_TOP_K))
            for index, (vector_filter, top_k) in enumerate(requests)
            if top_k > 0 and not matches_nothing(vector_filter)
        ]
        results: list[list[VectorHit]] = [[] for _ in requests]
        if not wanted:
            return results
        query_vector = vector_literal(
            check_vector(vector, dimensions=self.dimensions, record_id="query")
        )
        branches, params = [], []
        for index, vector_filter, top_k in wanted:
            where, where_params = self._where(vector_filter)
            branches.append(
                f"(SELECT {index} AS request, key, metadata, {self._distance_sql()} AS distance"
                f" FROM {TABLE} WHERE {where} ORDER BY distance LIMIT %s)"
            )
            params += [query_vector, *where_params, top_k]
        sql = (
            "SELECT request, key, metadata, distance FROM ("
            + " UNION ALL ".join(branches)
            + ") hits ORDER BY request, distance, key"
        )
        ef_search = max(self.ef_search, *(top_k for _, _, top_k in wanted))
        rows = self._with_scan_settings(sql, params, ef_search=ef_search)
        for request, key, metadata, distance in rows:
            score = 1.0 - float(distance)
            if min_score is not None and score < min_score:
                continue
            if isinstance(metadata, str):
                metadata = json.loads(metadata)
            results[request].append(
                VectorHit(id=key, score=score, metadata=normalise_metadata(metadata))
            )
        return results

    def _with_scan_settings(self, sql: str, params: list, *, ef_search: int) -> list[tuple]:
        """The rows of ``sql`` run with the HNSW scan settings of this store, local to its
        transaction. With client-side parameter binding (psycopg's default in Django) the
        settings and the query go as one string, in one round trip: PostgreSQL runs the
        statements of one string in one transaction, so ``set_config(..., true)`` holds for
        the query and ends with it. Otherwise in an explicit transaction (four round trips)."""
        settings_sql = (
            "SELECT set_config('hnsw.ef_search', %s, true),"
            " set_config('hnsw.iterative_scan', 'relaxed_order', true),"
            " set_config('hnsw.max_scan_tuples', %s, true)"
        )
        settings_params = [str(ef_search), str(self.max_scan_tuples)]
        connection = connections[self.using]
        with connection.cursor() as cursor:
            if _binds_on_the_client(cursor):
                cursor.execute(f"{settings_sql};\n{sql}", [*settings_params, *params])
                cursor.nextset()
                return cursor.fetchall()
        with transaction.atomic(using=self.using), connection.cursor() as cursor:
            cursor.execute(settings_sql, settings_params)
            cursor.execute(sql, params)
            return cursor.fetchall()

    def explain(self, vector: Sequence[float], *, filter: VectorFilter, top_k: int = 10) -> str:  # noqa: A002
        """The query plan of ``query`` (for tests and for diagnosing slow queries)."""
        where, params = self._where(filter)
        with transaction.atomic(using=self.using), connections[self.using].cursor() as cursor:
            cursor.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)")
            cursor.execute(
                f"EXPLAIN SELECT key, {self._distance_sql()} AS distance FROM {TABLE}"
                f" WHERE {where} ORDER BY distance LIMIT %s",
                [vector_literal(vector), *params, top_k],
            )
            return "\n".join(row[0] for row in cursor.fetchall())

    def get(self, ids: Sequence[str]) -> list[VectorRecord]:
        self._check_model(writing=False)
        wanted = list(dict.fromkeys(ids))
        found: dict[str, VectorRecord] = {}
        for keys in batches(wanted, BATCH_SIZE):
            for key, embedding, metadata in (
                self._rows().filter(key__in=keys).values_list("key", "embedding", "metadata")
            ):
                found[key] = VectorRecord(
                    id=key,
                    vector=[float(value) for value in embedding],
                    metadata=normalise_metadata(metadata),
                )
        return [found[key] for key in wanted if key in found]

    def delete(self, ids: Sequence[str]) -> None:
        self._check_model(writing=False)
        wanted = list(dict.fromkeys(ids))
        for keys in batches(wanted, BATCH_SIZE):
            self._rows().filter(key__in=keys).delete()

    def count(self, filter: VectorFilter | None = None) -> int:  # noqa: A002
        self._check_model(writing=False)
        if filter is not None and matches_nothing(filter):
            return 0
        where, params = self._where(filter)
        with connections[self.using].cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM {TABLE} WHERE {where}", params)
            return int(cursor.fetchone()[0])

    # ------------------------------------------------------------------ upkeep

    def list_ids(self) -> Iterator[str]:
        self._check_model(writing=False)
        last = ""
        while True:
            keys = list(
                self._rows()
                .filter(key__gt=last)
                .order_by("key")
                .values_list("key", flat=True)[:5000]
            )
            yield from keys
            if len(keys) < 5000:
                return
            last = keys[-1]

    def drop(self) -> None:
        with transaction.atomic(using=self.using), connections[self.using].cursor() as cursor:
            self._rows().delete()
            cursor.execute(f"DROP INDEX IF EXISTS {self.hnsw_index_name}")
