"""The rolling summary of a thread and the rows a chat turn reads with it: the owner's
profile for the character and, when asked, retrieval's scope, all in one statement.

Invariant: the rolling summary is the thread's newest ``recent`` summary, or before any
exists its newest daily one.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawhisper.compiled_sql import CompiledQuery


def rolling_summary_for_thread(*, thread_id: int):
    """The thread's rolling summary in one statement: its newest ``recent`` summary, or before
    any exists its newest daily one (``memories.pipeline.latest_summary_for_thread``)."""
    return rolling_summaries_of_thread(thread_id=thread_id).first()


def rolling_summaries_of_thread(*, thread_id: int):
    """The thread's ``recent`` and daily summaries, the rolling one first."""
    from django.db.models import Case, IntegerField, Value, When

    from memories.models import Summary

    return Summary.objects.filter(
        thread_id=thread_id, level__in=[Summary.Level.RECENT, Summary.Level.DAILY]
    ).order_by(
        Case(
            When(level=Summary.Level.RECENT, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        ),
        "-end_seq",
        "-id",
    )


SUMMARY_COLUMNS = ("pk", "text", "token_count", "start_seq", "end_seq")
PROFILE_COLUMNS = ("pk", "character_id", "data", "user_fields", "updated_at")


def _profile_row_queryset(*, owner_id: int, character_id: int):
    from memories.models import Profile

    return (
        Profile.objects.filter(owner_id=owner_id, character_id=character_id)
        .order_by("pk")
        .values_list(*PROFILE_COLUMNS)[:1]
    )


def _rolling_summary_row_queryset(*, thread_id: int):
    return rolling_summaries_of_thread(thread_id=thread_id).values_list(*SUMMARY_COLUMNS)[:1]


# Every chat turn reads both: compiled to SQL once per process.
_PROFILE_ROW = CompiledQuery(_profile_row_queryset)
_ROLLING_SUMMARY_ROW = CompiledQuery(_rolling_summary_row_queryset)


@dataclass(frozen=True)
class TurnMemoryRows:
    """The rows of a chat turn's profile and rolling summary, each None when there is none,
    and the retrieval scope's row when it was asked for
    (``chat_adapter.thread_scope_columns_sql``: has_shared, dismissed, lexemes, documents)."""

    profile: object | None  # a Profile
    summary: tuple | None  # SUMMARY_COLUMNS of the rolling summary
    scope: tuple | None = None


def profile_and_rolling_summary(
    *, owner_id: int, character_id: int, thread_id: int, scope_sql: tuple[str, list] | None = None
):
    """The owner's profile for the character and the thread's rolling summary in one
    statement (a chat turn needs both): two lateral joins on one row, so either may be
    missing without losing the other. ``scope_sql``: a third one, the row of retrieval's
    scope (``chat_adapter.thread_scope_columns_sql``), read in the same statement."""
    import json

    from django.db import connection

    from memories.models import Profile

    profile_sql, profile_params = _PROFILE_ROW.sql(owner_id=owner_id, character_id=character_id)
    summary_sql, summary_params = _ROLLING_SUMMARY_ROW.sql(thread_id=thread_id)
    scope_join, scope_columns, scope_params = "", "", []
    if scope_sql is not None:
        scope_join = f" LEFT JOIN LATERAL ({scope_sql[0]}) sc ON true"
        scope_columns, scope_params = ", sc.*", list(scope_sql[1])
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT p.*, s.*{scope_columns} FROM (SELECT 1) AS one"
            f" LEFT JOIN LATERAL ({profile_sql}) p ON true"
            f" LEFT JOIN LATERAL ({summary_sql}) s ON true{scope_join}",
            [*profile_params, *summary_params, *scope_params],
        )
        row = cursor.fetchone()
    width, summary_width = len(PROFILE_COLUMNS), len(SUMMARY_COLUMNS)
    profile_row = row[:width]
    summary_row = row[width : width + summary_width]
    scope_row = tuple(row[width + summary_width :]) if scope_sql is not None else None

    def decoded(value):
        return json.loads(value) if isinstance(value, str) else value

    profile = None
    if profile_row[0] is not None:
        pk, character, data, user_fields, updated_at = profile_row
        profile = Profile(
            pk=pk,
            owner_id=owner_id,
            character_id=character,
            data=decoded(data),
            user_fields=decoded(user_fields),
            updated_at=updated_at,
        )
    summary = tuple(summary_row) if summary_row[0] is not None else None
    return TurnMemoryRows(profile=profile, summary=summary, scope=scope_row)
