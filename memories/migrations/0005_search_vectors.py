"""Full-text search that does not parse text at query time (memories/retrieval/lexical.py).

- ``memories_memory.search_vector`` and ``memories_summary.search_vector``: stored generated
  tsvector columns (not model fields: nothing but retrieval reads them, and the ORM need not
  load them with every row). PostgreSQL keeps them up to date on every write.
- GIN indexes on ``(partition, tsvector)`` (``btree_gin``), so one index lookup finds a word in
  one owner's memories or one thread's summaries and messages: memories by ``owner_id``,
  summaries and messages by ``thread_id``; messages through the expression
  ``to_tsvector('english'::regconfig, content)`` on chat's table.
- The single-column expression indexes of 0003 are replaced by these.
"""

from django.contrib.postgres.operations import BtreeGinExtension
from django.db import migrations

CONFIG = "'english'::regconfig"

SEARCH_COLUMNS = {
    "memories_memory": f"to_tsvector({CONFIG}, title || ' ' || content)",
    "memories_summary": f"to_tsvector({CONFIG}, text)",
}
NEW_INDEXES = {
    "memories_memory_search": ("memories_memory", "owner_id, search_vector"),
    "memories_summary_search": ("memories_summary", "thread_id, search_vector"),
    "chat_message_search": ("chat_message", f"thread_id, to_tsvector({CONFIG}, content)"),
}
OLD_INDEXES = {
    "memories_memory_fts": ("memories_memory", f"to_tsvector({CONFIG}, title || ' ' || content)"),
    "memories_summary_fts": ("memories_summary", f"to_tsvector({CONFIG}, text)"),
    "chat_message_content_fts": ("chat_message", f"to_tsvector({CONFIG}, content)"),
}


def _create_index(name: str, table: str, columns: str) -> str:
    return f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({columns})"


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0004_vector_store_tables"),
        ("chat", "0002_message_deleted_at_progress_at"),
    ]

    operations = [
        BtreeGinExtension(),
        *(
            migrations.RunSQL(
                sql=f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS search_vector tsvector "
                f"GENERATED ALWAYS AS ({expression}) STORED",
                reverse_sql=f"ALTER TABLE {table} DROP COLUMN IF EXISTS search_vector",
            )
            for table, expression in SEARCH_COLUMNS.items()
        ),
        *(
            migrations.RunSQL(
                sql=f"DROP INDEX IF EXISTS {name}",
                reverse_sql=_create_index(name, table, f"({expression})"),
            )
            for name, (table, expression) in OLD_INDEXES.items()
        ),
        *(
            migrations.RunSQL(
                sql=_create_index(name, table, columns),
                reverse_sql=f"DROP INDEX IF EXISTS {name}",
            )
            for name, (table, columns) in NEW_INDEXES.items()
        ),
    ]
