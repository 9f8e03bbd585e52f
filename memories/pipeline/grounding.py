"""Grounding: which messages an extracted chunk came from, and whether they support it.

Invariants:
- A chunk cites messages by seq (``Chunk.source_seqs``). ``grounded_seqs`` keeps only the
  seqs of messages in the job's range (``JobContext.messages``); a seq outside the range, or
  of a message that is not there (deleted, replaced, empty), is dropped. A chunk left with
  none is *ungrounded*: it is not checked further and is never stored as active.
- A grounded chunk is checked against exactly the messages it cites, never the whole range:
  - ``local`` (the offline default): ``local_support``: names, numbers, negation and the
    speaker must be in the cited messages, a detail rare in the job's messages must be said
    or paraphrased there (word meaning), and enough of the claim's words (by lemma) or its
    meaning (the best window of consecutive cited messages) must be there.
  - ``model``: one short verification call per chunk through the extraction model (the
    user's own choice of it, or the environment's; the same client), a JSON ``{"supported", "reason"}`` answer under
    ``SUPPORT_SCHEMA``. An answer that cannot be read counts as not supported, with that as
    the reason: a doubtful memory waits for the user instead of reaching a prompt.
- ``MEMORY_SUPPORT_CHECK`` chooses the check (``local`` or ``model``); by default ``local``
  for the offline provider and ``model`` otherwise.
- A remainder (``update n`` keeping what of memory n still holds) is checked against memory
  n's own messages, never the job's: it must be something memory n was made from
  (``check_remainders``). A memory written by hand, or whose messages are gone, has its own
  content as its only source.
- Every verdict is plain JSON (``Verdict.as_json``), stored in the job's state, so a rerun
  reads the verdicts the first run made instead of asking again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.conf import settings

from drawhisper.providers.registry import get_embedder
from memories.pipeline.backends import pipeline_llm
from memories.pipeline.job_context import JobContext, TranscriptMessage
from memories.pipeline.local_support import Source, local_support
from memories.pipeline.prompting import load_prompt
from memories.pipeline.reads import memory_sources
from memories.pipeline.schema import Chunk, remainder_title
from memories.pipeline.steps.base import strip_reasoning
from memories.pipeline.transcript import neutralise, render_lines

Method = Literal["local", "model"]
METHODS: tuple[str, ...] = ("local", "model")

MAX_REASON_CHARS = 300
SUPPORT_PROMPT = "support_v1"

SUPPORT_SCHEMA: dict[str, Any] = {
    "title": "support_check",
    "type": "object",
    "properties": {
        "supported": {"type": "boolean"},
        "reason": {"type": "string"},
    },
    "required": ["supported", "reason"],
    "additionalProperties": False,
}

UNGROUNDED_REASON = "It cites no message of this part of the chat."


@dataclass(frozen=True)
class Verdict:
    """The grounding check's answer for one chunk."""

    source_seqs: tuple[int, ...]  # the cited seqs that are messages of the job
    supported: bool
    reason: str
    method: str  # "local", "model", or "none" for an ungrounded chunk
    score: float | None = None  # the local score; None for a model's yes or no

    def as_json(self) -> dict[str, Any]:
        return {
            "source_seqs": list(self.source_seqs),
            "supported": self.supported,
            "reason": self.reason,
            "method": self.method,
            "score": self.score,
        }


def support_method() -> Method:
    method = getattr(settings, "MEMORY_SUPPORT_CHECK", "local")
    if method not in METHODS:
        raise ValueError(f"MEMORY_SUPPORT_CHECK must be one of {METHODS}, not {method!r}")
    return method


def grounded_seqs(chunk: Chunk, messages: Sequence[TranscriptMessage]) -> tuple[int, ...]:
    """The chunk's cited seqs that name a message of the job; the rest are dropped."""
    present = {message.seq for message in messages}
    return tuple(seq for seq in chunk.source_seqs if seq in present)


def cited_messages(
    seqs: Sequence[int], messages: Sequence[TranscriptMessage]
) -> list[TranscriptMessage]:
    wanted = set(seqs)
    return [message for message in messages if message.seq in wanted]


def check_chunks(chunks: Sequence[Chunk], context: JobContext) -> list[Verdict]:
    """One verdict per chunk, in order."""
    method = support_method()
    verdicts: list[Verdict] = []
    for chunk in chunks:
        seqs = grounded_seqs(chunk, context.messages)
        if not seqs:
            verdicts.append(Verdict((), False, UNGROUNDED_REASON, "none"))
            continue
        sources = cited_messages(seqs, context.messages)
        if method == "model":
            verdicts.append(model_verdict(chunk, sources, context=context))
        else:
            people = (context.user_name, context.character_name)
            thread = [message.content for message in context.messages]
            verdicts.append(local_verdict(chunk, sources, people=people, thread=thread))
    return verdicts


def check_remainders(
    chunks: Sequence[Chunk], context: JobContext, *, existing: dict[int, int]
) -> list[Verdict | None]:
    """One verdict per chunk: ``None`` for a chunk without a remainder, else the remainder
    checked against the messages of the memory it is kept from (``existing``: the relate
    step's numbers to memory ids). A remainder of a memory no longer there is unsupported."""
    method = support_method()
    verdicts: list[Verdict | None] = []
    for chunk in chunks:
        decision = chunk.parsed_decision
        if not chunk.remainder or decision.ref not in existing:
            verdicts.append(None)
            continue
        messages, own_content = memory_sources(memory_id=existing[decision.ref])
        if not messages and not own_content:
            verdicts.append(Verdict((), False, "The memory it was kept from is gone.", "none"))
            continue
        if not messages:
            # Written by hand (or its messages are gone): the memory's own words are the source.
            messages = (
                TranscriptMessage(
                    id=0,
                    seq=0,
                    role="user",
                    speaker=context.user_name,
                    content=own_content,
                    created_at=context.messages[0].created_at if context.messages else None,
                ),
            )
        kept = Chunk(
            title=remainder_title(chunk.remainder),
            content=chunk.remainder,
            type=chunk.type,
            source_seqs=tuple(message.seq for message in messages),
        )
        if method == "model":
            verdict = model_verdict(kept, messages, context=context)
        else:
            verdict = local_verdict(
                kept,
                messages,
                people=(context.user_name, context.character_name),
                thread=[message.content for message in messages],
            )
        verdicts.append(verdict)
    return verdicts


# --------------------------------------------------------------------------- local check


def local_verdict(
    chunk: Chunk,
    sources: Sequence[TranscriptMessage],
    *,
    people: Sequence[str] = (),
    thread: Sequence[str] = (),
) -> Verdict:
    """The local check (``local_support``) of the chunk against its cited messages;
    ``people`` are the chat's two names (the user's and the character's), ``thread`` the
    job's messages (how rare a word is in them)."""
    result = local_support(
        title=chunk.title,
        content=chunk.content,
        sources=[Source(speaker=message.speaker, content=message.content) for message in sources],
        people=people,
        embedder=get_embedder(),
        thread=thread,
    )
    return Verdict(
        source_seqs=tuple(message.seq for message in sources),
        supported=result.supported,
        reason=result.reason,
        method="local",
        score=result.score,
    )


# --------------------------------------------------------------------------- model check


def verification_messages(
    chunk: Chunk, sources: Sequence[TranscriptMessage], *, context: JobContext
):
    return load_prompt(SUPPORT_PROMPT).render(
        user_name=context.user_name,
        character_name=context.character_name,
        transcript=render_lines(sources, numbered=True),
        memory=neutralise(f"{chunk.title}: {chunk.content}"),
    )


def parse_answer(text: str) -> tuple[bool, str]:
    """``(supported, reason)`` from a verification reply; ValueError when unreadable."""
    cleaned = re.sub(r"^\s*```(?:json)?\s*|\s*```\s*$", "", strip_reasoning(text or ""))
    try:
        data = json.loads(cleaned)
    except json.JSONDecodeError as error:
        raise ValueError(f"the answer is not JSON ({error.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("supported"), bool):
        raise ValueError('the answer has no true or false "supported"')
    reason = data.get("reason")
    reason = " ".join(reason.split()) if isinstance(reason, str) else ""
    return data["supported"], reason[:MAX_REASON_CHARS]


def model_verdict(
    chunk: Chunk, sources: Sequence[TranscriptMessage], *, context: JobContext
) -> Verdict:
    completion = pipeline_llm("extract", owner_id=context.owner_id).complete(
        verification_messages(chunk, sources, context=context), json_schema=SUPPORT_SCHEMA
    )
    seqs = tuple(message.seq for message in sources)
    try:
        supported, reason = parse_answer(completion.text)
    except ValueError as error:
        return Verdict(seqs, False, f"The check could not be read: {error}.", "model")
    default = "The messages say so." if supported else "The messages do not say so."
    return Verdict(seqs, supported, reason or default, "model")
