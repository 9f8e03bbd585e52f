"""A queryset compiled once gives, for every later value, the rows the queryset itself gives."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import Count, Exists, OuterRef

from chat.models import Message
from drawhisper.compiled_sql import CompiledQuery
from tests.factories import MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db


def newest_before(*, thread_id: int, before_seq: int):
    later = Message.objects.filter(thread_id=OuterRef("thread_id"), seq__gt=OuterRef("seq"))
    return (
        Message.objects.filter(thread_id=thread_id, seq__lt=before_seq)
        .annotate(answered=Exists(later))
        .order_by("-seq")
    )


@pytest.fixture
def threads():
    made = []
    for count in (3, 5):
        thread = ThreadFactory()
        for seq in range(1, count + 1):
            MessageFactory(thread=thread, seq=seq, content=f"line {seq} of {thread.pk}")
        made.append(thread)
    return made


def test_every_call_gets_the_rows_of_its_own_values(threads):
    compiled = CompiledQuery(newest_before)
    for thread in threads * 2:
        for before in (1, 3, 99):
            expected = list(newest_before(thread_id=thread.pk, before_seq=before))
            got = compiled.rows(thread_id=thread.pk, before_seq=before)
            assert [(m.pk, m.seq, m.content, m.answered) for m in got] == [
                (m.pk, m.seq, m.content, m.answered) for m in expected
            ]
            assert all(m.thread_id == thread.pk for m in got)
    assert compiled._compiled  # kept, not compiled every time
    assert all(value is not None for value in compiled._compiled.values())


def test_its_sql_takes_the_new_values(threads):
    first, second = threads
    compiled = CompiledQuery(
        lambda *, thread_id: Message.objects.filter(thread_id=thread_id).values_list("seq")
    )
    compiled.sql(thread_id=first.pk)
    sql, params = compiled.sql(thread_id=second.pk)
    assert second.pk in params and first.pk not in params
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        assert sorted(row[0] for row in cursor.fetchall()) == [1, 2, 3, 4, 5]


def test_a_value_written_into_the_sql_is_compiled_every_time(threads):
    def first_ones(*, limit: int):
        return Message.objects.order_by("pk")[:limit]

    compiled = CompiledQuery(first_ones)
    assert [m.pk for m in compiled.rows(limit=2)] == [m.pk for m in first_ones(limit=2)]
    assert [m.pk for m in compiled.rows(limit=4)] == [m.pk for m in first_ones(limit=4)]
    assert list(compiled._compiled.values()) == [None]


def test_an_aggregate_of_the_new_thread_is_not_the_old_ones(threads):
    first, second = threads
    compiled = CompiledQuery(
        lambda *, thread_id: (
            Message.objects.filter(thread_id=thread_id).values("thread_id").annotate(n=Count("pk"))
        )
    )
    for thread, count in ((first, 3), (second, 5), (first, 3)):
        sql, params = compiled.sql(thread_id=thread.pk)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            assert cursor.fetchall() == [(thread.pk, count)]


def with_chat(*, message_id: int):
    later = Message.objects.filter(thread_id=OuterRef("thread_id"), seq__gt=OuterRef("seq"))
    return (
        Message.objects.select_related("thread__character", "thread__scene", "thread__owner")
        .annotate(answered=Exists(later))
        .filter(pk=message_id)
    )


def test_related_rows_come_with_their_objects_in_one_statement(threads, django_assert_num_queries):
    from tests.factories import SceneFactory

    first, second = threads
    second.scene = SceneFactory(character=second.character, owner=second.owner)
    second.save(update_fields=["scene"])
    compiled = CompiledQuery(with_chat)
    for thread in (first, second, first):
        for message in thread.messages.order_by("seq"):
            expected = with_chat(message_id=message.pk).get()
            with django_assert_num_queries(1):
                (got,) = compiled.rows(message_id=message.pk)
                # The related rows came with it: reading them asks nothing more.
                assert got.thread.character.name == expected.thread.character.name
                assert got.thread.owner.username == expected.thread.owner.username
                scene = got.thread.scene
            assert (got.pk, got.content, got.answered, got.created_at) == (
                expected.pk,
                expected.content,
                expected.answered,
                expected.created_at,
            )
            assert (scene and scene.pk) == (expected.thread.scene and expected.thread.scene.pk)
    assert compiled.rows(message_id=2_000_000_000) == []
    assert [
        value is not None and value.layout is not None for value in compiled._compiled.values()
    ] == [True]
