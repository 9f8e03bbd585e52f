"""The scope rule is stated as querysets and as SQL conditions; both must select the same rows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.utils import timezone

from chat.models import Message
from memories.models import Memory, Summary
from memories.retrieval.scope import (
    memories_in_scope,
    messages_in_scope,
    scope_conditions,
    scope_for_thread,
    summaries_in_scope,
)
from tests.factories import CharacterFactory, MemoryFactory, MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db

TABLES = {"memory": "memories_memory", "summary": "memories_summary", "message": "chat_message"}


def ids_by_sql(kind, scope):
    conditions, params = scope_conditions(kind, scope)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT d.id FROM {TABLES[kind]} d WHERE {conditions}", params)
        return {row[0] for row in cursor.fetchall()}


@pytest.fixture
def world():
    thread = ThreadFactory(character__owner__first_name="", character__name="Ada")
    owner, character = thread.owner, thread.character
    sibling = ThreadFactory(owner=owner, character=character)
    other_character = CharacterFactory(owner=owner)
    stranger = ThreadFactory()
    for origin, shared, status in [
        (thread, False, "active"),
        (thread, False, "superseded"),
        (thread, True, "archived"),
        (sibling, True, "active"),
        (sibling, False, "active"),
        (None, True, "active"),
        (None, False, "active"),
    ]:
        MemoryFactory(
            owner=owner, character=character, origin_thread=origin, shared=shared, status=status
        )
    MemoryFactory(owner=owner, character=other_character, shared=True)
    MemoryFactory(owner=stranger.owner, character=stranger.character, shared=True)
    for target in (thread, sibling, stranger):
        Summary.objects.create(thread=target, start_seq=1, end_seq=2, text="A summary.")
    seq = 0
    for active, deleted, status, content in [
        (True, False, "complete", "kept"),
        (True, False, "interrupted", "cut off"),
        (True, False, "streaming", "still typing"),
        (True, False, "failed", ""),
        (True, False, "complete", ""),
        (False, False, "complete", "replaced"),
        (True, True, "complete", "deleted"),
        (True, False, "complete", "recent"),
    ]:
        seq += 1
        MessageFactory(
            thread=thread,
            seq=seq,
            active=active,
            status=status,
            content=content,
            deleted_at=timezone.now() if deleted else None,
        )
    MessageFactory(thread=sibling, seq=1, content="elsewhere")
    return thread


@pytest.mark.parametrize("before_seq", [None, 8])
def test_sql_conditions_select_what_the_querysets_select(world, before_seq):
    excluded = Memory.objects.filter(origin_thread=world, status="active").values_list(
        "pk", flat=True
    )
    for exclude in ((), list(excluded)):
        scope = scope_for_thread(
            thread_id=world.pk, before_seq=before_seq, exclude_memory_ids=exclude
        )
        for kind, queryset in (
            ("memory", memories_in_scope(scope)),
            ("summary", summaries_in_scope(scope)),
            ("message", messages_in_scope(scope)),
        ):
            expected = set(queryset.values_list("pk", flat=True))
            assert ids_by_sql(kind, scope) == expected, kind
    scope = scope_for_thread(thread_id=world.pk, before_seq=8)
    contents = set(
        Message.objects.filter(pk__in=ids_by_sql("message", scope)).values_list(
            "content", flat=True
        )
    )
    assert contents == {"kept", "cut off"}
    assert len(ids_by_sql("memory", scope_for_thread(thread_id=world.pk))) == 3


def test_speaker_names_fall_back_to_the_username(world):
    scope = scope_for_thread(thread_id=world.pk)
    assert scope.user_name == world.owner.username
    assert scope.character_name == "Ada"
    with pytest.raises(LookupError):
        scope_for_thread(thread_id=world.pk + 1000)
