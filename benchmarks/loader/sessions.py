"""One session through the pipeline's own runner and storing service: with the dataset's
summary and observations (``store_session``, then each gold memory narrowed to the turns its
observation cites) or with the product's own summarize and extract steps
(``store_session_with_pipeline``); and the messages indexed as the archive.
"""

from __future__ import annotations

from benchmarks.loader.conversation import LoadedConversation, session_seqs, stored_memories
from benchmarks.loader.given import _GivenChunks, _GivenSummary


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
