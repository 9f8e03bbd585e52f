"""Replay a LoCoMo conversation into the database the way the product would hold it.

For each conversation: a user named after ``speaker_a``, a character named after
``speaker_b`` and one thread; every turn becomes a message (``speaker_a`` as the user,
``speaker_b`` as the character) dated with its session's date. Each session then goes
through the memory pipeline's own runner and storing service (``run_job`` with
``job_store_memories``): the session's observations stand in for the extract step's chunks
and its LoCoMo summary for the summarize step's text, while the real embed and store steps
write the vectors, the Memory rows and the Summary row. The pipeline records a chunk's
provenance as its job's range, so afterwards each memory's range is narrowed to the turns
its observation cites. Finally the messages are indexed as the archive by the pipeline's
archive service. No notify step runs: nobody is listening, and finishing a job would queue
real follow-up jobs for the thread."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.contrib.auth import get_user_model
from django.db import connection, transaction

from benchmarks.locomo import Conversation, Observation
from benchmarks.scoring import DEFAULT_SCORING, Provenance
from characters.models import Character
from chat.models import Message, Thread
from drawhisper.tokens import count_tokens
from memories.models import Memory, MemoryJob

USERNAME_PREFIX = "locomo-"
# Observations record what was said in a session; stored as "conversation" memories. (As
# "fact", the pipeline's supersession would retire many of them as updates of each other.)
MEMORY_TYPE = "conversation"
Progress = Callable[[int], None]


@dataclass
class LoadedConversation:
    conversation: Conversation
    user_id: int
    character_id: int
    thread_id: int
    seq_by_dia_id: dict[str, int]
    # The turns (as seqs) each stored memory's observation cites (possibly none), and the
    # turns of the session each memory and summary was written from.
    memory_cover: dict[int, frozenset[int]] = field(default_factory=dict)
    memory_session: dict[int, frozenset[int]] = field(default_factory=dict)
    summary_cover: dict[int, frozenset[int]] = field(default_factory=dict)
    # Where the memories came from ("gold" or "pipeline"), and for a pipeline run the jobs
    # that failed (session, error) and how many chunks each session's job stored.
    memories: str = "gold"
    failed_sessions: list[tuple[int, str]] = field(default_factory=list)
    stored_per_session: dict[int, int] = field(default_factory=dict)
    # The observation each gold memory was stored from.
    memory_observation: dict[int, Observation] = field(default_factory=dict)

    @property
    def last_seq(self) -> int:
        return max(self.seq_by_dia_id.values(), default=0)

    @property
    def provenance(self) -> Provenance:
        return Provenance(
            memory_evidence=self.memory_cover,
            memory_session=self.memory_session,
            summary_session=self.summary_cover,
        )

    def cover(
        self,
        kind: str,
        item_id: int,
        start_seq: int | None,
        end_seq: int | None,
        *,
        scoring: str = DEFAULT_SCORING,
    ) -> frozenset[int]:
        """The turns a retrieved item covers under ``scoring`` (``benchmarks.scoring``)."""
        return self.provenance.cover(kind, item_id, start_seq, end_seq, scoring=scoring)

    def evidence_seqs(self, evidence: tuple[str, ...]) -> set[int]:
        return {self.seq_by_dia_id[dia_id] for dia_id in evidence if dia_id in self.seq_by_dia_id}


class _GivenSummary:
    """The summarize step, answered by the dataset's session summary."""

    name: ClassVar[str] = "summarize"

    def __init__(self, text: str) -> None:
        self.text = text

    def run(self, context) -> dict[str, Any]:
        return {"text": self.text, "model": "locomo"}


class _GivenChunks:
    """The extract step, answered by the dataset's observations: all as ``conversation``
    memories titled with the speaker, or (``natural``) each with the type and title the
    offline extractor's rules give its text, as a model would type them."""

    name: ClassVar[str] = "extract"

    def __init__(self, observations: list[Observation], *, natural: bool = False, names=()) -> None:
        self.observations = observations
        self.natural = natural
        self.names = frozenset(names)

    def chunk(self, item: Observation) -> dict[str, str]:
        if not self.natural:
            return {"title": item.speaker, "content": item.text, "type": MEMORY_TYPE}
        from drawhisper.providers.offline.extraction import key_phrase
        from drawhisper.providers.offline.memory_types import classify

        title = key_phrase(item.text, self.names) or item.speaker
        return {"title": title[:120], "content": item.text, "type": classify(item.text)}

    def run(self, context) -> dict[str, Any]:
        return {"chunks": [self.chunk(item) for item in self.observations], "model": "locomo"}


MEMORY_SOURCES = ("gold", "pipeline")


def load_conversation(
    conversation: Conversation, *, memories: str = "gold", progress: Progress | None = None
) -> LoadedConversation:
    """Write one conversation; ``progress(n)`` is told of every n turns/items handled.

    ``memories``: ``gold`` stores the dataset's observations and summaries through the
    pipeline's store step (above); ``pipeline`` runs the product's own steps over each
    session instead (``store_session_with_pipeline``)."""
    if memories not in MEMORY_SOURCES:
        raise ValueError(f"memories must be one of {', '.join(MEMORY_SOURCES)}, not {memories!r}")
    tick = progress or (lambda _n: None)
    loaded = create_participants(conversation)
    loaded.memories = memories
    for session in conversation.sessions():
        tick(write_session_turns(loaded, session))
    store = store_session if memories == "gold" else store_session_with_pipeline
    for session in conversation.sessions():
        store(loaded, session)
        tick(1)
    archive_messages(loaded)
    return loaded


def create_participants(conversation: Conversation) -> LoadedConversation:
    """A user named after ``speaker_a``, a character named after ``speaker_b``, one thread."""
    user = get_user_model().objects.create_user(
        username=f"{USERNAME_PREFIX}{conversation.sample_id}-{uuid.uuid4().hex[:8]}"[:150],
        first_name=conversation.speaker_a[:150],
    )
    character = Character.objects.create(owner=user, name=conversation.speaker_b[:80])
    thread = Thread.objects.create(
        owner=user, character=character, title=f"LoCoMo {conversation.sample_id}"
    )
    loaded = LoadedConversation(
        conversation=conversation,
        user_id=user.pk,
        character_id=character.pk,
        thread_id=thread.pk,
        seq_by_dia_id={},
    )
    for seq, turn in enumerate(conversation.turns, start=1):
        loaded.seq_by_dia_id.setdefault(turn.dia_id, seq)
    return loaded


def session_seqs(conversation: Conversation, session: int) -> list[int]:
    return [seq for seq, turn in enumerate(conversation.turns, start=1) if turn.session == session]


def new_message(loaded: LoadedConversation, seq: int) -> Message:
    """The (unsaved) message of turn ``seq``: ``speaker_a`` speaks as the user."""
    conversation = loaded.conversation
    turn = conversation.turns[seq - 1]
    role = Message.Role.USER if turn.speaker == conversation.speaker_a else Message.Role.ASSISTANT
    return Message(
        thread_id=loaded.thread_id,
        seq=seq,
        role=role,
        content=turn.text,
        token_count=count_tokens(turn.text),
        status=Message.Status.COMPLETE,
    )


def write_messages(loaded: LoadedConversation, seqs: list[int]) -> int:
    """Save the turns ``seqs`` as messages dated with their session (30 s apart, in order)."""
    if not seqs:
        return 0
    with transaction.atomic():
        Message.objects.bulk_create([new_message(loaded, seq) for seq in seqs], batch_size=500)
        # created_at is set on insert: date each turn afterwards.
        said_at = loaded.conversation.turns[seqs[0] - 1].said_at
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE chat_message SET created_at = %s + (seq - %s) * interval '30 seconds' "
                "WHERE thread_id = %s AND seq = ANY(%s)",
                [said_at, seqs[0], loaded.thread_id, seqs],
            )
    return len(seqs)


def write_session_turns(loaded: LoadedConversation, session: int) -> int:
    return write_messages(loaded, session_seqs(loaded.conversation, session))


def store_session(loaded: LoadedConversation, session: int, *, natural: bool = False) -> None:
    """Run the session through the pipeline's runner and storing service (see above); with
    ``natural``, the observations keep the types and titles their text earns
    (``_GivenChunks``), so the store step's update decision sees them as it would see a
    model's chunks."""
    from memories.pipeline import PIPELINE_VERSION, EmbedStep, Outcome, StoreStep, run_job

    conversation = loaded.conversation
    seqs = session_seqs(conversation, session)
    observations = [o for o in conversation.observations if o.session == session]
    summary = next((s.text for s in conversation.summaries if s.session == session), "")
    if not seqs or not (observations or summary):
        return
    job = MemoryJob.objects.create(
        thread_id=loaded.thread_id,
        start_seq=seqs[0],
        end_seq=seqs[-1],
        pipeline_version=PIPELINE_VERSION,
    )
    names = (conversation.speaker_a, conversation.speaker_b)
    given = _GivenChunks(observations, natural=natural, names=names)
    steps = (_GivenSummary(summary), given, EmbedStep(), StoreStep())
    outcome = run_job(job_id=job.pk, steps=steps)
    if outcome != Outcome.SUCCEEDED:
        job.refresh_from_db()
        raise RuntimeError(
            f"storing session {session} of {conversation.sample_id} failed: {job.last_error}"
        )
    job.refresh_from_db()
    stored = job.state["steps"]["store"]
    session_turns = frozenset(seqs)
    summary_id = stored.get("summary_id")
    if summary_id is not None:
        if summary:
            loaded.summary_cover[summary_id] = session_turns
        else:  # a session without a summary: the pipeline still wrote an empty one
            from memories.models import Summary

            Summary.objects.filter(pk=summary_id).delete()
    memories = Memory.objects.filter(pk__in=stored["memory_ids"]).only("pk", "chunk_index")
    for memory in memories:
        observation = observations[memory.chunk_index]
        loaded.memory_observation[memory.pk] = observation
        cited = sorted(
            loaded.seq_by_dia_id[d] for d in observation.dia_ids if d in loaded.seq_by_dia_id
        )
        loaded.memory_cover[memory.pk] = frozenset(cited)
        loaded.memory_session[memory.pk] = session_turns
        source = cited or sorted(session_turns)
        Memory.objects.filter(pk=memory.pk).update(
            source_start_seq=source[0], source_end_seq=source[-1]
        )


def pipeline_steps() -> tuple:
    """The product's own steps, in its order, up to storing: the notify step is left out
    (nobody is listening, and it would queue the thread's next job)."""
    from memories.pipeline import STEPS

    return tuple(step for step in STEPS if step.name != "notify")


def store_session_with_pipeline(loaded: LoadedConversation, session: int) -> None:
    """Run the product's own summarize and extract steps (with the configured provider) over
    the session, then embed and store as a job does. A memory's strict cover is the message
    seqs it names as its source, when the pipeline records them (``source_seqs``); a memory
    that names only its job's range covers no turn strictly and that range generously."""
    from memories.pipeline import PIPELINE_VERSION, Outcome, run_job

    seqs = session_seqs(loaded.conversation, session)
    if not seqs:
        return
    job = MemoryJob.objects.create(
        thread_id=loaded.thread_id,
        start_seq=seqs[0],
        end_seq=seqs[-1],
        pipeline_version=PIPELINE_VERSION,
    )
    outcome = run_job(job_id=job.pk, steps=pipeline_steps())
    job.refresh_from_db()
    if outcome != Outcome.SUCCEEDED:
        loaded.failed_sessions.append((session, job.last_error or str(outcome)))
        return
    stored = job.state["steps"]["store"]
    session_turns = frozenset(seqs)
    summary_id = stored.get("summary_id")
    if summary_id is not None:
        loaded.summary_cover[summary_id] = session_turns
    memories = Memory.objects.filter(pk__in=stored["memory_ids"])
    loaded.stored_per_session[session] = len(stored["memory_ids"])
    for memory in memories:
        named = getattr(memory, "source_seqs", None) or ()
        loaded.memory_cover[memory.pk] = frozenset(int(seq) for seq in named)
        start, end = memory.source_start_seq, memory.source_end_seq
        loaded.memory_session[memory.pk] = (
            frozenset(range(start, (end or start) + 1)) if start is not None else session_turns
        )


def archive_messages(loaded: LoadedConversation, *, end_seq: int | None = None) -> None:
    """Index the messages (up to ``end_seq``) through the pipeline's archive service."""
    from memories.index import messages_archive

    messages_archive(thread_id=loaded.thread_id, start_seq=1, end_seq=end_seq or loaded.last_seq)


def remove_conversation(loaded: LoadedConversation) -> None:
    """Delete what ``load_conversation`` wrote: the vectors (not tied to rows), then the user
    and, by cascade, the character, thread, messages, jobs, memories and summaries."""
    from memories.index import get_vector_store
    from memories.models import Summary

    ids = [
        f"message:{pk}"
        for pk in Message.objects.filter(thread_id=loaded.thread_id).values_list("pk", flat=True)
    ]
    ids += [
        f"summary:{pk}"
        for pk in Summary.objects.filter(thread_id=loaded.thread_id).values_list("pk", flat=True)
    ]
    ids += [
        vector_id
        for vector_id in Memory.objects.filter(owner_id=loaded.user_id).values_list(
            "vector_id", flat=True
        )
        if vector_id
    ]
    store = get_vector_store()
    for start in range(0, len(ids), 500):
        store.delete(ids[start : start + 500])
    get_user_model().objects.filter(pk=loaded.user_id).delete()
