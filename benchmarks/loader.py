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

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, ClassVar

from django.contrib.auth import get_user_model
from django.test.utils import override_settings

from benchmarks.locomo import Conversation, Observation
from benchmarks.scoring import DEFAULT_SCORING, Provenance

USERNAME_PREFIX = "locomo-"
# Observations record what was said in a session; stored as "conversation" memories. (As
# "fact", the pipeline's supersession would retire many of them as updates of each other.)
MEMORY_TYPE = "conversation"
# A trigger no chat reaches: loading a conversation creates no memory job by itself.
NO_MEMORY_JOB = 10**12
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


def chunk_fields() -> frozenset[str]:
    """The fields of an extracted chunk in the pipeline's schema."""
    from memories.pipeline import EXTRACT_SCHEMA

    return frozenset(EXTRACT_SCHEMA["properties"]["chunks"]["items"]["properties"])


class _GivenChunks:
    """The extract step, answered by the dataset's observations: all as ``conversation``
    memories titled with the speaker, or (``natural``) each with the type and title the
    offline extractor's rules give its text, as a model would type them, and the offline
    provider's decision (``add`` / ``update n`` / ``same n``) against the existing memories
    the relate step found, as the offline extractor would answer."""

    name: ClassVar[str] = "extract"

    def __init__(
        self,
        observations: list[Observation],
        *,
        natural: bool = False,
        names=(),
        seq_by_dia_id: dict[str, int] | None = None,
    ) -> None:
        self.observations = observations
        self.natural = natural
        self.names = frozenset(names)
        self.seq_by_dia_id = seq_by_dia_id or {}

    def chunk(self, item: Observation) -> dict[str, Any]:
        if self.natural:
            from drawhisper.providers.offline.extraction import key_phrase
            from drawhisper.providers.offline.memory_types import classify

            title = key_phrase(item.text, self.names) or item.speaker
            chunk = {"title": title[:120], "content": item.text, "type": classify(item.text)}
        else:
            chunk = {"title": item.speaker, "content": item.text, "type": MEMORY_TYPE}
        if "source_seqs" in chunk_fields():
            # The turns the observation cites, as a grounded chunk names them.
            chunk["source_seqs"] = sorted(
                {self.seq_by_dia_id[d] for d in item.dia_ids if d in self.seq_by_dia_id}
            )
        return chunk

    def run(self, context) -> dict[str, Any]:
        chunks = [self.chunk(item) for item in self.observations]
        if self.natural:
            from drawhisper.providers.offline import decisions as offline

            related = (context.outputs.get("relate") or {}).get("memories", [])
            existing = [
                offline.Existing(
                    ref=m["ref"], type=m["type"], title=m["title"], content=m["content"]
                )
                for m in related
            ]
            # The offline model's own answer, remainders included where the product has them.
            if hasattr(offline, "decide_with_remainders") and "remainder" in chunk_fields():
                answers = offline.decide_with_remainders(chunks, existing, names=self.names)
            else:
                answers = [
                    (decision, "")
                    for decision in offline.decide(chunks, existing, names=self.names)
                ]
            for chunk, (decision, remainder) in zip(chunks, answers, strict=True):
                chunk["decision"] = decision
                if remainder:
                    chunk["remainder"] = remainder
        return {"chunks": chunks, "model": "locomo"}


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
    tick(len(conversation.turns))
    store = store_session if memories == "gold" else store_session_with_pipeline
    for session in conversation.sessions():
        store(loaded, session)
        tick(1)
    archive_messages(loaded)
    return loaded


def chat_file(conversation: Conversation) -> str:
    """The conversation as a SillyTavern chat file: ``speaker_a`` speaks as the user; each
    turn is dated with its session's date, 30 seconds after the one before it."""
    lines = [
        {
            "user_name": conversation.speaker_a,
            "character_name": conversation.speaker_b,
            "create_date": conversation.turns[0].said_at.isoformat() if conversation.turns else "",
        }
    ]
    position = 0
    for index, turn in enumerate(conversation.turns):
        if index and turn.session != conversation.turns[index - 1].session:
            position = 0
        lines.append(
            {
                "name": turn.speaker,
                "is_user": turn.speaker == conversation.speaker_a,
                "send_date": (turn.said_at + timedelta(seconds=30 * position)).isoformat(),
                "mes": turn.text,
            }
        )
        position += 1
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n"


def create_participants(conversation: Conversation) -> LoadedConversation:
    """A user named after ``speaker_a``, a character named after ``speaker_b``, and one chat
    holding every turn, made as a user makes them: the characters service, then the chat
    import service (SillyTavern format). The import asks for no memory job: the run makes
    and runs its own jobs, session by session."""
    from characters.services import character_create
    from chat.transfer import thread_import_sillytavern

    user = get_user_model().objects.create_user(
        username=f"{USERNAME_PREFIX}{conversation.sample_id}-{uuid.uuid4().hex[:8]}"[:150],
        first_name=conversation.speaker_a[:150],
    )
    character = character_create(owner=user, name=conversation.speaker_b[:80])
    with override_settings(MEMORY_TRIGGER_TOKENS=NO_MEMORY_JOB):
        imported = thread_import_sillytavern(
            user=user,
            character_id=character.pk,
            data=chat_file(conversation),
            title=f"LoCoMo {conversation.sample_id}",
        )
    loaded = LoadedConversation(
        conversation=conversation,
        user_id=user.pk,
        character_id=character.pk,
        thread_id=imported.thread.pk,
        seq_by_dia_id={},
    )
    for seq, turn in enumerate(conversation.turns, start=1):
        loaded.seq_by_dia_id.setdefault(turn.dia_id, seq)
    return loaded


def session_seqs(conversation: Conversation, session: int) -> list[int]:
    return [seq for seq, turn in enumerate(conversation.turns, start=1) if turn.session == session]


def owner(loaded: LoadedConversation):
    return get_user_model().objects.get(pk=loaded.user_id)


def stored_memories(loaded: LoadedConversation, ids=None) -> list:
    """The conversation's memories, whatever their status (the memory panel's selector);
    only those of ``ids`` when given."""
    from memories.selectors import MemoryFilters, memory_list

    filters = MemoryFilters(character_id=loaded.character_id, status=None)
    rows = list(memory_list(user=owner(loaded), filters=filters))
    if ids is None:
        return rows
    wanted = set(ids)
    return [row for row in rows if row.pk in wanted]


def _run_session_job(loaded: LoadedConversation, session: int, steps) -> tuple[str, dict, str]:
    """Create the session's job and run ``steps`` over it: (status, stored, error)."""
    from memories.pipeline import Outcome, job_create_for_range, job_result, run_job

    seqs = session_seqs(loaded.conversation, session)
    job_id = job_create_for_range(thread_id=loaded.thread_id, start_seq=seqs[0], end_seq=seqs[-1])
    outcome = run_job(job_id=job_id, steps=steps)
    result = job_result(job_id=job_id)
    if outcome != Outcome.SUCCEEDED:
        return str(outcome), {}, result.error or str(outcome)
    return str(outcome), result.stored, ""


def store_session(loaded: LoadedConversation, session: int, *, natural: bool = False) -> None:
    """Run the session through the pipeline's runner and storing service (see above); with
    ``natural``, the observations keep the types and titles their text earns
    (``_GivenChunks``), so the store step's update decision sees them as it would see a
    model's chunks."""
    from memories.pipeline import EmbedStep, StoreStep

    conversation = loaded.conversation
    seqs = session_seqs(conversation, session)
    observations = [o for o in conversation.observations if o.session == session]
    summary = next((s.text for s in conversation.summaries if s.session == session), "")
    if not seqs or not (observations or summary):
        return
    names = (conversation.speaker_a, conversation.speaker_b)
    given = _GivenChunks(
        observations, natural=natural, names=names, seq_by_dia_id=loaded.seq_by_dia_id
    )
    steps = (_GivenSummary(summary), given, EmbedStep(), StoreStep())
    if natural:
        # As the pipeline runs: its own steps around the given summary and chunks (the
        # relate step whose memories the decisions name, the support check), up to storing.
        by_name = {"summarize": _GivenSummary(summary), "extract": given}
        steps = tuple(by_name.get(step.name, step) for step in pipeline_steps())
    _, stored, error = _run_session_job(loaded, session, steps)
    if error:
        raise RuntimeError(f"storing session {session} of {conversation.sample_id} failed: {error}")
    session_turns = frozenset(seqs)
    summary_id = stored.get("summary_id")
    if summary_id is not None:
        # A session without a summary still gets the store step's (empty) one: it covers
        # nothing under either rule.
        loaded.summary_cover[summary_id] = session_turns if summary else frozenset()
    narrowed = []
    for memory in stored_memories(loaded, stored["memory_ids"]):
        observation = observations[memory.chunk_index]
        loaded.memory_observation[memory.pk] = observation
        cited = sorted(
            loaded.seq_by_dia_id[d] for d in observation.dia_ids if d in loaded.seq_by_dia_id
        )
        loaded.memory_cover[memory.pk] = frozenset(cited)
        loaded.memory_session[memory.pk] = session_turns
        if not getattr(memory, "source_seqs", None):
            source = cited or sorted(session_turns)
            narrowed.append((memory.pk, source[0], source[-1]))
    if narrowed:
        narrow_sources(narrowed)


def narrow_sources(ranges: list[tuple[int, int, int]]) -> None:
    """Set each gold memory's source range to the turns its observation cites. The one write
    past the pipeline's services, for a pipeline whose chunks cannot name their turns."""
    from memories.models import Memory

    for memory_id, start, end in ranges:
        Memory.objects.filter(pk=memory_id).update(source_start_seq=start, source_end_seq=end)


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
    seqs = session_seqs(loaded.conversation, session)
    if not seqs:
        return
    _, stored, error = _run_session_job(loaded, session, pipeline_steps())
    if error:
        loaded.failed_sessions.append((session, error))
        return
    session_turns = frozenset(seqs)
    summary_id = stored.get("summary_id")
    if summary_id is not None:
        loaded.summary_cover[summary_id] = session_turns
    loaded.stored_per_session[session] = len(stored["memory_ids"])
    for memory in stored_memories(loaded, stored["memory_ids"]):
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
    """Delete what ``load_conversation`` wrote: the vectors first (their deletion would
    otherwise wait in the task queue), then the user and, by cascade, the character, chat,
    messages, jobs, memories and summaries."""
    from chat.selectors import visible_messages
    from memories.index import get_vector_store, message_vector_id, summary_vector_id

    ids = [
        message_vector_id(pk)
        for pk in visible_messages(thread_id=loaded.thread_id).values_list("pk", flat=True)
    ]
    ids += [summary_vector_id(pk) for pk in loaded.summary_cover]
    ids += [memory.vector_id for memory in stored_memories(loaded) if memory.vector_id]
    store = get_vector_store()
    for start in range(0, len(ids), 500):
        store.delete(ids[start : start + 500])
    get_user_model().objects.filter(pk=loaded.user_id).delete()
