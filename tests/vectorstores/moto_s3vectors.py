"""A test-only QueryVectors for moto's S3 Vectors backend (moto 5.2.5 has every other call).

Brute force: cosine distance (``1 - cosine similarity``) to every vector of the index that
passes the filter, nearest first, ``topK`` of them. The filter language is the service's:
``$eq $ne $gt $gte $lt $lte $in $nin $exists $and $or``, and ``{"key": value}`` as ``$eq``;
``$eq``/``$in`` against a list value match any element. Non-filterable keys declared on the
index cannot be filtered on, as in the service. :func:`install` registers the handler and its
URL before a server is built; :func:`start_server` runs a ThreadedMotoServer on loopback.
"""

from __future__ import annotations

import math
from typing import Any

_installed = False


class FilterError(ValueError):
    pass


def _compare(value: Any, operator: str, operand: Any) -> bool:
    values = value if isinstance(value, list) else [value]
    if operator == "$eq":
        return operand in values
    if operator == "$ne":
        return operand not in values
    if operator == "$in":
        if not isinstance(operand, list) or not operand:
            raise FilterError("$in needs a non-empty array")
        return any(item in operand for item in values)
    if operator == "$nin":
        if not isinstance(operand, list) or not operand:
            raise FilterError("$nin needs a non-empty array")
        return not any(item in operand for item in values)
    if operator in ("$gt", "$gte", "$lt", "$lte"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return {
            "$gt": value > operand,
            "$gte": value >= operand,
            "$lt": value < operand,
            "$lte": value <= operand,
        }[operator]
    raise FilterError(f"unknown operator {operator}")


def matches(metadata: dict[str, Any], condition: dict[str, Any], non_filterable: set[str]) -> bool:
    for key, expected in condition.items():
        if key in ("$and", "$or"):
            if not isinstance(expected, list) or not expected:
                raise FilterError(f"{key} needs a non-empty array")
            results = [matches(metadata, part, non_filterable) for part in expected]
            if not (all(results) if key == "$and" else any(results)):
                return False
            continue
        if key in non_filterable:
            raise FilterError(f"{key} is a non-filterable metadata key")
        operators = expected if isinstance(expected, dict) else {"$eq": expected}
        for operator, operand in operators.items():
            if operator == "$exists":
                if (key in metadata) != bool(operand):
                    return False
            elif key not in metadata or not _compare(metadata[key], operator, operand):
                return False
    return True


def cosine_distance(left: list[float], right: list[float]) -> float:
    dot = sum(a * b for a, b in zip(left, right, strict=True))
    norms = math.sqrt(sum(a * a for a in left)) * math.sqrt(sum(b * b for b in right))
    return 1.0 - dot / norms


def _query_vectors(self):  # bound as S3VectorsResponse.query_vectors
    from moto.core.responses import ActionResult
    from moto.s3vectors.exceptions import ValidationError

    index = self.s3vectors_backend.get_index(
        self._get_param("vectorBucketName"),
        self._get_param("indexName"),
        self._get_param("indexArn"),
    )
    top_k = int(self._get_param("topK"))
    if not 1 <= top_k <= 100:
        raise ValidationError("topK must be between 1 and 100")
    query = (self._get_param("queryVector") or {}).get("float32") or []
    if len(query) != index.dimension:
        raise ValidationError(f"query vector must have length {index.dimension}")
    condition = self._get_param("filter") or {}
    non_filterable = set(getattr(index, "non_filterable_keys", ()))
    return_metadata = self._get_bool_param("returnMetadata", False)
    return_distance = self._get_bool_param("returnDistance", False)
    try:
        candidates = [
            (cosine_distance(query, vector.data["float32"]), key, vector)
            for key, vector in index.vectors.items()
            if matches(vector.metadata or {}, condition, non_filterable)
        ]
    except FilterError as error:
        raise ValidationError(str(error)) from error
    candidates.sort(key=lambda item: (item[0], item[1]))
    vectors = []
    for distance, key, vector in candidates[:top_k]:
        item: dict[str, Any] = {"key": key}
        if return_distance:
            item["distance"] = distance
        if return_metadata:
            item["metadata"] = vector.metadata
        vectors.append(item)
    return ActionResult({"vectors": vectors, "distanceMetric": index.distance_metric})


def install() -> None:
    """Teach moto QueryVectors, and remember each index's non-filterable keys."""
    global _installed
    if _installed:
        return
    from moto.s3vectors import models, responses, urls

    responses.S3VectorsResponse.query_vectors = _query_vectors
    urls.url_paths["{0}/QueryVectors$"] = responses.S3VectorsResponse.dispatch

    original_create_index = responses.S3VectorsResponse.create_index

    def create_index(self):
        result = original_create_index(self)
        configuration = self._get_param("metadataConfiguration") or {}
        index = self.s3vectors_backend.get_index(
            self._get_param("vectorBucketName"), self._get_param("indexName"), None
        )
        index.non_filterable_keys = list(configuration.get("nonFilterableMetadataKeys") or [])
        index.metadataConfiguration = configuration or None
        return result

    responses.S3VectorsResponse.create_index = create_index
    models.Index.non_filterable_keys = ()
    _installed = True


def start_server():
    """A ThreadedMotoServer on a free loopback port; returns ``(server, endpoint_url)``."""
    from moto.server import ThreadedMotoServer

    install()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    return server, f"http://{host}:{port}"
