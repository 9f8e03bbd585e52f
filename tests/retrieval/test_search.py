"""Hybrid retrieval end to end on the database: scope rules, fusion of both rankers, minimum
score, weights, de-duplication and the token budget."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.models import Message
from memories import context
from memories.index import index_memories, index_messages, index_summaries
from memories.models import Memory, Summary
from memories.retrieval import hybrid_search, load_config
from tests.factories import CharacterFactory, MemoryFactory, MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def thread():
    return ThreadFactory(character__owner__first_name="Sam", character__name="Ada")


def memory(thread, content, **fields):
    fields.setdefault("origin_thread", thread)
    item = MemoryFactory(owner=thread.owner, character=thread.character, content=content, **fields)
    index_memories(memories=[item])
    return item


def message(thread, seq, content, role="user", **fields):
    item = MessageFactory(thread=thread, seq=seq, role=role, content=content, **fields)
    index_messages(messages=[item])
    return item


def summary(thread, start, end, text):
    item = Summary.objects.create(thread=thread, start_seq=start, end_seq=end, text=text)
    index_summaries(summaries=[item])
    return item


def keys(items):
    return {(item.kind, item.id) for item in items}


def test_finds_memories_summaries_and_messages_for_the_query(thread):
    violin = memory(thread, "Sam started learning the violin in March.")
    memory(thread, "Sam's favourite food is ramen.")
    old = message(thread, 1, "My violin teacher says I rush the tempo.")
    message(thread, 2, "The weather was lovely at the beach.", role="assistant")
    recap = summary(thread, 1, 2, "They talked about violin lessons and the beach.")

    items = context.retrieve(
        thread_id=thread.pk, query="How are the violin lessons going?", budget_tokens=500
    )

    found = keys(items)
    assert ("memory", violin.pk) in found
    assert ("message", old.pk) in found
    assert ("summary", recap.pk) in found
    assert all(item.score is not None and item.score > 0 for item in items)
    scores = [item.score for item in items]
    assert scores == sorted(scores, reverse=True)


def test_items_carry_speaker_date_and_token_count(thread):
    said = message(thread, 1, "I adopted a cat named Pixel.")
    Message.objects.filter(pk=said.pk).update(
        created_at=timezone.make_aware(timezone.datetime(2023, 5, 8, 13, 56))
    )
    [item] = [
        i
        for i in context.retrieve(thread_id=thread.pk, query="cat Pixel", budget_tokens=200)
        if i.kind == "message"
    ]
    assert item.text == "[8 May 2023] Sam: I adopted a cat named Pixel."
    assert item.tokens > 5
    assert (item.start_seq, item.end_seq) == (1, 1)


def test_scope_excludes_other_users_characters_threads_and_inactive_memories(thread):
    visible = memory(thread, "The lighthouse keeper hides a brass key.")
    shared_elsewhere = memory(
        thread,
        "The lighthouse has a brass key in the cellar.",
        origin_thread=ThreadFactory(owner=thread.owner, character=thread.character),
        shared=True,
    )
    memory(
        thread,
        "The lighthouse brass key is lost.",
        origin_thread=ThreadFactory(owner=thread.owner, character=thread.character),
    )  # another thread, not shared
    memory(thread, "The lighthouse brass key was superseded.", status=Memory.Status.SUPERSEDED)
    memory(
        thread, "Handmade lighthouse brass key note.", origin_thread=None
    )  # neither shared nor from here
    other_character = CharacterFactory(owner=thread.owner)
    MemoryFactory(
        owner=thread.owner,
        character=other_character,
        origin_thread=None,
        shared=True,
        content="The lighthouse brass key belongs to another character.",
    )
    stranger_thread = ThreadFactory()
    memory(stranger_thread, "A stranger's lighthouse brass key.", shared=True)
    message(stranger_thread, 1, "The lighthouse brass key is mine.")
    summary(stranger_thread, 1, 1, "A stranger talked about the lighthouse brass key.")

    items = context.retrieve(thread_id=thread.pk, query="lighthouse brass key", budget_tokens=1000)

    assert keys(items) == {("memory", visible.pk), ("memory", shared_elsewhere.pk)}


def test_excluded_memory_ids_are_not_returned(thread):
    pinned = memory(thread, "Sam's sister is called Mira.")
    other = memory(thread, "Mira, Sam's sister, lives in Lisbon.")
    items = context.retrieve(
        thread_id=thread.pk, query="Who is Mira?", budget_tokens=500, exclude_memory_ids=[pinned.pk]
    )
    assert keys(items) == {("memory", other.pk)}


def test_only_archived_messages_before_the_recent_window(thread):
    old = message(thread, 1, "We planned a trip to Kyoto in spring.")
    message(thread, 5, "Kyoto trip: I booked the train.")  # inside the recent window
    replaced = message(thread, 2, "Kyoto was rainy.", role="assistant", active=False)
    deleted = message(thread, 3, "Kyoto temples were closed.", deleted_at=timezone.now())
    failed = message(
        thread, 4, "Kyoto reply that failed.", role="assistant", status=Message.Status.FAILED
    )

    items = context.retrieve(
        thread_id=thread.pk, query="Kyoto trip", budget_tokens=500, before_seq=5
    )

    found = keys(items)
    assert found == {("message", old.pk)}
    assert not found & {("message", m.pk) for m in (replaced, deleted, failed)}


def test_full_text_search_alone_finds_rare_words_when_vectors_fail(thread, vector_queries_fail):
    target = memory(thread, "Sam keeps a pet axolotl named Gill.")
    memory(thread, "Sam likes quiet evenings.")
    vector_queries_fail()
    items = context.retrieve(
        thread_id=thread.pk, query="What is the axolotl called?", budget_tokens=500
    )
    assert [(item.kind, item.id) for item in items] == [("memory", target.pk)]


def test_vector_search_finds_items_without_shared_words(thread, settings):
    target = memory(thread, "Sam's grandmother grew tomatoes.")
    config = load_config(lexical_weight=0.0, min_similarity=0.0)
    items = hybrid_search(
        thread_id=thread.pk, query="tomatoes garden", budget_tokens=500, config=config
    )
    assert ("memory", target.pk) in keys(items)


def test_budget_trims_lowest_scores_first(thread):
    for seq in range(1, 21):
        message(thread, seq, f"Story part {seq}: the dragon flew over the mountain number {seq}.")
    everything = context.retrieve(
        thread_id=thread.pk, query="dragon mountain", budget_tokens=10_000
    )
    budget = sum(item.tokens for item in everything[:5])
    trimmed = context.retrieve(thread_id=thread.pk, query="dragon mountain", budget_tokens=budget)
    assert sum(item.tokens for item in trimmed) <= budget
    assert [item.id for item in trimmed] == [item.id for item in everything[:5]]
    assert context.retrieve(thread_id=thread.pk, query="dragon mountain", budget_tokens=0) == []


def test_near_duplicate_items_are_shown_once(thread):
    first = memory(thread, "Sam is allergic to peanuts.")
    memory(thread, "Sam is allergic to peanuts!")
    items = context.retrieve(thread_id=thread.pk, query="peanuts allergy", budget_tokens=500)
    memories = [item for item in items if item.kind == "memory"]
    assert len(memories) == 1
    assert memories[0].text.endswith(first.content) or memories[0].text.endswith("peanuts!")


def test_minimum_score_drops_weak_matches(thread):
    memory(thread, "The dragon Ember guards the northern pass.")
    for index in range(6):
        memory(thread, f"The dragon sleeps in cave {index} of {index * 7} caves.")
    query = "Where does the dragon Ember guard?"
    loose = hybrid_search(
        thread_id=thread.pk, query=query, budget_tokens=2000, config=load_config(min_score=0.0)
    )
    assert loose[1].score > loose[2].score
    threshold = (loose[1].score + loose[2].score) / 2
    strict = hybrid_search(
        thread_id=thread.pk,
        query=query,
        budget_tokens=2000,
        config=load_config(min_score=threshold),
    )
    assert [item.id for item in strict] == [item.id for item in loose[:2]]
    assert all(item.score >= threshold for item in strict)


def test_minimum_similarity_keeps_unrelated_items_out(thread):
    memory(thread, "Quarterly invoices are filed in the blue cabinet.")
    query = "volcano eruption lava"
    assert hybrid_search(thread_id=thread.pk, query=query, budget_tokens=500) == []
    anything = hybrid_search(
        thread_id=thread.pk, query=query, budget_tokens=500, config=load_config(min_similarity=-1.0)
    )
    assert len(anything) == 1


def test_type_weights_reorder_memories(thread):
    fact = memory(thread, "Sam's birthday is in June.", type="fact")
    feeling = memory(thread, "Sam felt sad about the birthday in June.", type="emotion")
    query = "birthday in June"
    emotion_first = hybrid_search(
        thread_id=thread.pk,
        query=query,
        budget_tokens=500,
        config=load_config(type_weights={"emotion": 2.0}),
    )
    fact_first = hybrid_search(
        thread_id=thread.pk,
        query=query,
        budget_tokens=500,
        config=load_config(type_weights={"fact": 2.0}),
    )
    assert emotion_first[0].id == feeling.pk
    assert fact_first[0].id == fact.pk


def test_recency_weight_prefers_newer_items(thread):
    old = message(thread, 1, "The harbour festival has lanterns.")
    new = message(thread, 2, "The harbour festival has lanterns again.")
    now = timezone.now()
    Message.objects.filter(pk=old.pk).update(created_at=now - timedelta(days=300))
    Message.objects.filter(pk=new.pk).update(created_at=now)
    config = load_config(
        recency_weight=0.5, recency_half_life_days=30, dedup_jaccard=1.1, show_dates=False
    )
    items = hybrid_search(
        thread_id=thread.pk, query="harbour festival lanterns", budget_tokens=500, config=config
    )
    assert [item.id for item in items][:2] == [new.pk, old.pk]
    assert items[0].score > items[1].score


def test_empty_query_or_empty_thread_returns_nothing(thread):
    assert context.retrieve(thread_id=thread.pk, query="   ", budget_tokens=500) == []
    assert context.retrieve(thread_id=thread.pk, query="anything at all", budget_tokens=500) == []


def test_the_configuration_is_kept_until_a_setting_changes(settings):
    kept = load_config()
    assert load_config() is kept  # read once, not setting by setting on every turn
    settings.RETRIEVAL_MIN_SCORE = kept.min_score + 0.25
    changed = load_config()
    assert changed.min_score == kept.min_score + 0.25
    assert load_config(min_score=0.0).min_score == 0.0 and load_config() is changed
