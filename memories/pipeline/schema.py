"""The JSON schema of extracted chunks, and the validation of a model's reply against it.

Each chunk names the messages it came from (``source_seqs``, the ``[seq]`` numbers of the
transcript lines). Here they are only checked for shape (a list of whole numbers, at most
``MAX_SOURCE_SEQS``); whether they belong to the job's range is the grounding check's
business (``memories.pipeline.grounding``), which drops the ones that do not. A reply without
``source_seqs`` is accepted and its chunk counts as citing nothing (ungrounded).

``parse_chunks`` accepts exactly what the schema allows (plus a Markdown code fence around
the JSON, which some models add even under structured output) and raises
:class:`ChunkValidationError` with one readable sentence otherwise: that sentence is shown
to the model on the retry and, if the retry fails too, stored as the job's error.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from memories.index import memory_embedding_text
from memories.models import MemoryType

MEMORY_TYPES: tuple[str, ...] = tuple(MemoryType.values)
MIN_CHUNKS = 1
MAX_CHUNKS = 3
MAX_TITLE_CHARS = 120
MAX_CONTENT_CHARS = 1200
MAX_SOURCE_SEQS = 20

EXTRACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "chunks": {
            "type": "array",
            "minItems": MIN_CHUNKS,
            "maxItems": MAX_CHUNKS,
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string"},
                    "content": {"type": "string"},
                    "type": {"type": "string", "enum": list(MEMORY_TYPES)},
                    "source_seqs": {
                        "type": "array",
                        "items": {"type": "integer"},
                        "maxItems": MAX_SOURCE_SEQS,
                    },
                },
                "required": ["title", "content", "type", "source_seqs"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["chunks"],
    "additionalProperties": False,
}

_FENCE = re.compile(r"^\s*```(?:json)?\s*\n?(.*?)\n?```\s*$", re.DOTALL | re.IGNORECASE)
_TEXT_KEYS = ("title", "content", "type")
_CHUNK_KEYS = {*_TEXT_KEYS, "source_seqs"}


class ChunkValidationError(ValueError):
    """The reply is not valid chunk JSON; ``str(error)`` says why in one sentence."""


@dataclass(frozen=True)
class Chunk:
    title: str
    content: str
    type: str
    # The seqs of the messages the chunk says it came from, as the model gave them (sorted,
    # without repeats); empty for a chunk recorded before chunks cited their messages.
    source_seqs: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "source_seqs", tuple(sorted(set(self.source_seqs))))

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["source_seqs"] = list(self.source_seqs)
        return data

    @property
    def text(self) -> str:
        """What gets embedded: the index's rule for a memory (title, then content)."""
        return memory_embedding_text(title=self.title, content=self.content)


def _strip_fence(text: str) -> str:
    match = _FENCE.match(text)
    return match.group(1) if match else text


def parse_chunks(text: str) -> list[Chunk]:
    """The chunks in a model reply, or :class:`ChunkValidationError`."""
    try:
        data = json.loads(_strip_fence(text or ""))
    except json.JSONDecodeError as error:
        raise ChunkValidationError(
            f"the reply is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    if not isinstance(data, dict):
        raise ChunkValidationError('the reply must be a JSON object with a "chunks" list')
    extra = set(data) - {"chunks"}
    if extra:
        raise ChunkValidationError(
            f'unexpected keys {sorted(extra)}: the object may only hold "chunks"'
        )
    raw_chunks = data.get("chunks")
    if not isinstance(raw_chunks, list):
        raise ChunkValidationError('"chunks" is missing or is not a list')
    if not MIN_CHUNKS <= len(raw_chunks) <= MAX_CHUNKS:
        raise ChunkValidationError(
            f'"chunks" must hold {MIN_CHUNKS} to {MAX_CHUNKS} items, not {len(raw_chunks)}'
        )
    return [_check_chunk(number, raw) for number, raw in enumerate(raw_chunks, start=1)]


def _check_chunk(number: int, raw: Any) -> Chunk:
    where = f"chunk {number}"
    if not isinstance(raw, dict):
        raise ChunkValidationError(f"{where} must be an object with title, content and type")
    missing = set(_TEXT_KEYS) - set(raw)
    if missing:
        raise ChunkValidationError(f"{where} is missing {', '.join(sorted(missing))}")
    extra = set(raw) - _CHUNK_KEYS
    if extra:
        raise ChunkValidationError(f"{where} has unexpected keys {sorted(extra)}")
    values: dict[str, str] = {}
    for key in _TEXT_KEYS:
        value = raw[key]
        if not isinstance(value, str):
            raise ChunkValidationError(f"{where}: {key} must be a string")
        value = " ".join(value.split())
        if not value:
            raise ChunkValidationError(f"{where}: {key} is empty")
        values[key] = value
    if values["type"] not in MEMORY_TYPES:
        raise ChunkValidationError(
            f"{where}: type {values['type']!r} is not one of {', '.join(MEMORY_TYPES)}"
        )
    if len(values["title"]) > MAX_TITLE_CHARS:
        raise ChunkValidationError(f"{where}: title is longer than {MAX_TITLE_CHARS} characters")
    if len(values["content"]) > MAX_CONTENT_CHARS:
        raise ChunkValidationError(
            f"{where}: content is longer than {MAX_CONTENT_CHARS} characters"
        )
    return Chunk(
        title=values["title"],
        content=values["content"],
        type=values["type"],
        source_seqs=_check_source_seqs(where, raw.get("source_seqs", [])),
    )


def _check_source_seqs(where: str, raw: Any) -> tuple[int, ...]:
    """The cited seqs as whole numbers; a number sent as a digit string ("12") is read as one."""
    if not isinstance(raw, list):
        raise ChunkValidationError(f"{where}: source_seqs must be a list of message numbers")
    if len(raw) > MAX_SOURCE_SEQS:
        raise ChunkValidationError(
            f"{where}: source_seqs names more than {MAX_SOURCE_SEQS} messages"
        )
    seqs: list[int] = []
    for value in raw:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if not isinstance(value, int) or isinstance(value, bool):
            raise ChunkValidationError(
                f"{where}: source_seqs must hold message numbers, not {value!r}"
            )
        seqs.append(value)
    return tuple(seqs)
