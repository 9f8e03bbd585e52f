"""Reads for the memory pipeline: what a job covers, the rolling summary, what is due.

"Memorisable" messages are the ones a user sees as the conversation: active (not replaced
by a regeneration), complete (not streaming, failed or cut off) and not deleted.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.db.models import Max, QuerySet

from chat.models import Message, Thread
from memories.models import MemoryJob, Summary
from memories.pipeline.context import JobContext, TranscriptMessage
from memories.pipeline.transcript import speaker_name


def memorisable_messages(*, thread_id: int) -> QuerySet[Message]:
    return Message.objects.filter(
        thread_id=thread_id,
        active=True,
        status=Message.Status.COMPLETE,
        deleted_at__isnull=True,
    ).order_by("seq")


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


def last_job_end_seq(*, thread_id: int) -> int:
    """The end of the furthest range any job of the thread covers (0 before the first)."""
    return MemoryJob.objects.filter(thread_id=thread_id).aggregate(end=Max("end_seq"))["end"] or 0


def newest_assistant_seq(*, thread_id: int) -> int | None:
    """The newest assistant reply still shown (it may still be regenerated)."""
    return (
        Message.objects.filter(
            thread_id=thread_id, role=Message.Role.ASSISTANT, active=True, deleted_at__isnull=True
        )
        .aggregate(seq=Max("seq"))
        .get("seq")
    )


def messages_due_for_memory(*, thread_id: int) -> list[Message]:
    """Memorisable messages after the last job's range and before the newest assistant reply."""
    messages = memorisable_messages(thread_id=thread_id).filter(
        seq__gt=last_job_end_seq(thread_id=thread_id)
    )
    newest_reply = newest_assistant_seq(thread_id=thread_id)
    if newest_reply is not None:
        messages = messages.filter(seq__lt=newest_reply)
    return list(messages.only("id", "seq", "role", "content", "token_count"))


def speaker_names(thread: Thread) -> tuple[str, str]:
    """(user name, character name) as they appear on transcript lines; never the same."""
    owner = thread.owner
    user_name = speaker_name(owner.first_name or owner.get_username(), fallback="User")
    character_name = speaker_name(thread.character.name, fallback="Character")
    if user_name.casefold() == character_name.casefold():
        user_name = f"{user_name} (user)"
    return user_name, character_name


def transcript_messages(
    messages: list[Message], *, user_name: str, character_name: str
) -> tuple[TranscriptMessage, ...]:
    return tuple(
        TranscriptMessage(
            id=message.pk,
            seq=message.seq,
            role=message.role,
            speaker=user_name if message.role == Message.Role.USER else character_name,
            content=message.content,
            created_at=message.created_at,
        )
        for message in messages
        if message.content.strip()
    )


def job_context(*, job: MemoryJob) -> JobContext:
    """Everything the steps need for ``job``, with the outputs its earlier runs recorded."""
    thread = Thread.objects.select_related("owner", "character").get(pk=job.thread_id)
    user_name, character_name = speaker_names(thread)
    messages = list(
        memorisable_messages(thread_id=thread.pk).filter(
            seq__gte=job.start_seq, seq__lte=job.end_seq
        )
    )
    previous = latest_summary_for_thread(thread_id=thread.pk, before_seq=job.start_seq)
    state = job.state or {}
    return JobContext(
        job_id=job.pk,
        thread_id=thread.pk,
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
    return list(
        Message.objects.filter(
            created_at__gte=start,
            created_at__lt=end,
            active=True,
            status=Message.Status.COMPLETE,
            deleted_at__isnull=True,
        )
        .values_list("thread_id", flat=True)
        .distinct()
        .order_by("thread_id")
    )


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


def unsummarised_messages_on(*, thread_id: int, day: date) -> list[Message]:
    """Memorisable messages of ``day`` that no recent summary covers yet."""
    start, end = day_bounds(day)
    covered = (
        Summary.objects.filter(thread_id=thread_id, level=Summary.Level.RECENT)
        .aggregate(end=Max("end_seq"))
        .get("end")
        or 0
    )
    return list(
        memorisable_messages(thread_id=thread_id).filter(
            seq__gt=covered, created_at__gte=start, created_at__lt=end
        )
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


def day_context(*, thread_id: int, day: date):
    """What the daily summary of ``day`` folds, or None when the day left nothing to fold."""
    from memories.pipeline.consolidate import DayContext

    recent = recent_summaries_written_on(thread_id=thread_id, day=day)
    messages = unsummarised_messages_on(thread_id=thread_id, day=day)
    thread = Thread.objects.select_related("owner", "character").get(pk=thread_id)
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
    )
