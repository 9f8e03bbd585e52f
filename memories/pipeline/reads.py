"""Reads for the memory pipeline: what a job covers, the rolling summary, what is due.

"Memorisable" messages are chat's *complete* messages (``chat.selectors``): the ones a user
sees as the conversation (not replaced by a regeneration, not deleted) that finished (not
streaming, failed or cut off). Chat is read only through its selectors, as frozen
``TranscriptEntry``/``ThreadRef`` values.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.db.models import Max

from chat import selectors as chat_selectors
from chat.selectors import ThreadRef, TranscriptEntry
from memories.index import last_job_end_seq
from memories.models import Memory, MemoryJob, Summary
from memories.pipeline.job_context import DayContext, JobContext, TranscriptMessage
from memories.pipeline.transcript import speaker_name


def memorisable_messages(*, thread_id: int, **bounds) -> list[TranscriptEntry]:
    """The thread's memorisable messages in ``seq`` order (``bounds``: those of
    ``chat.selectors.complete_messages``)."""
    return chat_selectors.complete_messages(thread_id=thread_id, **bounds)


def latest_summary_for_thread(*, thread_id: int, before_seq: int | None = None) -> Summary | None:
    """The thread's rolling summary: its newest ``recent`` summary (optionally one that ends
    before ``before_seq``), or, before any exists, its newest daily summary."""
    for level in (Summary.Level.RECENT, Summary.Level.DAILY):
        summaries = Summary.objects.filter(thread_id=thread_id, level=level)
        if before_seq is not None:
            summaries = summaries.filter(end_seq__lt=before_seq)
        summary = summaries.order_by("-end_seq", "-id").first()
        if summary is not None:
            return summary
    return None


def messages_due_for_memory(*, thread_id: int) -> list[TranscriptEntry]:
    """Memorisable messages after the last job's range and before the newest assistant reply
    (still shown, it may still be regenerated)."""
    return memorisable_messages(
        thread_id=thread_id,
        first_seq=last_job_end_seq(thread_id=thread_id) + 1,
        before_seq=chat_selectors.newest_reply_seq(thread_id=thread_id),
    )


def speaker_names(thread: ThreadRef) -> tuple[str, str]:
    """(user name, character name) as they appear on transcript lines; never the same. The
    user is who they are in the chat: its persona's name, else the account's."""
    user_name = speaker_name(
        thread.persona_name or thread.owner_first_name or thread.owner_username, fallback="User"
    )
    character_name = speaker_name(thread.character_name, fallback="Character")
    if user_name.casefold() == character_name.casefold():
        user_name = f"{user_name} (user)"
    return user_name, character_name


def transcript_messages(
    messages: list[TranscriptEntry], *, user_name: str, character_name: str
) -> tuple[TranscriptMessage, ...]:
    return tuple(
        TranscriptMessage(
            id=message.pk,
            seq=message.seq,
            role=message.role,
            speaker=user_name if message.role == "user" else character_name,
            content=message.content,
            created_at=message.created_at,
        )
        for message in messages
        if message.content.strip()
    )


def memory_sources(*, memory_id: int) -> tuple[tuple[TranscriptMessage, ...], str]:
    """What an existing memory was made from, for checking a remainder kept of it: the
    messages it cites (its ``source_seqs`` in its origin thread, or its range for a memory
    made before memories cited messages) and its content. No messages for one written by
    hand, or whose messages are gone: then its own content is its only source."""
    memory = Memory.objects.filter(pk=memory_id).first()
    if memory is None:
        return (), ""
    if not memory.origin_thread_id or memory.source_start_seq is None:
        return (), memory.content
    thread = chat_selectors.thread_ref(thread_id=memory.origin_thread_id)
    if thread is None:
        return (), memory.content
    user_name, character_name = speaker_names(thread)
    seqs = set(memory.source_seqs or [])
    messages = [
        message
        for message in memorisable_messages(
            thread_id=thread.id,
            first_seq=memory.source_start_seq,
            last_seq=memory.source_end_seq,
        )
        if not seqs or message.seq in seqs
    ]
    cited = transcript_messages(messages, user_name=user_name, character_name=character_name)
    return cited, memory.content


def _thread(thread_id: int) -> ThreadRef:
    thread = chat_selectors.thread_ref(thread_id=thread_id)
    if thread is None:
        raise LookupError(f"no thread {thread_id}")
    return thread


def job_context(*, job: MemoryJob) -> JobContext:
    """Everything the steps need for ``job``, with the outputs its earlier runs recorded."""
    thread = _thread(job.thread_id)
    user_name, character_name = speaker_names(thread)
    messages = memorisable_messages(
        thread_id=thread.id, first_seq=job.start_seq, last_seq=job.end_seq
    )
    previous = latest_summary_for_thread(thread_id=thread.id, before_seq=job.start_seq)
    state = job.state or {}
    return JobContext(
        job_id=job.pk,
        thread_id=thread.id,
        owner_id=thread.owner_id,
        character_id=thread.character_id,
        user_name=user_name,
        character_name=character_name,
        start_seq=job.start_seq,
        end_seq=job.end_seq,
        messages=transcript_messages(messages, user_name=user_name, character_name=character_name),
        previous_summary=previous.text if previous else "",
        outputs=dict(state.get("steps", {})),
    )


# --------------------------------------------------------------------------- consolidation


def day_bounds(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time.min, tzinfo=UTC)
    return start, start + timedelta(days=1)


def threads_active_on(day: date) -> list[int]:
    """Threads with a memorisable message written on ``day`` (UTC)."""
    start, end = day_bounds(day)
    return chat_selectors.threads_with_complete_messages(created_from=start, created_before=end)


def recent_summaries_written_on(*, thread_id: int, day: date) -> list[Summary]:
    start, end = day_bounds(day)
    return list(
        Summary.objects.filter(
            thread_id=thread_id,
            level=Summary.Level.RECENT,
            created_at__gte=start,
            created_at__lt=end,
        ).order_by("end_seq", "id")
    )


def unsummarised_messages_on(*, thread_id: int, day: date) -> list[TranscriptEntry]:
    """Memorisable messages of ``day`` that no recent summary covers yet."""
    start, end = day_bounds(day)
    covered = (
        Summary.objects.filter(thread_id=thread_id, level=Summary.Level.RECENT)
        .aggregate(end=Max("end_seq"))
        .get("end")
        or 0
    )
    return memorisable_messages(
        thread_id=thread_id, first_seq=covered + 1, created_from=start, created_before=end
    )


def summary_before_day(*, thread_id: int, day: date) -> Summary | None:
    """The rolling summary as it stood when ``day`` began: background for that day's summary."""
    start, _ = day_bounds(day)
    for level in (Summary.Level.RECENT, Summary.Level.DAILY):
        summary = (
            Summary.objects.filter(thread_id=thread_id, level=level, created_at__lt=start)
            .order_by("-end_seq", "-id")
            .first()
        )
        if summary is not None:
            return summary
    return None


def day_context(*, thread_id: int, day: date) -> DayContext | None:
    """What the daily summary of ``day`` folds, or None when the day left nothing to fold."""
    recent = recent_summaries_written_on(thread_id=thread_id, day=day)
    messages = unsummarised_messages_on(thread_id=thread_id, day=day)
    thread = _thread(thread_id)
    user_name, character_name = speaker_names(thread)
    transcript = transcript_messages(messages, user_name=user_name, character_name=character_name)
    if not recent and not transcript:
        return None
    seqs = [summary.start_seq for summary in recent] + [summary.end_seq for summary in recent]
    seqs += [message.seq for message in transcript]
    previous = summary_before_day(thread_id=thread_id, day=day)
    return DayContext(
        thread_id=thread_id,
        day=day,
        user_name=user_name,
        character_name=character_name,
        start_seq=min(seqs),
        end_seq=max(seqs),
        previous_summary=previous.text if previous else "",
        recent_summaries=tuple(summary.text for summary in recent),
        messages=transcript,
        owner_id=thread.owner_id,
    )
