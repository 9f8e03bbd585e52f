"""``manage.py reconcile_vectors``: make the vector store and the database agree.

Reports vectors without a row (orphans: deleted) and rows without a vector (indexed now);
``--dry-run`` only reports. Also runs nightly as the Celery beat task
``memories.tasks.reconcile_vectors``.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from tqdm import tqdm

from memories.index import reconcile

PLURAL = {"memory": "memories", "summary": "summaries", "message": "messages"}


class Command(BaseCommand):
    help = "Report and repair vectors without a row and rows without a vector."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="Report only; change nothing.")
        parser.add_argument(
            "--batch-size", type=int, default=64, help="Rows embedded per call (default 64)."
        )

    def handle(self, *args, dry_run: bool, batch_size: int, **options) -> None:
        def progress(kind: str, total: int):
            return tqdm(total=total, desc=kind, unit="item", disable=options["verbosity"] == 0)

        report = reconcile(repair=not dry_run, batch_size=batch_size, progress=progress)
        rows = ", ".join(f"{count} {PLURAL[kind]}" for kind, count in report.rows.items())
        self.stdout.write(f"Rows: {rows}")
        self.stdout.write(f"Vectors in the store: {report.vectors}")
        self.stdout.write(f"Vectors without a row: {report.orphans}")
        missing = ", ".join(f"{count} {PLURAL[kind]}" for kind, count in report.missing.items())
        self.stdout.write(f"Rows without a vector: {sum(report.missing.values())} ({missing})")
        if dry_run:
            self.stdout.write("Dry run: nothing changed.")
        else:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Deleted {report.deleted} orphan vectors, indexed {report.indexed} rows."
                )
            )
