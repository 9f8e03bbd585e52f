"""The JSON schema of extracted chunks, and the validation of a model's reply against it.

This is the one place that defines a chunk: ``CHUNK_PROPERTIES`` (the schema of each field,
sent to the model), the :class:`Chunk` dataclass (what later steps read) and the per-field
checks in ``_check_chunk``. A new field is added in those three places only.

``parse_chunks`` accepts exactly what the schema allows (plus a Markdown code fence around
the JSON, which some models add even under structured output) and raises
:class:`ChunkValidationError` with one readable sentence otherwise: that sentence is shown
to the model on the retry and, if the retry fails too, stored as the job's error.

Each chunk names the messages it came from (``source_seqs``, the ``[seq]`` numbers of the
transcript lines). Here they are only checked for shape (a list of whole numbers, at most
``MAX_SOURCE_SEQS``); whether they belong to the job's range is the grounding check's
business (``memories.pipeline.grounding``), which drops the ones that do not. A reply without
``source_seqs`` is accepted and its chunk counts as citing nothing (ungrounded).

A chunk's ``decision`` says what it does to the existing memories the extractor was shown,
numbered 1..n in its prompt (never database ids): ``add`` (a new memory), ``update <n>``
(the new memory replaces memory n, which is kept as history), ``same <n>`` (memory n already
says it: nothing is stored) or ``conflict <n>`` (it contradicts memory n and the model cannot
tell which holds: both wait for the user). ``parse_chunks(..., existing=n)`` checks that a
number names one of the n memories shown and that no memory is updated or contested twice.
A chunk without a decision (job state recorded before decisions existed) is an ``add``.

An ``update <n>`` may carry a ``remainder``: what of memory n still holds when only one of
its facts changed ("Mara works as a nurse" when "Mara lives in Lisbon and works as a nurse"
meets "Mara moved to Porto"). It is one to three sentences like a chunk's content (at most
``MAX_CONTENT_CHARS``), empty (or null) for none, and only an update may have one. The
remainder becomes a memory of its own with memory n's type and cited messages, a title made
from its first sentence (``remainder_title``), and ``remainder_chunk_index`` as its index in
the job, and it must be supported by memory n's messages (``grounding``).
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
# A remainder's chunk index in its job: this plus the index of the chunk that carries it.
REMAINDER_CHUNK_OFFSET = 100

ADD, UPDATE, SAME, CONFLICT = "add", "update", "same", "conflict"
DECISION_ACTIONS: tuple[str, ...] = (ADD, UPDATE, SAME, CONFLICT)
# Actions that name an existing memory, and those of them that may name it only once.
_NAMING = frozenset({UPDATE, SAME, CONFLICT})
_EXCLUSIVE = frozenset({UPDATE, CONFLICT})
DECISION_PATTERN = r"^(add|(update|same|conflict) [1-9][0-9]{0,2})$"
_DECISION = re.compile(DECISION_PATTERN)

# Every field of a chunk as the model is asked for it. All are required (OpenAI's strict
# structured output needs that); ``OPTIONAL_ON_PARSE`` lists those a stored reply may lack.
CHUNK_PROPERTIES: dict[str, dict[str, Any]] = {
    "title": {"type": "string"},
    "content": {"type": "string"},
    "type": {"type": "string", "enum": list(MEMORY_TYPES)},
    "source_seqs": {
        "type": "array",
        "items": {"type": "integer"},
        "maxItems": MAX_SOURCE_SEQS,
    },
    "decision": {
        "type": "string",
        "pattern": DECISION_PATTERN,
        "description": "add, or update/same/conflict followed by an existing memory's number",
    },
    "remainder": {
        "type": "string",
        "description": "only with update: what of the updated memory still holds, as one to "
        "three sentences; empty when nothing else of it holds",
    },
}
OPTIONAL_ON_PARSE = frozenset({"source_seqs", "decision", "remainder"})
# Text fields that may be empty (meaning none).
_MAY_BE_EMPTY = frozenset({"remainder"})

EXTRACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "chunks": {
            "type": "array",
            "minItems": MIN_CHUNKS,
            "maxItems": MAX_CHUNKS,
            "items": {
                "type": "object",
                "properties": CHUNK_PROPERTIES,
                "required": list(CHUNK_PROPERTIES),
                "additionalProperties": False,
            },
        }
    },
    "required": ["chunks"],
    "additionalProperties": False,
}

_FENCE = re.compile(r"^\s*```(?:json)?\s*\n?(.*?)\n?```\s*$", re.DOTALL | re.IGNORECASE)
_CHUNK_KEYS = set(CHUNK_PROPERTIES)
_REQUIRED_KEYS = _CHUNK_KEYS - OPTIONAL_ON_PARSE


class ChunkValidationError(ValueError):
    """The reply is not valid chunk JSON; ``str(error)`` says why in one sentence."""


@dataclass(frozen=True)
class Decision:
    """A chunk's decision: ``action`` and, except for ``add``, the number (1..n) of the
    existing memory it names."""

    action: str
    ref: int | None = None

    @classmethod
    def parse(cls, text: str) -> Decision:
        if not _DECISION.match(text or ""):
            raise ValueError(f"decision {text!r} is not add, update <n>, same <n> or conflict <n>")
        action, _, ref = text.partition(" ")
        return cls(action=action, ref=int(ref) if ref else None)

    def __str__(self) -> str:
        return self.action if self.ref is None else f"{self.action} {self.ref}"


@dataclass(frozen=True)
class Chunk:
    title: str
    content: str
    type: str
    # The seqs of the messages the chunk says it came from, as the model gave them (sorted,
    # without repeats); empty for a chunk recorded before chunks cited their messages.
    source_seqs: tuple[int, ...] = ()
    decision: str = ADD
    # With ``update n``: what of memory n still holds, to be kept as a memory of its own.
    remainder: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "source_seqs", tuple(sorted(set(self.source_seqs))))

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["source_seqs"] = list(self.source_seqs)
        return data

    @property
    def parsed_decision(self) -> Decision:
        return Decision.parse(self.decision)

    @property
    def text(self) -> str:
        """What gets embedded: the index's rule for a memory (title, then content)."""
        return memory_embedding_text(title=self.title, content=self.content)

    @property
    def remainder_text(self) -> str:
        """What the remainder's vector is made of (empty without a remainder)."""
        if not self.remainder:
            return ""
        return memory_embedding_text(title=remainder_title(self.remainder), content=self.remainder)


_FIRST_SENTENCE = re.compile(r"^(.+?[.!?])(?:\s|$)")


def remainder_title(remainder: str) -> str:
    """A remainder's title: its first sentence without the final stop, cut at a word to
    ``MAX_TITLE_CHARS`` ("Mara works as a nurse. She ..." -> "Mara works as a nurse")."""
    text = " ".join(remainder.split())
    match = _FIRST_SENTENCE.match(text)
    title = (match.group(1) if match else text).rstrip(".!?")
    if len(title) > MAX_TITLE_CHARS:
        title = title[: MAX_TITLE_CHARS - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return title


def remainder_chunk_index(index: int) -> int:
    return REMAINDER_CHUNK_OFFSET + index


def _strip_fence(text: str) -> str:
    match = _FENCE.match(text)
    return match.group(1) if match else text


def parse_chunks(text: str, *, existing: int = 0) -> list[Chunk]:
    """The chunks in a model reply, or :class:`ChunkValidationError`; ``existing`` is how
    many existing memories the prompt showed (numbered 1..existing)."""
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
    chunks = [_check_chunk(number, raw) for number, raw in enumerate(raw_chunks, start=1)]
    _check_decisions(chunks, existing=existing)
    return chunks


def _check_decisions(chunks: list[Chunk], *, existing: int) -> None:
    named: dict[int, int] = {}
    for number, chunk in enumerate(chunks, start=1):
        decision = chunk.parsed_decision
        if decision.action not in _NAMING:
            continue
        if decision.ref is None or not 1 <= decision.ref <= existing:
            shown = f"1 to {existing}" if existing else "none (use add)"
            raise ChunkValidationError(
                f"chunk {number}: decision {chunk.decision!r} names no existing memory; "
                f"the existing memories are numbered {shown}"
            )
        if decision.action in _EXCLUSIVE:
            if decision.ref in named:
                raise ChunkValidationError(
                    f"chunk {number}: existing memory {decision.ref} is already named by "
                    f"chunk {named[decision.ref]}; update or contest a memory once"
                )
            named[decision.ref] = number


def _check_chunk(number: int, raw: Any) -> Chunk:
    where = f"chunk {number}"
    if not isinstance(raw, dict):
        raise ChunkValidationError(f"{where} must be an object with title, content and type")
    missing = _REQUIRED_KEYS - set(raw)
    if missing:
        raise ChunkValidationError(f"{where} is missing {', '.join(sorted(missing))}")
    extra = set(raw) - _CHUNK_KEYS
    if extra:
        raise ChunkValidationError(f"{where} has unexpected keys {sorted(extra)}")
    values: dict[str, str] = {}
    text_keys = [key for key, spec in CHUNK_PROPERTIES.items() if spec["type"] == "string"]
    for key in (key for key in text_keys if key in raw):
        value = raw[key]
        if value is None and key in _MAY_BE_EMPTY:
            continue
        if not isinstance(value, str):
            raise ChunkValidationError(f"{where}: {key} must be a string")
        value = " ".join(value.split())
        if not value and key not in _MAY_BE_EMPTY:
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
    if "decision" in values:
        try:
            Decision.parse(values["decision"])
        except ValueError as error:
            raise ChunkValidationError(f"{where}: {error}") from None
    if values.get("remainder"):
        if len(values["remainder"]) > MAX_CONTENT_CHARS:
            raise ChunkValidationError(
                f"{where}: remainder is longer than {MAX_CONTENT_CHARS} characters"
            )
        if not values.get("decision", ADD).startswith(f"{UPDATE} "):
            raise ChunkValidationError(
                f"{where}: only an update has a remainder; leave remainder empty for "
                f"{values.get('decision', ADD)!r}"
            )
    elif "remainder" in values:
        del values["remainder"]
    return Chunk(
        **values,  # the text fields, and decision when given
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
