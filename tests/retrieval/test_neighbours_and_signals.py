"""Retrieval beyond the two rankers: the turns around the best messages, whom and when a
question names, and the query vector cache."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chat.models import Message
from drawhisper.providers.registry import reset_backends
from memories import context
from memories.index import index_messages
from memories.retrieval import (
    clear_query_embedding_cache,
    hybrid_search,
    load_config,
    search,
)
from memories.retrieval.signals import DateMention, date_mentions, query_subject
from tests.factories import MessageFactory, ThreadFactory
from tests.retrieval.fakes import CountingEmbedder

pytestmark = pytest.mark.django_db


@pytest.fixture
def thread():
    return ThreadFactory(character__owner__first_name="Sam", character__name="Ada")


@pytest.fixture
def counting_embedder(settings):
    """The embedding backend counts the queries it embeds, from an empty query cache; the
    backends are built again from the settings afterwards."""
    settings.EMBEDDING_BACKENDS = {
        "default": {"BACKEND": "tests.retrieval.fakes.CountingEmbedder", "OPTIONS": {}}
    }
    reset_backends()
    clear_query_embedding_cache()
    CountingEmbedder.queries.clear()
    yield CountingEmbedder
    reset_backends()


def message(thread, seq, content, role="user", said_at=None):
    item = MessageFactory(thread=thread, seq=seq, role=role, content=content)
    if said_at is not None:
        Message.objects.filter(pk=item.pk).update(created_at=said_at)
        item.refresh_from_db()
    index_messages(messages=[item])
    return item


def keys(items):
    return {(item.kind, item.id) for item in items}


def conversation(thread):
    question = message(thread, 1, "Did you go to the violin recital on Friday?")
    answer = message(thread, 2, "Yes! I cried at the very end, it was so moving.", "assistant")
    message(thread, 3, "The bakery on the corner closed down.")
    message(thread, 4, "I repainted the kitchen green over the weekend.", "assistant")
    return question, answer


def test_the_reply_to_a_matching_message_comes_along(thread):
    question, answer = conversation(thread)
    query = "violin recital"

    without = hybrid_search(
        thread_id=thread.pk,
        query=query,
        budget_tokens=500,
        config=load_config(neighbour_sources=0, min_similarity=0.3),
    )
    assert ("message", question.pk) in keys(without)
    assert ("message", answer.pk) not in keys(without)  # it shares no word with the query

    items = hybrid_search(
        thread_id=thread.pk,
        query=query,
        budget_tokens=500,
        config=load_config(neighbour_sources=5, neighbour_weight=0.5, min_similarity=0.3),
    )
    scores = {(item.kind, item.id): item.score for item in items}
    assert ("message", answer.pk) in scores
    assert scores[("message", answer.pk)] == pytest.approx(0.5 * scores[("message", question.pk)])


def test_a_neighbour_inside_the_recent_window_stays_out(thread):
    question, answer = conversation(thread)
    items = hybrid_search(
        thread_id=thread.pk,
        query="violin recital",
        budget_tokens=500,
        before_seq=2,  # the reply is in the recent window, shown anyway
        config=load_config(neighbour_sources=5, neighbour_weight=0.5, min_similarity=0.3),
    )
    assert keys(items) == {("message", question.pk)}


def test_the_chat_brings_in_neighbours_as_configured(thread, settings):
    question, answer = conversation(thread)
    settings.RETRIEVAL_NEIGHBOUR_SOURCES = 5
    settings.RETRIEVAL_MIN_SIMILARITY = 0.3
    items = context.retrieve(thread_id=thread.pk, query="violin recital", budget_tokens=500)
    assert {("message", question.pk), ("message", answer.pk)} <= keys(items)


def test_a_question_naming_one_participant_prefers_what_they_said(thread):
    sam = message(thread, 1, "My favourite colour is teal.")
    ada = message(thread, 2, "My favourite colour is amber.", "assistant")
    plain = load_config(neighbour_sources=0)
    weighted = load_config(neighbour_sources=0, subject_weight=2.0)

    def order(query, config):
        items = hybrid_search(thread_id=thread.pk, query=query, budget_tokens=500, config=config)
        return [(item.kind, item.id) for item in items if item.kind == "message"]

    assert order("What is Ada's favourite colour?", weighted)[0] == ("message", ada.pk)
    assert order("What is Sam's favourite colour?", weighted)[0] == ("message", sam.pk)
    # Naming both, or nobody, changes nothing.
    assert order("Do Sam and Ada like colours?", weighted) == order(
        "Do Sam and Ada like colours?", plain
    )
    subject = query_subject("what did ada say", user_name="Sam", character_name="Ada")
    assert subject.role == "character"
    assert query_subject("Sam and Ada", user_name="Sam", character_name="Ada").role is None


def test_a_question_naming_a_day_prefers_what_was_said_that_day(thread):
    may = message(
        thread, 1, "We went hiking in the hills.", said_at=datetime(2023, 5, 8, tzinfo=UTC)
    )
    june = message(
        thread, 2, "We went hiking by the lake.", said_at=datetime(2023, 6, 20, tzinfo=UTC)
    )
    config = load_config(neighbour_sources=0, date_weight=2.0)
    items = hybrid_search(
        thread_id=thread.pk,
        query="Where did we go hiking on 20 June, 2023?",
        budget_tokens=500,
        config=config,
    )
    assert [(item.kind, item.id) for item in items][:2] == [
        ("message", june.pk),
        ("message", may.pk),
    ]
    assert date_mentions("on October 13, 2023 and in May 2022") == (
        DateMention(2023, 10, 13),
        DateMention(2022, 5),
    )
    assert date_mentions("the 5th of Sept 2024") == (DateMention(2024, 9, 5),)
    assert date_mentions("in the morning") == ()


def test_a_repeated_query_is_embedded_once(thread, counting_embedder):
    conversation(thread)
    first = context.retrieve(thread_id=thread.pk, query="violin recital", budget_tokens=500)
    again = context.retrieve(thread_id=thread.pk, query="violin recital", budget_tokens=500)
    assert keys(first) == keys(again)
    assert CountingEmbedder.queries == ["violin recital"]
    context.retrieve(thread_id=thread.pk, query="the bakery", budget_tokens=500)
    assert CountingEmbedder.queries == ["violin recital", "the bakery"]
    clear_query_embedding_cache()
    context.retrieve(thread_id=thread.pk, query="violin recital", budget_tokens=500)
    assert CountingEmbedder.queries.count("violin recital") == 2


def test_a_turns_query_is_embedded_while_its_context_is_read_and_once(thread, counting_embedder):
    conversation(thread)
    cold = context.retrieve(thread_id=thread.pk, query="violin recital", budget_tokens=500)
    clear_query_embedding_cache()
    CountingEmbedder.queries.clear()
    read = context.profile_and_summary(
        owner_id=thread.owner_id,
        character_id=thread.character_id,
        thread_id=thread.pk,
        user_name="Sam",
        character_name="Ada",
        query="violin recital",
        scope_user_name="Sam",
        scope_character_name="Ada",
    )
    # Reading the turn's context already asked for the query's vector, before retrieval.
    started = [
        future
        for (_, text), future in search._query_embeddings._futures.items()
        if text == "violin recital"
    ]
    assert len(started) == 1
    started[0].result(timeout=10)
    assert CountingEmbedder.queries == ["violin recital"]
    found = context.retrieve(
        thread_id=thread.pk,
        query="violin recital",
        budget_tokens=500,
        read_scope=read.retrieval,
    )
    assert keys(found) == keys(cold)
    assert CountingEmbedder.queries == ["violin recital"]
