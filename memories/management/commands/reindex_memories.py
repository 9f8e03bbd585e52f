"""``manage.py reindex_memories``: re-embed every memory, summary and archived message with
the configured embedding model (after changing ``EMBEDDING_PROVIDER`` or ``EMBEDDING_MODEL``).

Resumable: rows already in the new model's space are skipped, so run it again after an
interruption. The old model's vectors keep serving until the end, then are dropped
(``--keep-old`` keeps them). Runs without the start-up model check: it is the fix for it.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from tqdm import tqdm

from memories.index import reindex


class Command(BaseCommand):
    help = (
        "Re-embed every memory, summary and archived message with the configured model (resumable)."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="Re-embed rows already indexed with this model."
        )
        parser.add_argument(
            "--keep-old", action="store_true", help="Keep the previous model's vectors."
        )
        parser.add_argument(
            "--batch-size", type=int, default=64, help="Rows embedded per call (default 64)."
        )

    def handle(self, *args, force: bool, keep_old: bool, batch_size: int, **options) -> None:
        def progress(kind: str, total: int):
            return tqdm(
                total=total, desc=f"{kind:<10}", unit="row", disable=options["verbosity"] == 0
            )

        report = reindex(force=force, keep_old=keep_old, batch_size=batch_size, progress=progress)
        previous = (
            f" (was {report.previous_model_id})"
            if report.previous_model_id not in (None, report.model_id)
            else ""
        )
        self.stdout.write(
            f"Embedding model: {report.model_id}, {report.dimensions} dimensions{previous}"
        )
        for kind, label in (
            ("memory", "memories"),
            ("summary", "summaries"),
            ("message", "messages"),
            ("document", "documents"),
            ("lore", "lore"),
        ):
            self.stdout.write(
                f"  {label:<10} indexed {report.indexed[kind]:>7}   already indexed {report.skipped[kind]:>7}"
            )
        if report.dropped_previous:
            self.stdout.write(f"Removed the vectors of {report.previous_model_id}.")
        self.stdout.write(self.style.SUCCESS("Reindex complete."))
