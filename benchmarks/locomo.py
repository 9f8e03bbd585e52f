"""The LoCoMo conversation format and its evidence recall metric (no database here).

A file is a JSON list of samples: ``sample_id``; ``conversation`` with ``speaker_a``,
``speaker_b``, ``session_N`` (turns ``{speaker, dia_id, text}``, some with ``blip_caption``
describing a shared image) and ``session_N_date_time`` ("1:56 pm on 8 May, 2023");
``observation`` (per session, per speaker, ``[fact, dia_id or [dia_ids]]``);
``session_summary``; ``qa`` (``{question, answer, evidence, category}``).

Category numbers in this format: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,
5 adversarial. Some harnesses swap the names of 1 and 4; the overall score is unaffected.

Evidence recall of one question: the share of its evidence turns that the retrieved items
cover (a turn covers itself; an observation or summary covers the turns it was written
from), averaged over questions; a question with no resolvable evidence counts 1. Malformed
evidence strings ("D8:6; D9:17") are split on ``;`` and whitespace, and ids matching no turn
are ignored."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

CATEGORY_NAMES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DATE_TIME = re.compile(
    r"^\s*(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$", re.IGNORECASE
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        "january february march april may june july august september october november december".split(),
        start=1,
    )
}


@dataclass(frozen=True)
class Turn:
    dia_id: str
    session: int
    speaker: str
    text: str  # the spoken text, with the shared image's caption appended
    said_at: datetime


@dataclass(frozen=True)
class Observation:
    session: int
    speaker: str
    text: str
    dia_ids: tuple[str, ...]


@dataclass(frozen=True)
class SessionSummary:
    session: int
    text: str


@dataclass(frozen=True)
class Question:
    question: str
    category: int
    evidence: tuple[str, ...]
    # The gold answer, for scoring only (category 5 items have none).
    answer: str = ""


@dataclass(frozen=True)
class Conversation:
    sample_id: str
    speaker_a: str
    speaker_b: str
    turns: tuple[Turn, ...]
    observations: tuple[Observation, ...]
    summaries: tuple[SessionSummary, ...]
    questions: tuple[Question, ...]

    def sessions(self) -> list[int]:
        return sorted({turn.session for turn in self.turns})


def parse_session_date(text: str) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` as an aware UTC datetime, or None."""
    match = _DATE_TIME.match(text or "")
    if not match:
        return None
    hour, minute, meridiem, day, month_name, year = match.groups()
    month = _MONTHS.get(month_name.lower())
    if month is None:
        return None
    hour = int(hour) % 12 + (12 if meridiem.lower() == "pm" else 0)
    try:
        return datetime(int(year), month, int(day), hour, int(minute), tzinfo=UTC)
    except ValueError:
        return None


def split_ids(values: Iterable[Any] | str | None) -> tuple[str, ...]:
    """Dialogue ids from a string or list of strings, split on ``;`` and whitespace."""
    if values is None:
        return ()
    if isinstance(values, str):
        values = [values]
    ids: list[str] = []
    for value in values:
        ids.extend(part for part in re.split(r"[;\s]+", str(value)) if part)
    return tuple(ids)


def turn_text(turn: dict[str, Any]) -> str:
    text = str(turn.get("text") or "").strip()
    caption = str(turn.get("blip_caption") or "").strip()
    if caption:
        text = f"{text} [image: {caption}]" if text else f"[image: {caption}]"
    return text


def parse_conversation(sample: dict[str, Any]) -> Conversation:
    conversation = sample["conversation"]
    sessions = sorted(
        int(match.group(1))
        for key in conversation
        if (match := _SESSION_KEY.match(key)) and isinstance(conversation[key], list)
    )
    turns: list[Turn] = []
    previous: datetime | None = None
    for session in sessions:
        said_at = parse_session_date(conversation.get(f"session_{session}_date_time", ""))
        if said_at is None:  # undated session: just after the previous one
            said_at = (previous or datetime(2000, 1, 1, tzinfo=UTC)) + timedelta(hours=1)
        previous = said_at
        for turn in conversation[f"session_{session}"]:
            text = turn_text(turn)
            if not text:
                continue
            turns.append(
                Turn(
                    dia_id=str(turn["dia_id"]),
                    session=session,
                    speaker=str(turn["speaker"]),
                    text=text,
                    said_at=said_at,
                )
            )
    observations: list[Observation] = []
    for key, per_speaker in (sample.get("observation") or {}).items():
        match = re.match(r"^session_(\d+)_observation$", key)
        if not match or not isinstance(per_speaker, dict):
            continue
        for speaker, facts in per_speaker.items():
            for fact in facts or []:
                if not isinstance(fact, list | tuple) or not fact or not str(fact[0]).strip():
                    continue
                dia_ids = split_ids(fact[1] if len(fact) > 1 else None)
                observations.append(
                    Observation(int(match.group(1)), str(speaker), str(fact[0]).strip(), dia_ids)
                )
    summaries = [
        SessionSummary(int(match.group(1)), str(text).strip())
        for key, text in (sample.get("session_summary") or {}).items()
        if (match := re.match(r"^session_(\d+)_summary$", key)) and str(text or "").strip()
    ]
    questions = [
        Question(
            question=str(item["question"]),
            category=int(item.get("category") or 0),
            evidence=split_ids(item.get("evidence")),
            answer=str(item["answer"]).strip() if item.get("answer") is not None else "",
        )
        for item in sample.get("qa") or []
        if str(item.get("question") or "").strip()
    ]
    return Conversation(
        sample_id=str(sample.get("sample_id") or f"sample-{id(sample)}"),
        speaker_a=str(conversation["speaker_a"]),
        speaker_b=str(conversation["speaker_b"]),
        turns=tuple(turns),
        observations=tuple(sorted(observations, key=lambda o: o.session)),
        summaries=tuple(sorted(summaries, key=lambda s: s.session)),
        questions=tuple(questions),
    )


def load_file(path: str | Path) -> list[Conversation]:
    data = json.loads(Path(path).read_text())
    if not isinstance(data, list):
        raise ValueError("a LoCoMo file holds a JSON list of samples")
    return [parse_conversation(sample) for sample in data]


class LoadError(ValueError):
    """A LoCoMo file that cannot be used as asked; the message says why, for a user."""


def sample_ids(value: str) -> list[str]:
    """``"conv-26, conv-30"`` -> ``["conv-26", "conv-30"]`` (a comma-separated option)."""
    return [part.strip() for part in value.split(",") if part.strip()]


def load_conversations(
    path: str | Path, samples: Iterable[str] = (), *, limit: int | None = None
) -> list[Conversation]:
    """The conversations of a LoCoMo-format file, only ``samples`` (sample ids) when given,
    then only the first ``limit``; ``LoadError`` for a missing or malformed file or a sample
    id the file does not hold (the benchmark commands' ``--data``/``--samples``/``--limit``)."""
    path = Path(path)
    if not path.exists():
        raise LoadError(f"no such file: {path}")
    try:
        conversations = load_file(path)
    except (ValueError, KeyError) as error:
        raise LoadError(f"{path} is not a LoCoMo-format file: {error}") from error
    wanted = list(samples)
    if wanted:
        unknown = sorted(set(wanted) - {c.sample_id for c in conversations})
        if unknown:
            raise LoadError(f"--samples: no conversation {', '.join(unknown)} in {path}")
        conversations = [c for c in conversations if c.sample_id in wanted]
    return conversations[:limit] if limit else conversations


def evidence_recall(evidence: Iterable[int], covered: set[int]) -> float:
    """Share of the (resolved) evidence turns in ``covered``; 1.0 when there is no evidence."""
    wanted = set(evidence)
    if not wanted:
        return 1.0
    return len(wanted & covered) / len(wanted)
