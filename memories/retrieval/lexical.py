"""Full-text ranking inside PostgreSQL: Okapi BM25 over ``to_tsvector`` lexemes.

``ts_rank`` ignores how rare a word is, so a question's rare words ("LGBTQ", "violin") would
weigh no more than its common ones. Instead the query's lexemes are OR-ed into a tsquery
(matched through the GIN expression indexes of migration memories 0002), and each matching
row is scored with BM25: inverse document frequency computed over the rows in scope, term
frequency from the tsvector positions, and the row's token count as its length.

The indexed expressions below must stay identical to those of the migration, or PostgreSQL
falls back to a sequential scan (still correct, only slower). The text search configuration
is part of the expression; changing ``RETRIEVAL_TEXT_SEARCH_CONFIG`` needs a new migration
for the indexes to be used."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import connection

from memories.retrieval.config import RetrievalConfig
from memories.retrieval.scope import (
    Scope,
    memories_in_scope,
    messages_in_scope,
    summaries_in_scope,
)

_CONFIG_NAME = re.compile(r"^[a-z_]+$")


@dataclass(frozen=True)
class _Corpus:
    table: str
    document: str  # SQL of the indexed text, over alias ``d``
    length: str  # SQL of the row's length in tokens


def _document_length(column: str) -> str:
    # token_count is filled on write; fall back to a character estimate when it is not.
    return f"greatest(coalesce(nullif(d.token_count, 0), length({column}) / 4), 1)"


CORPORA: dict[str, _Corpus] = {
    "memory": _Corpus(
        "memories_memory", "d.title || ' ' || d.content", _document_length("d.content")
    ),
    "summary": _Corpus("memories_summary", "d.text", _document_length("d.text")),
    "message": _Corpus("chat_message", "d.content", _document_length("d.content")),
}


def tsvector_sql(kind: str, config_name: str) -> str:
    if not _CONFIG_NAME.match(config_name):
        raise ValueError(f"not a text search configuration name: {config_name!r}")
    return f"to_tsvector('{config_name}'::regconfig, {CORPORA[kind].document})"


def query_lexemes(query: str, *, config: RetrievalConfig) -> list[str]:
    """The normalised words (lexemes) of ``query``, stop words removed, as PostgreSQL sees them."""
    if not query.strip():
        return []
    tsvector_sql("memory", config.text_search_config)  # validates the name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT tsvector_to_array(to_tsvector('{config.text_search_config}'::regconfig, %s))",
            [query],
        )
        (lexemes,) = cursor.fetchone()
    return list(lexemes or [])


def _or_query(lexemes: list[str]) -> str:
    quoted = ("'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'" for lexeme in lexemes)
    return " | ".join(quoted)


def _scope_queryset(kind: str, scope: Scope):
    if kind == "memory":
        return memories_in_scope(scope)
    if kind == "summary":
        return summaries_in_scope(scope)
    return messages_in_scope(scope)


def bm25_search(
    kind: str, *, lexemes: list[str], scope: Scope, config: RetrievalConfig, limit: int
) -> list[tuple[int, float]]:
    """``(row id, BM25 score)`` of the rows of ``kind`` in scope that share a word with the query."""
    if not lexemes or limit <= 0:
        return []
    corpus = CORPORA[kind]
    document_vector = tsvector_sql(kind, config.text_search_config)
    scope_sql, scope_params = _scope_queryset(kind, scope).values("id").query.sql_with_params()
    sql = f"""
        WITH stats AS (
            SELECT count(*)::float8 AS n, coalesce(avg({corpus.length}), 1)::float8 AS avgdl
            FROM {corpus.table} d
            WHERE d.id IN ({scope_sql})
        ), matches AS (
            SELECT d.id, ({corpus.length})::float8 AS dl, {document_vector} AS tsv
            FROM {corpus.table} d
            WHERE {document_vector} @@ %s::tsquery AND d.id IN ({scope_sql})
        ), terms AS (
            SELECT matches.id, matches.dl, t.lexeme,
                   coalesce(array_length(t.positions, 1), 1)::float8 AS tf
            FROM matches, unnest(matches.tsv) AS t
            WHERE t.lexeme = ANY(%s)
        ), df AS (
            SELECT lexeme, count(*)::float8 AS df FROM terms GROUP BY lexeme
        )
        SELECT terms.id,
               sum(ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))
                   * terms.tf * (%s + 1)
                   / (terms.tf + %s * (1 - %s + %s * terms.dl / stats.avgdl))) AS score
        FROM terms JOIN df USING (lexeme) CROSS JOIN stats
        GROUP BY terms.id
        ORDER BY score DESC, terms.id DESC
        LIMIT %s
    """
    k1, b = float(config.bm25_k1), float(config.bm25_b)
    params = [
        *scope_params,
        _or_query(lexemes),
        *scope_params,
        list(lexemes),
        k1,
        k1,
        b,
        b,
        int(limit),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [(int(row_id), float(score)) for row_id, score in cursor.fetchall()]
