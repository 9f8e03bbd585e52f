"""Full-text ranking inside PostgreSQL: Okapi BM25 over ``to_tsvector`` lexemes.

``ts_rank`` ignores how rare a word is, so a question's rare words ("LGBTQ", "violin") would
weigh no more than its common ones. Instead each of the query's lexemes finds its rows on its
own, through a GIN index on ``(partition column, tsvector)`` (migration memories 0005: the
thread for messages and summaries, the owner for memories; 0010: the owner for lore-document
chunks) or against the stored vectors of the rows in scope, whichever the planner costs lower,
and each matching row is scored with BM25: inverse document frequency over the rows in scope,
the row's token count as its length.

The statement is one for all kinds and its text does not depend on the query: the lexemes
travel as two array parameters, so it stays under the 4,096 characters whose parsing psycopg
caches (``tests/retrieval/test_lexical.py`` pins the length and the scores).

Memories and summaries keep their tsvector in a stored generated column ``search_vector``
(a summary takes about 0.2 ms to parse, too slow to repeat per query); messages, in chat's
table, use an expression index on ``to_tsvector(config, content)``, and the expression below
must stay identical to the migration's or PostgreSQL cannot use the index (still correct,
only slower). The text search configuration is part of both; changing
``RETRIEVAL_TEXT_SEARCH_CONFIG`` needs a new migration."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connection

from memories import chat_adapter
from memories.retrieval.config import RetrievalConfig
from memories.retrieval.scope import Scope, scope_conditions

_CONFIG_NAME = re.compile(r"^[a-z_]+$")
MAX_LEXEMES = 24


@dataclass(frozen=True)
class _Corpus:
    table: str
    vector: str  # SQL of the row's tsvector over alias ``d``: a stored column or an expression
    partition: str  # the leading column of the GIN index, matched by equality
    text_column: str  # for the length estimate when token_count is unset


def corpus(kind: str, config_name: str) -> _Corpus:
    if not _CONFIG_NAME.match(config_name):
        raise ValueError(f"not a text search configuration name: {config_name!r}")
    if kind == "memory":
        return _Corpus("memories_memory", "d.search_vector", "owner_id", "content")
    if kind == "summary":
        return _Corpus("memories_summary", "d.search_vector", "thread_id", "text")
    if kind == "document":
        return _Corpus("memories_documentchunk", "d.search_vector", "owner_id", "text")
    if kind == "message":
        return _Corpus(
            chat_adapter.MESSAGE_TABLE,
            f"to_tsvector('{config_name}'::regconfig, d.content)",
            "thread_id",
            "content",
        )
    raise ValueError(f"unknown kind {kind!r}")


def _tsquery_literal(lexeme: str) -> str:
    """A tsquery matching exactly this lexeme (quoted, so nothing in it is an operator)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def query_lexemes(query: str, *, config: RetrievalConfig) -> list[str]:
    """The normalised words (lexemes) of ``query``, stop words removed, as PostgreSQL sees them;
    at most ``MAX_LEXEMES`` (a pasted page does not become a hundred index lookups)."""
    if not query.strip():
        return []
    corpus("message", config.text_search_config)  # validates the name before it goes into SQL
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT tsvector_to_array(to_tsvector('{config.text_search_config}'::regconfig, %s))",
            [query],
        )
        (lexemes,) = cursor.fetchone()
    return sorted(lexemes or [])[:MAX_LEXEMES]


def bm25_search(
    kinds: Sequence[str], *, query: str, scope: Scope, config: RetrievalConfig, limit: int
) -> dict[str, list[tuple[int, float]]]:
    """Per kind, ``(row id, BM25 score)`` of the rows in scope that share a word with
    ``query``, best first; one SQL statement for all kinds.

    Each query lexeme finds its rows on its own (a lateral lookup with the lexeme's tsquery), by
    the GIN index on ``(partition, tsvector)`` or the stored vectors, so no row's text is parsed
    once per lexeme; a lexeme counts once per row (term frequency 1), which loses little on
    chat-sized texts and keeps ranking a matter of lookups. A row's terms are summed in lexeme
    order, so its score does not depend on the plan."""
    results: dict[str, list[tuple[int, float]]] = {kind: [] for kind in kinds}
    if not query.strip() or limit <= 0 or not kinds:
        return results
    config_name = config.text_search_config
    lexemes = (
        sorted(scope.lexemes)[:MAX_LEXEMES]
        if scope.lexemes is not None
        else query_lexemes(query, config=config)
    )
    if not lexemes:
        return results
    k1, b = float(config.bm25_k1), float(config.bm25_b)
    # The lexemes as two arrays (each word and its tsquery): the statement's text is the same
    # for every query, under the 4,096 characters whose parsing the driver caches.
    ctes = ["q (lexeme, query) AS MATERIALIZED (SELECT * FROM unnest(%s::text[], %s::tsquery[]))"]
    params: list = [list(lexemes), [_tsquery_literal(lexeme) for lexeme in lexemes]]
    scoped, hits = [], []
    for kind in kinds:
        source = corpus(kind, config_name)
        conditions, condition_params = scope_conditions(kind, scope)
        length = f"greatest(coalesce(nullif(d.token_count,0),length(d.{source.text_column})/4),1)"
        partition_value = scope.owner_id if kind in ("memory", "document") else scope.thread_id
        # The rows in scope with their lengths, and each lexeme's rows among them.
        ctes += [
            f"{kind}_s (id, dl) AS MATERIALIZED"
            f" (SELECT d.id, {length}::float8 FROM {source.table} d WHERE {conditions})",
            f"{kind}_h AS MATERIALIZED (SELECT q.lexeme, s.id, s.dl FROM q CROSS JOIN LATERAL"
            f" (SELECT d.id FROM {source.table} d WHERE d.{source.partition} = %s"
            f" AND {source.vector} @@ q.query) h JOIN {kind}_s s ON s.id = h.id)",
        ]
        params += [*condition_params, partition_value]
        scoped.append(f"SELECT '{kind}', dl FROM {kind}_s")
        hits.append(f"SELECT '{kind}', * FROM {kind}_h")
    # Per kind: its rows' count and mean length, each lexeme's document frequency, BM25.
    ctes += [
        "n (kind, n, avgdl) AS (SELECT kind, count(*)::float8, coalesce(avg(dl),1)::float8"
        f" FROM ({' UNION ALL '.join(scoped)}) s (kind, dl) GROUP BY kind)",
        f"h (kind, lexeme, id, dl) AS MATERIALIZED ({' UNION ALL '.join(hits)})",
        "df AS (SELECT kind, lexeme, count(*)::float8 AS df FROM h GROUP BY kind, lexeme)",
        "r AS (SELECT h.kind, h.id, sum(ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5))"
        " * %s / (1 + %s * (1 - %s + %s * h.dl / n.avgdl)) ORDER BY h.lexeme) AS score"
        " FROM h JOIN df USING (kind, lexeme) JOIN n USING (kind) GROUP BY h.kind, h.id)",
    ]
    params += [k1 + 1, k1, b, b, int(limit)]
    sql = (
        "WITH " + ",\n".join(ctes) + "\nSELECT kind, id, score FROM (SELECT r.*, row_number()"
        " OVER (PARTITION BY kind ORDER BY score DESC, id DESC) AS rank FROM r) r"
        " WHERE rank <= %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    for kind, row_id, score in sorted(rows, key=lambda row: (row[0], -row[2], -row[1])):
        results[kind].append((int(row_id), float(score)))
    return results
