"""Full-text ranking (``memories.retrieval.lexical``): the BM25 scores of every kind are those
of the formula over the rows in scope, and the statement stays one short text whatever the
query, so the driver keeps its parsed form."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from django.db import connection

from memories.models import DocumentChunk, LoreDocument, Memory, Summary
from memories.retrieval import (
    load_config,
    memories_in_scope,
    messages_in_scope,
    scope_for_thread,
    summaries_in_scope,
)
from memories.retrieval.lexical import MAX_LEXEMES, bm25_search
from memories.retrieval.scope import document_chunks_in_scope
from tests.factories import CharacterFactory, MemoryFactory, MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db

KINDS = ("memory", "summary", "message", "document")

TEXTS = [
    "The lighthouse keeper rows to the harbour every morning.",
    "Mira plays the violin at the harbour festival.",
    "A storm closed the harbour, so the violin lesson moved to the lighthouse.",
    "Ramen with extra garlic is the keeper's favourite supper after a long storm.",
    "Nobody talks about the festival any more.",
    "The keeper's violin was a gift from Mira, who learned it in the lighthouse.",
    "Boats, nets and ropes: the harbour smells of tar.",
]


@pytest.fixture
def corpus():
    """One thread with every kind of row, and rows sharing its words just out of scope."""
    thread = ThreadFactory(character__owner__first_name="Sam", character__name="Ada")
    owner, character = thread.owner, thread.character
    other_thread = ThreadFactory(character=character)
    stranger = ThreadFactory(character=CharacterFactory())
    document = LoreDocument.objects.create(
        owner=owner,
        character=character,
        name="harbour.md",
        file="harbour.md",
        checksum="0" * 64,
        size=1,
        content_type=LoreDocument.ContentType.MARKDOWN,
        status=LoreDocument.Status.READY,
    )
    for index, text in enumerate(TEXTS):
        MemoryFactory(owner=owner, character=character, origin_thread=thread, content=text)
        Summary.objects.create(thread=thread, start_seq=index + 1, end_seq=index + 1, text=text)
        # Every other message with no token count, measured by its length instead.
        MessageFactory(thread=thread, seq=index + 1, content=text, token_count=index % 2 * 9)
        DocumentChunk.objects.create(
            document=document,
            owner_id=owner.pk,
            index=index,
            text=text,
            start_char=index * 100,
            end_char=index * 100 + len(text),
            token_count=len(text) // 5,
        )
    text = TEXTS[1]
    MemoryFactory(owner=owner, character=character, origin_thread=other_thread, content=text)
    MemoryFactory(owner=owner, character=character, shared=True, content=text)
    MemoryFactory(
        owner=owner,
        character=character,
        origin_thread=thread,
        content=text,
        status=Memory.Status.SUPERSEDED,
    )
    MessageFactory(thread=other_thread, seq=1, content=text)
    MessageFactory(thread=thread, seq=len(TEXTS) + 1, content=text, status="failed")
    Summary.objects.create(thread=stranger, start_seq=1, end_seq=1, text=text)
    MemoryFactory(owner=stranger.owner, character=stranger.character, content=text)
    excluded = MemoryFactory(owner=owner, character=character, origin_thread=thread, content=text)
    return thread, document, excluded


def scope_of(thread, document, excluded, query):
    scope = scope_for_thread(thread_id=thread.pk, exclude_memory_ids=[excluded.pk], query=query)
    return replace(scope, document_ids=frozenset({document.pk}))


def expected_bm25(kind, scope, lexemes, *, k1, b, limit):
    """Okapi BM25 (term frequency 1) over the rows in scope, computed here from each row's
    lexemes as PostgreSQL parses them."""
    if kind == "memory":
        rows = memories_in_scope(scope).values_list("id", "token_count", "content")
        vector = "search_vector"
        table = "memories_memory"
    elif kind == "summary":
        rows = summaries_in_scope(scope).values_list("id", "token_count", "text")
        vector, table = "search_vector", "memories_summary"
    elif kind == "document":
        rows = document_chunks_in_scope(scope).values_list("id", "token_count", "text")
        vector, table = "search_vector", "memories_documentchunk"
    else:
        rows = messages_in_scope(scope).values_list("id", "token_count", "content")
        vector, table = "to_tsvector('english', content)", "chat_message"
    rows = list(rows)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, tsvector_to_array({vector}) FROM {table} WHERE id = ANY(%s)",
            [[row_id for row_id, _, _ in rows]],
        )
        words = {row_id: set(array) for row_id, array in cursor.fetchall()}
    lengths = {row_id: max(tokens or len(text) // 4, 1) for row_id, tokens, text in rows}
    count = len(rows)
    average = sum(lengths.values()) / count
    frequency = {lexeme: sum(lexeme in words[row_id] for row_id in words) for lexeme in lexemes}
    scores = {}
    for row_id, row_words in words.items():
        shared = [lexeme for lexeme in lexemes if lexeme in row_words]
        if shared:
            norm = 1 + k1 * (1 - b + b * lengths[row_id] / average)
            scores[row_id] = sum(
                math.log(1 + (count - frequency[lexeme] + 0.5) / (frequency[lexeme] + 0.5))
                * (k1 + 1)
                / norm
                for lexeme in shared
            )
    return sorted(scores.items(), key=lambda item: (-item[1], -item[0]))[:limit]


@pytest.mark.parametrize(
    "query",
    [
        "Who plays the violin at the harbour?",
        "storm",
        "What did the keeper eat after the storm at the lighthouse festival?",
    ],
)
def test_scores_are_bm25_over_the_rows_in_scope(corpus, query):
    thread, document, excluded = corpus
    config = load_config()
    scope = scope_of(thread, document, excluded, query)
    found = bm25_search(KINDS, query=query, scope=scope, config=config, limit=4)

    for kind in KINDS:
        expected = expected_bm25(
            kind,
            scope,
            sorted(scope.lexemes),
            k1=config.bm25_k1,
            b=config.bm25_b,
            limit=4,
        )
        assert expected, kind
        assert [row_id for row_id, _ in found[kind]] == [row_id for row_id, _ in expected]
        assert [score for _, score in found[kind]] == pytest.approx(
            [score for _, score in expected], rel=1e-12
        )


def test_rows_out_of_scope_are_never_ranked(corpus):
    thread, document, excluded = corpus
    scope = scope_of(thread, document, excluded, "Mira violin festival")
    found = bm25_search(KINDS, query="Mira violin", scope=scope, config=load_config(), limit=50)
    in_scope = {
        "memory": set(memories_in_scope(scope).values_list("id", flat=True)),
        "summary": set(summaries_in_scope(scope).values_list("id", flat=True)),
        "message": set(messages_in_scope(scope).values_list("id", flat=True)),
        "document": set(document_chunks_in_scope(scope).values_list("id", flat=True)),
    }
    for kind in KINDS:
        assert found[kind]
        assert {row_id for row_id, _ in found[kind]} <= in_scope[kind]
    assert excluded.pk not in {row_id for row_id, _ in found["memory"]}


def test_the_statement_is_one_short_text_whatever_the_query(corpus):
    """psycopg parses a statement's placeholders anew on every call when its text is over
    4,096 characters: the statement must stay under that, and not grow with the query."""
    thread, document, excluded = corpus
    long_query = " ".join(TEXTS)  # more distinct words than MAX_LEXEMES
    statements = []

    def record(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    for query in ("storm", long_query):
        scope = scope_of(thread, document, excluded, query)
        assert len(scope.lexemes) > (MAX_LEXEMES if query == long_query else 0)
        with connection.execute_wrapper(record):
            found = bm25_search(KINDS, query=query, scope=scope, config=load_config(), limit=40)
        assert all(found[kind] for kind in KINDS)

    short, long = statements
    assert short == long
    assert len(long) < 4096
