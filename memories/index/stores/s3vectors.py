"""S3VectorStore: vectors in Amazon S3 Vectors through boto3's ``s3vectors`` client.

Layout: one vector bucket (``bucket``); one index per embedding model, named
``<index>-<model slug>`` (for example ``memories-all-minilm-l6-v2-384``), so a model change
never writes into an index of another dimension and a reindex builds the new index beside
the old one. Bucket and index are created on first use: float32, cosine, the model's
dimension, and ``NON_FILTERABLE_KEYS`` declared non-filterable (they can only be set at
creation). An existing index of another dimension or metric is a clear error.

Service limits are respected by the client, not discovered by failures: put and delete in
batches of 500 (and at most ~16 MiB per put), get in batches of 100, ``top_k`` at most 100,
metadata checked by ``memories.index.stores.validation`` (2 KB filterable, 40 KB in all).
Throttling (``ThrottlingException``, ``TooManyRequestsException``, HTTP 429), 5xx answers and
connection errors are retried with exponential backoff and full jitter; botocore's own
retries are off so there is one policy. What still fails becomes ``TransientProviderError``;
a refused request becomes ``PermanentProviderError``.

Scores are ``1 - cosine distance``. Writes are strongly consistent, so a delete is visible to
the next query. ``count`` and ``list_ids`` page through ``ListVectors`` (linear in the index).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from drawhisper.providers.base import PermanentProviderError, TransientProviderError
from memories.index.stores.adapter import ModelBoundStore, batches
from memories.index.stores.base import VectorFilter, VectorHit, VectorRecord
from memories.index.stores.validation import (
    MAX_TOP_K,
    NON_FILTERABLE_KEYS,
    check_records,
    check_vector,
    filter_conditions,
    matches,
    matches_nothing,
    normalise_metadata,
)

PUT_BATCH = 500
DELETE_BATCH = 500
GET_BATCH = 100
LIST_PAGE = 1000
MAX_PUT_BYTES = 16 * 1024 * 1024  # the service takes 20 MiB; keep a margin for encoding
RETRYABLE_CODES = frozenset(
    {
        "ThrottlingException",
        "TooManyRequestsException",
        "SlowDown",
        "RequestLimitExceeded",
        "ServiceUnavailableException",
        "InternalServerException",
        "RequestTimeoutException",
    }
)


class _NotFound(Exception):
    pass


def index_slug(model_id: str) -> str:
    """A model id as an index-name part: lowercase letters, digits and hyphens."""
    slug = re.sub(r"[^a-z0-9]+", "-", model_id.lower()).strip("-") or "model"
    if len(slug) > 40:
        slug = slug[:31].rstrip("-") + "-" + hashlib.sha1(model_id.encode()).hexdigest()[:8]
    return slug


def translate_filter(vector_filter: VectorFilter) -> dict[str, Any]:
    """A VectorFilter in the S3 Vectors filter language (``$eq``, ``$in``, ``$and``)."""
    clauses = [
        {key: {"$eq" if operator == "eq" else "$in": value}}
        for key, operator, value in filter_conditions(vector_filter)
    ]
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


class S3VectorStore(ModelBoundStore):
    transactional = False

    def __init__(
        self,
        *,
        bucket: str,
        index: str = "memories",
        region: str = "us-east-1",
        endpoint_url: str | None = None,
        model_id: str | None = None,
        dimensions: int | None = None,
        embedder_alias: str = "default",
        guarded: bool = True,
        max_attempts: int = 6,
        backoff_base: float = 0.25,
        backoff_max: float = 20.0,
        client: Any = None,
        sleep: Callable[[float], None] = time.sleep,
        **_: Any,
    ) -> None:
        super().__init__(
            model_id=model_id,
            dimensions=dimensions,
            embedder_alias=embedder_alias,
            guarded=guarded,
        )
        self.bucket = bucket
        self.index = index
        self.region = region
        self.endpoint_url = endpoint_url
        self.max_attempts = max(1, max_attempts)
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self._client = client
        self._sleep = sleep
        self._ready = False
        self._lock = threading.Lock()
        self.location = f"s3vectors:{bucket}/{index}"

    # ------------------------------------------------------------------ identity

    @property
    def index_name(self) -> str:
        return f"{self.index}-{index_slug(self.model_id)}"[:63].rstrip("-")

    def _forget_space(self) -> None:
        self._ready = False  # checked the other model's index, not this one
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"S3VectorStore(bucket={self.bucket!r}, index={self.index_name!r})"

    # ------------------------------------------------------------------ calls

    @property
    def client(self):
        if self._client is None:
            import boto3
            from botocore.config import Config

            self._client = boto3.session.Session().client(
                "s3vectors",
                region_name=self.region,
                endpoint_url=self.endpoint_url,
                config=Config(
                    retries={"total_max_attempts": 1, "mode": "standard"},  # retried below
                    connect_timeout=5,
                    read_timeout=30,
                ),
            )
        return self._client

    def _call(self, operation: str, **params: Any) -> dict[str, Any]:
        from botocore.exceptions import BotoCoreError, ClientError, HTTPClientError
        from botocore.exceptions import ConnectionError as BotoConnectionError

        for attempt in range(1, self.max_attempts + 1):
            try:
                return getattr(self.client, operation)(**params)
            except ClientError as error:
                code = error.response.get("Error", {}).get("Code", "")
                status = error.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
                message = error.response.get("Error", {}).get("Message", "") or str(error)
                if code == "NotFoundException" or (status == 404 and code not in RETRYABLE_CODES):
                    raise _NotFound(message) from error
                if not (code in RETRYABLE_CODES or status == 429 or status >= 500):
                    raise PermanentProviderError(
                        f"S3 Vectors refused {operation}: {code} {message}"
                    ) from error
                failure = f"{code or status} {message}"
            except (BotoConnectionError, HTTPClientError) as error:  # reset, timeout, unreachable
                failure = str(error)
            except BotoCoreError as error:  # no credentials, invalid parameters: a setup problem
                raise PermanentProviderError(f"S3 Vectors {operation} failed: {error}") from error
            if attempt < self.max_attempts:
                delay = min(self.backoff_max, self.backoff_base * 2 ** (attempt - 1))
                self._sleep(random.uniform(delay / 2, delay))
        raise TransientProviderError(
            f"S3 Vectors {operation} still failing after {self.max_attempts} attempts: {failure}"
        )

    def _where(self) -> dict[str, str]:
        return {"vectorBucketName": self.bucket, "indexName": self.index_name}

    def _ensure_index(self, *, writing: bool) -> bool:
        """Whether the index exists; a write creates it first (bucket too) when missing."""
        self._check_model(writing=writing)
        if self._ready:
            return True
        with self._lock:
            if self._ready:
                return True
            try:
                index = self._call("get_index", **self._where())["index"]
            except _NotFound:
                if not writing:
                    return False  # nothing stored yet: reads answer empty, nothing is created
                index = self._create_index()
            dimension, metric = int(index.get("dimension") or 0), index.get("distanceMetric")
            if dimension != self.dimensions or metric != "cosine":
                raise PermanentProviderError(
                    f"The S3 Vectors index {self.bucket}/{self.index_name} has {dimension} dimensions "
                    f"({metric}); the embedding model {self.model_id} needs {self.dimensions} (cosine). "
                    "Delete the index or run `python manage.py reindex_memories`."
                )
            self._ready = True
            return True

    def _index_call(
        self, operation: str, *, writing: bool = False, **params: Any
    ) -> dict[str, Any] | None:
        """Call an index operation; None when the index does not exist (reads only). If the
        index vanished since it was checked (dropped by a reindex), a write recreates it."""
        for _attempt in range(2):
            if not self._ensure_index(writing=writing):
                return None
            try:
                return self._call(operation, **self._where(), **params)
            except _NotFound:
                self._ready = False
        raise PermanentProviderError(
            f"The S3 Vectors index {self.bucket}/{self.index_name} keeps vanishing"
        )

    def _create_index(self) -> dict[str, Any]:
        try:
            self._call("create_vector_bucket", vectorBucketName=self.bucket)
        except PermanentProviderError as error:
            if "ConflictException" not in str(error):
                raise
        try:
            self._call(
                "create_index",
                **self._where(),
                dataType="float32",
                dimension=self.dimensions,
                distanceMetric="cosine",
                metadataConfiguration={"nonFilterableMetadataKeys": list(NON_FILTERABLE_KEYS)},
            )
        except PermanentProviderError as error:
            if "ConflictException" not in str(error):  # another process created it first
                raise
        return self._call("get_index", **self._where())["index"]

    # ------------------------------------------------------------------ the port

    def upsert(self, records: Sequence[VectorRecord]) -> None:
        checked = check_records(records, dimensions=self.dimensions)
        if not checked:
            return
        batch: list[dict[str, Any]] = []
        batch_bytes = 0
        for record in checked:
            item = {
                "key": record.id,
                "data": {"float32": record.vector},
                "metadata": record.metadata,
            }
            size = len(record.id) + 16 * len(record.vector) + len(json.dumps(record.metadata))
            if batch and (len(batch) == PUT_BATCH or batch_bytes + size > MAX_PUT_BYTES):
                self._index_call("put_vectors", writing=True, vectors=batch)
                batch, batch_bytes = [], 0
            batch.append(item)
            batch_bytes += size
        if batch:
            self._index_call("put_vectors", writing=True, vectors=batch)

    def query(
        self,
        vector: Sequence[float],
        *,
        filter: VectorFilter,  # noqa: A002 - the port's name
        top_k: int = 10,
        min_score: float | None = None,
    ) -> list[VectorHit]:
        if matches_nothing(filter) or top_k <= 0:
            return []
        query_vector = check_vector(vector, dimensions=self.dimensions, record_id="query")
        response = self._index_call(
            "query_vectors",
            topK=min(top_k, MAX_TOP_K),
            queryVector={"float32": query_vector},
            filter=translate_filter(filter),
            returnMetadata=True,
            returnDistance=True,
        )
        if response is None:
            return []
        hits = [
            VectorHit(
                id=item["key"],
                score=1.0 - float(item["distance"]),
                metadata=normalise_metadata(item.get("metadata")),
            )
            for item in response.get("vectors", [])
        ]
        hits.sort(key=lambda hit: (-hit.score, hit.id))
        return [hit for hit in hits if min_score is None or hit.score >= min_score]

    def get(self, ids: Sequence[str]) -> list[VectorRecord]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        found: dict[str, VectorRecord] = {}
        for keys in batches(wanted, GET_BATCH):
            response = self._index_call(
                "get_vectors", keys=keys, returnData=True, returnMetadata=True
            )
            for item in (response or {}).get("vectors", []):
                found[item["key"]] = VectorRecord(
                    id=item["key"],
                    vector=[float(value) for value in (item.get("data") or {}).get("float32", [])],
                    metadata=normalise_metadata(item.get("metadata")),
                )
        return [found[key] for key in wanted if key in found]

    def delete(self, ids: Sequence[str]) -> None:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return
        for keys in batches(wanted, DELETE_BATCH):
            if self._index_call("delete_vectors", keys=keys) is None:
                return  # no index, nothing to delete

    def count(self, filter: VectorFilter | None = None) -> int:  # noqa: A002
        if filter is not None and matches_nothing(filter):
            return 0
        return sum(
            1
            for _key, metadata in self._list(with_metadata=filter is not None)
            if matches(metadata, filter)
        )

    # ------------------------------------------------------------------ upkeep

    def _list(self, *, with_metadata: bool) -> Iterator[tuple[str, dict[str, Any]]]:
        token = None
        while True:
            params: dict[str, Any] = {"maxResults": LIST_PAGE, "returnMetadata": with_metadata}
            if token:
                params["nextToken"] = token
            response = self._index_call("list_vectors", **params)
            if response is None:
                return
            for item in response.get("vectors", []):
                yield item["key"], normalise_metadata(item.get("metadata"))
            token = response.get("nextToken")
            if not token:
                return

    def list_ids(self) -> Iterator[str]:
        for key, _metadata in self._list(with_metadata=False):
            yield key

    def drop(self) -> None:
        try:
            self._call("delete_index", **self._where())
        except _NotFound:
            pass
        self._ready = False
