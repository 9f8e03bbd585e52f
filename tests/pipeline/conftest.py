"""Fixtures for the pipeline tests: in-memory vector store and recording channel layer
(through settings), a low trigger threshold, and helpers to write conversations, to build a
step's job context from a few turns (``transcript``, ``job_context``; ``said_by_ada`` and
``chunk`` for the support check's tests) and to script the summary and extraction replies."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest

from drawhisper.providers.fake import ScriptedChatBackend
from drawhisper.providers.registry import reset_backends
from drawhisper.tokens import count_tokens
from memories.models import MemoryJob
from memories.pipeline import PIPELINE_VERSION
from memories.pipeline.job_context import JobContext, TranscriptMessage
from memories.pipeline.schema import Chunk
from tests.factories import CharacterFactory, MessageFactory, ThreadFactory, UserFactory
from tests.pipeline.support import (
    CrashAfterUpsertVectorStore,
    InMemoryVectorStore,
    RecordingChannelLayer,
)

DEFAULT_CHUNKS = [
    {
        "title": "Alice's cat",
        "content": "Alice adopted a grey cat named Pixel on 2026-11-28.",
        "type": "fact",
        "source_seqs": [2],
    },
    {
        "title": "Loves the sea",
        "content": "Alice prefers quiet evenings by the sea.",
        "type": "preference",
        "source_seqs": [4],
    },
]


@pytest.fixture(autouse=True)
def pipeline_settings(settings):
    InMemoryVectorStore.reset()
    CrashAfterUpsertVectorStore.armed = False
    RecordingChannelLayer.sent.clear()
    settings.VECTOR_STORES = {
        "default": {"BACKEND": "tests.pipeline.support.InMemoryVectorStore", "OPTIONS": {}}
    }
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "tests.pipeline.support.RecordingChannelLayer"}
    }
    settings.MEMORY_TRIGGER_TOKENS = 60
    settings.MEMORY_JOB_MAX_TOKENS = 2000
    settings.MEMORY_JOB_STALE_SECONDS = 900
    reset_backends()
    yield
    InMemoryVectorStore.reset()
    RecordingChannelLayer.sent.clear()


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``with committed(): ...`` runs the on_commit callbacks (events, follow-up jobs) of the
    block when it ends, as a real commit would; the test's own transaction never commits."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def thread(db):
    owner = UserFactory(username="alice", first_name="Alice")
    character = CharacterFactory(owner=owner, name="Mira")
    return ThreadFactory(owner=owner, character=character)


LONG_TURNS = [
    (
        "assistant",
        "Ah, a visitor. Sit, the kettle is on. What brings you to the lighthouse tonight?",
    ),
    (
        "user",
        "I adopted a grey cat yesterday. His name is Pixel and he already sleeps on my keyboard.",
    ),
    (
        "assistant",
        "Pixel! A fine name for a cat who likes keyboards. Does he get along with the sea air?",
    ),
    (
        "user",
        "He hates the wind, but I love quiet evenings by the sea, so we compromise with a warm blanket.",
    ),
    (
        "assistant",
        "A warm blanket settles most arguments. I shall remember Pixel the next time you visit.",
    ),
]


def write_messages(thread, turns, *, start_seq: int = 1, day: datetime | None = None, **extra):
    """Messages for ``turns`` [(role, text)], seq from ``start_seq``, one minute apart."""
    day = day or datetime(2026, 11, 29, 14, 0, tzinfo=UTC)
    messages = []
    for offset, (role, text) in enumerate(turns):
        message = MessageFactory(
            thread=thread,
            seq=start_seq + offset,
            role=role,
            content=text,
            token_count=count_tokens(text),
            **extra,
        )
        message.created_at = day + timedelta(minutes=offset)
        message.save(update_fields=["created_at"])
        messages.append(message)
    return messages


def long_turns_job(thread, **fields) -> MemoryJob:
    """``LONG_TURNS`` written to ``thread`` and a job over its first four (``fields`` on top)."""
    write_messages(thread, LONG_TURNS)
    return MemoryJob.objects.create(
        thread=thread, start_seq=1, end_seq=4, pipeline_version=PIPELINE_VERSION, **fields
    )


@pytest.fixture
def job(thread):
    """A job over the long turns; a module whose job covers other turns defines its own."""
    return long_turns_job(thread)


TRANSCRIPT_DAY = datetime(2026, 11, 29, 14, 0, tzinfo=UTC)


def transcript(
    said, *, user: str = "Alice", character: str = "Mira", id_offset: int = 0
) -> tuple[TranscriptMessage, ...]:
    """A job's transcript of ``said`` [(seq, role, text)], as the steps receive it: each
    message named after its speaker, dated ``TRANSCRIPT_DAY``, its id ``id_offset + seq``."""
    return tuple(
        TranscriptMessage(
            id=id_offset + seq,
            seq=seq,
            role=role,
            speaker=user if role == "user" else character,
            content=text,
            created_at=TRANSCRIPT_DAY,
        )
        for seq, role, text in said
    )


def job_context(
    said, *, user: str = "Alice", character: str = "Mira", id_offset: int = 0, **overrides
) -> JobContext:
    """The frozen context a step runs on, for a job over exactly ``said`` (its range from
    the first seq to the last); ``overrides`` set any other field."""
    messages = transcript(said, user=user, character=character, id_offset=id_offset)
    values = dict(
        job_id=7,
        thread_id=3,
        owner_id=1,
        character_id=2,
        user_name=user,
        character_name=character,
        start_seq=messages[0].seq,
        end_seq=messages[-1].seq,
        messages=messages,
    )
    values.update(overrides)
    return JobContext(**values)


def said_by_ada(text: str) -> tuple[TranscriptMessage, ...]:
    """``text`` as the only message of a job, Ada's, at seq 1."""
    return transcript([(1, "user", text)], user="Ada")


def chunk(content: str, seqs=(1,), title: str = "Ada", kind: str = "fact") -> Chunk:
    """An extracted chunk citing ``seqs`` (by default the one message of ``said_by_ada``)."""
    return Chunk(title=title, content=content, type=kind, source_seqs=tuple(seqs))


def script_job(summary: str = "Alice told Mira about her new cat Pixel.", chunks=None) -> None:
    """Queue the replies of one job: the summary, then the extraction JSON."""
    ScriptedChatBackend.script(
        summary, json.dumps({"chunks": chunks if chunks is not None else DEFAULT_CHUNKS})
    )


_TITLE_REF = re.compile(r"@([^@]+)@")


def shown_memories(messages) -> list[dict]:
    """The numbered existing memories an extraction prompt showed: [{"id", "type", ...}]."""
    text = messages[-1].content
    found = re.search(r"<existing_memories>\n(.*?)\n</existing_memories>", text, re.DOTALL)
    lines = found.group(1).splitlines() if found else []
    return [json.loads(line) for line in lines if line.startswith("{")]


def resolve_titles(chunks, messages) -> list[dict]:
    """``chunks`` with each ``@Title@`` in a decision replaced by the number the prompt gave
    the existing memory of that title (as a model would answer); an unknown title fails."""

    def number(match: re.Match) -> str:
        for memory in shown_memories(messages):
            if memory["title"] == match.group(1):
                return str(memory["id"])
        raise LookupError(f"the prompt showed no memory titled {match.group(1)!r}")

    return [
        {**chunk, "decision": _TITLE_REF.sub(number, chunk["decision"])}
        if "decision" in chunk
        else chunk
        for chunk in chunks
    ]


def pipeline_router(summary: str = "Alice told Mira about her new cat Pixel.", chunks=None):
    """A scripted reply that answers whichever pipeline prompt it is given. A chunk's
    decision may name an existing memory by title, ``update @Diet@``."""
    chunks = chunks if chunks is not None else DEFAULT_CHUNKS

    def reply(messages) -> str:
        system = messages[0].content
        if "pick what a role-play character should remember" in system:
            return json.dumps({"chunks": resolve_titles(chunks, messages)})
        return summary

    return reply


def script_router(times: int = 12, **kwargs) -> None:
    router = pipeline_router(**kwargs)
    ScriptedChatBackend.script(*([router] * times))
