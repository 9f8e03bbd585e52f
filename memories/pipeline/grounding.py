"""Grounding: which messages an extracted chunk came from, and whether they support it.

Invariants:
- A chunk cites messages by seq (``Chunk.source_seqs``). ``grounded_seqs`` keeps only the
  seqs of messages in the job's range (``JobContext.messages``); a seq outside the range, or
  of a message that is not there (deleted, replaced, empty), is dropped. A chunk left with
  none is *ungrounded*: it is not checked further and is never stored as active.
- A grounded chunk is checked against exactly the messages it cites, never the whole range:
  - ``local`` (the offline default): lexical coverage (the share of the chunk's distinct
    content words found in the cited messages or their speakers' names, matched on a word's
    first five letters so "works" meets "work") and embedding similarity (the configured embedder,
    best cosine between the chunk and a cited message or all of them together). The score
    is ``max(coverage, (coverage + similarity) / 2)``; at ``SUPPORT_THRESHOLD`` or above the
    chunk is supported. Words are enough on their own; meaning can only make up for words
    that were paraphrased, never for words that were never said.
  - ``model``: one short verification call per chunk through the extraction model (the
    user's own choice of it, or the environment's; the same client), a JSON ``{"supported", "reason"}`` answer under
    ``SUPPORT_SCHEMA``. An answer that cannot be read counts as not supported, with that as
    the reason: a doubtful memory waits for the user instead of reaching a prompt.
- ``MEMORY_SUPPORT_CHECK`` chooses the check (``local`` or ``model``); by default ``local``
  for the offline provider and ``model`` otherwise.
- Every verdict is plain JSON (``Verdict.as_json``), stored in the job's state, so a rerun
  reads the verdicts the first run made instead of asking again.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.conf import settings

from drawhisper.providers.registry import get_embedder
from memories.pipeline.backends import pipeline_llm
from memories.pipeline.job_context import JobContext, TranscriptMessage
from memories.pipeline.prompting import load_prompt
from memories.pipeline.schema import Chunk
from memories.pipeline.steps.base import strip_reasoning
from memories.pipeline.transcript import neutralise, render_lines

Method = Literal["local", "model"]
METHODS: tuple[str, ...] = ("local", "model")

SUPPORT_THRESHOLD = 0.6
STEM_LETTERS = 5
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

_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
_POSSESSIVE = re.compile(r"'s$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# Words that carry no claim of their own: function words, and the words a memory uses to
# report speech ("Ada said that she ..."), which the messages themselves never contain.
_STOPWORDS = frozenset(
    """a about above after again against all also am an and any are aren't as at be because
    been before being below between both but by can can't cannot could couldn't did didn't do
    does doesn't doing don't down during each even ever every few for from further get gets
    got had hadn't has hasn't have haven't having he he'd he'll he's her here hers herself him
    himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just me might
    more most much must my myself no nor not now of off on once one only or other our ours
    out over own same she she'd she'll she's should so some such than that that's the their
    theirs them themself themselves then there these they they'd they'll they're they've this
    those through to too under until up very was wasn't we were weren't what when where which
    while who whom why will with won't would you your yours yourself said says say told tells
    tell mentioned mentions shared shares explained explains admitted admits revealed reveals
    talked talks spoke speaks user character someone something""".split()
)


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
            verdicts.append(local_verdict(chunk, sources))
    return verdicts


# --------------------------------------------------------------------------- local check


def content_words(text: str) -> list[str]:
    """The words of ``text`` that carry a claim; a possessive or plural counts as its word
    ("Ada's" is "ada", "eats" is "eat"), and a calendar date is left out (the extractor writes "2026-11-28" where the
    message said "yesterday")."""
    words = []
    for raw in _WORD.findall(text.lower().replace("’", "'")):
        word = _singular(_POSSESSIVE.sub("", raw.strip("'-")))
        if len(word) > 1 and word not in _STOPWORDS and not _ISO_DATE.match(word):
            words.append(word)
    return words


def _singular(word: str) -> str:
    """A plural or a verb's third person without its "s" ("eats" is "eat", "dogs" "dog")."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _key(word: str) -> str:
    return word[:STEM_LETTERS]


def lexical_coverage(claim: str, sources: Sequence[str]) -> float:
    """The share of the claim's content words found in ``sources`` (1.0 for a claim without
    any: nothing in it can be unsupported)."""
    words = list(dict.fromkeys(content_words(claim)))  # a word repeated in the title counts once
    if not words:
        return 1.0
    keys = {_key(word) for text in sources for word in content_words(text)}
    four_letter = {key for key in keys if len(key) == 4}
    found = sum(1 for word in words if _meets(word, keys, four_letter))
    return found / len(words)


def _meets(word: str, keys: set[str], four_letter: set[str]) -> bool:
    """Whether ``word`` was said: the same first five letters (or the same short word), or
    a four-letter word and a longer form of it ("love" / "loves") either way round."""
    if _key(word) in keys:
        return True
    if len(word) == 4:
        return any(key.startswith(word) for key in keys)
    return len(word) > 4 and word[:4] in four_letter


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def embedding_similarity(claim: str, sources: Sequence[str]) -> float:
    """The best cosine between the claim and a source, or all sources read together."""
    texts = [*sources, " ".join(sources)] if len(sources) > 1 else list(sources)
    if not texts:
        return 0.0
    embedder = get_embedder()
    claim_vector = embedder.embed_query(claim)
    return max(_cosine(claim_vector, vector) for vector in embedder.embed_documents(texts))


def local_verdict(chunk: Chunk, sources: Sequence[TranscriptMessage]) -> Verdict:
    claim = f"{chunk.title}. {chunk.content}"
    texts = [message.content for message in sources]
    speakers = sorted({message.speaker for message in sources})
    coverage = lexical_coverage(claim, [*texts, *speakers])
    similarity = max(0.0, embedding_similarity(chunk.content, texts))
    score = round(max(coverage, (coverage + similarity) / 2), 3)
    supported = score >= SUPPORT_THRESHOLD
    reason = (
        f"{round(coverage * 100)}% of its words are in the messages it cites, "
        f"meaning similarity {similarity:.2f}"
    )
    return Verdict(
        source_seqs=tuple(message.seq for message in sources),
        supported=supported,
        reason=reason + ("." if supported else ": too little of it was said there."),
        method="local",
        score=score,
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
