"""What every vector store adapter accepts and returns: record checks, metadata rules, filters.

Adapters differ in how they store vectors, never in what they accept: a record one adapter
refuses, every adapter refuses. The limits are those of S3 Vectors, the strictest store:

- ids: 1 to 255 characters; a batch with the same id twice keeps the last record.
- vectors: exactly ``dimensions`` finite floats, not all zero (cosine needs a direction).
- metadata: flat; values are str, int, float, bool or lists of those; ``None`` values are
  dropped (S3 Vectors has no null). ``owner`` (int) and ``kind`` (str) are required. At most
  50 keys, 40 KB in all, of which 2 KB for the filterable keys (every key except
  ``NON_FILTERABLE_KEYS``, sized as compact JSON).

Filters follow :class:`VectorFilter`: a conjunction; ``None`` means "any"; an empty tuple
of kinds or types matches nothing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from memories.index.stores.base import VectorFilter, VectorRecord

# Keys every record may be filtered on (VectorFilter's fields).
FILTER_KEYS = ("owner", "character", "thread", "kind", "type", "shared", "status", "document")
# Keys stored and returned but never filtered on; fixed when an S3 Vectors index is created.
NON_FILTERABLE_KEYS = ("text", "title", "excerpt", "content_hash")
# Row ids and sequence numbers: stores that hand numbers back as floats get ints again.
INTEGER_KEYS = frozenset(
    {
        "owner",
        "character",
        "thread",
        "source_id",
        "seq",
        "start_seq",
        "end_seq",
        "document",
        "page",
        "lorebook",
    }
)

MAX_ID_LENGTH = 255
MAX_METADATA_KEYS = 50
MAX_FILTERABLE_METADATA_BYTES = 2 * 1024
MAX_METADATA_BYTES = 40 * 1024
MAX_TOP_K = 100

_SCALARS = (str, int, float, bool)


class InvalidVectorRecord(ValueError):
    """A record no store would accept; the message names the record and the rule."""


@dataclass(frozen=True)
class CheckedRecord:
    id: str
    vector: list[float]
    metadata: dict[str, Any]


def _json_size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def clean_metadata(metadata: dict[str, Any], *, record_id: str = "") -> dict[str, Any]:
    """The metadata as stored: ``None`` values dropped, types and sizes checked."""
    cleaned = {key: value for key, value in metadata.items() if value is not None}
    for key, value in cleaned.items():
        if not isinstance(key, str) or not key:
            raise InvalidVectorRecord(f"{record_id}: metadata keys must be non-empty strings")
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(item, _SCALARS) for item in items):
            raise InvalidVectorRecord(
                f"{record_id}: metadata {key!r} must be a string, number, boolean or list of them"
            )
    if not isinstance(cleaned.get("owner"), int) or isinstance(cleaned.get("owner"), bool):
        raise InvalidVectorRecord(f"{record_id}: metadata 'owner' (the user id) is required")
    if not isinstance(cleaned.get("kind"), str):
        raise InvalidVectorRecord(
            f"{record_id}: metadata 'kind' (memory|summary|message|document) is required"
        )
    if len(cleaned) > MAX_METADATA_KEYS:
        raise InvalidVectorRecord(
            f"{record_id}: {len(cleaned)} metadata keys, at most {MAX_METADATA_KEYS}"
        )
    filterable = {k: v for k, v in cleaned.items() if k not in NON_FILTERABLE_KEYS}
    if (size := _json_size(filterable)) > MAX_FILTERABLE_METADATA_BYTES:
        raise InvalidVectorRecord(
            f"{record_id}: filterable metadata is {size} bytes, at most {MAX_FILTERABLE_METADATA_BYTES}; "
            f"put long values under one of {', '.join(NON_FILTERABLE_KEYS)}"
        )
    if (size := _json_size(cleaned)) > MAX_METADATA_BYTES:
        raise InvalidVectorRecord(
            f"{record_id}: metadata is {size} bytes, at most {MAX_METADATA_BYTES}"
        )
    return cleaned


def check_vector(vector: Sequence[float], *, dimensions: int, record_id: str = "") -> list[float]:
    values = [float(value) for value in vector]
    if len(values) != dimensions:
        raise InvalidVectorRecord(
            f"{record_id}: vector has {len(values)} dimensions, the store {dimensions}"
        )
    if not all(math.isfinite(value) for value in values):
        raise InvalidVectorRecord(f"{record_id}: vector has a NaN or infinite value")
    if not any(values):
        raise InvalidVectorRecord(f"{record_id}: vector is all zeros (no cosine direction)")
    return values


def check_records(records: Iterable[VectorRecord], *, dimensions: int) -> list[CheckedRecord]:
    """Validate a batch for upsert; a repeated id keeps its last record."""
    checked: dict[str, CheckedRecord] = {}
    for record in records:
        if not isinstance(record.id, str) or not 0 < len(record.id) <= MAX_ID_LENGTH:
            raise InvalidVectorRecord(
                f"vector id {record.id!r} must be 1 to {MAX_ID_LENGTH} characters"
            )
        checked.pop(record.id, None)
        checked[record.id] = CheckedRecord(
            id=record.id,
            vector=check_vector(record.vector, dimensions=dimensions, record_id=record.id),
            metadata=clean_metadata(dict(record.metadata), record_id=record.id),
        )
    return list(checked.values())


def normalise_metadata(metadata: dict[str, Any] | None) -> dict[str, Any]:
    """Metadata as read back: integral floats under ``INTEGER_KEYS`` become ints again."""
    result = dict(metadata or {})
    for key in INTEGER_KEYS & result.keys():
        value = result[key]
        if isinstance(value, float) and value.is_integer():
            result[key] = int(value)
    return result


def matches_nothing(vector_filter: VectorFilter) -> bool:
    return vector_filter.kinds == () or vector_filter.types == () or vector_filter.documents == ()


def filter_conditions(vector_filter: VectorFilter) -> list[tuple[str, str, Any]]:
    """The filter as ``(key, "eq" | "in", value)`` conditions, owner first."""
    conditions: list[tuple[str, str, Any]] = [("owner", "eq", vector_filter.owner)]
    for key, value in (
        ("character", vector_filter.character),
        ("thread", vector_filter.thread),
        ("shared", vector_filter.shared),
        ("status", vector_filter.status),
    ):
        if value is not None:
            conditions.append((key, "eq", value))
    for key, values in (
        ("kind", vector_filter.kinds),
        ("type", vector_filter.types),
        ("document", vector_filter.documents),
    ):
        if values is not None:
            conditions.append((key, "in", sorted(values) if key == "document" else list(values)))
    return conditions


def matches(metadata: dict[str, Any], vector_filter: VectorFilter | None) -> bool:
    """Whether a record's metadata passes the filter (for stores that count by listing)."""
    if vector_filter is None:
        return True
    if matches_nothing(vector_filter):
        return False
    for key, operator, value in filter_conditions(vector_filter):
        if key not in metadata:
            return False
        if operator == "eq" and metadata[key] != value:
            return False
        if operator == "in" and metadata[key] not in value:
            return False
    return True
