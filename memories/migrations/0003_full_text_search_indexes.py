"""GIN expression indexes for the full-text half of hybrid retrieval (memories/retrieval).

The expressions must match ``memories.retrieval.lexical.tsvector_sql`` exactly. The index on
``chat_message`` lives here because retrieval, not chat, is what searches message text."""

from django.db import migrations

INDEXES = {
    "memories_memory_fts": ("memories_memory", "title || ' ' || content"),
    "memories_summary_fts": ("memories_summary", "text"),
    "chat_message_content_fts": ("chat_message", "content"),
}


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0002_memorydismissal"),
        ("chat", "0002_message_deleted_at_progress_at"),
    ]

    operations = [
        migrations.RunSQL(
            sql=f"CREATE INDEX IF NOT EXISTS {name} ON {table} "
            f"USING gin (to_tsvector('english'::regconfig, {expression}))",
            reverse_sql=f"DROP INDEX IF EXISTS {name}",
        )
        for name, (table, expression) in INDEXES.items()
    ]
