"""``manage.py bench_memory --data PATH --out memory.json``

Whether the memories the pipeline keeps can be trusted, with the configured provider (the
offline one by default): supersession false positives on LoCoMo observations, a
knowledge-update suite (its parts apart: ``tuned``, ``seen`` (held out last round, its
failures looked at), ``fresh`` (printed "fresh-1": written held out, read and tuned on
from 2 December), ``dev`` and ``dev2`` to ``dev8`` (written to tune on), ``fresh2``, ``fresh3``,
``fresh4``, ``fresh5`` and ``fresh6`` (printed "fresh-3" to "fresh-6"; all five held out: not
tuned on, their failures not read); ``--ku-parts`` picks them), speaker
attribution errors, the share of chunks rejected as unsupported, and the local support check
on a labelled set of true and fabricated chunks (``--support-only`` runs that part alone,
``--support-group tuned`` only its chunks of the conversations tuned on; ``benchmarks.memory`` and ``benchmarks.support_set`` have the rules; docs/benchmarks.md the
figures). Each
figure is printed beside its baseline from the same run. Like ``bench_locomo``, it writes to
a throwaway database unless ``--in-place``."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from benchmarks import locomo
from benchmarks.database import throwaway_database
from benchmarks.management.commands.bench_locomo import current_database, provider_setup
from benchmarks.memory import (
    KNOWLEDGE_UPDATE_PARTS,
    measure_knowledge_updates,
    measure_supersession,
)
from benchmarks.report import machine, memory_tables, support_tables
from benchmarks.support_measure import measure_support
from benchmarks.support_set import checked_examples

# ``--support-group`` values: the labelled set's groups of conversations to check.
SUPPORT_GROUPS = {
    "tuned": ("tuned_on",),
    "not-tuned": ("not_tuned_on",),
    "all": ("tuned_on", "not_tuned_on"),
}


class Command(BaseCommand):
    help = "Supersession false positives, knowledge updates, attribution and grounding figures."

    def add_arguments(self, parser):
        parser.add_argument("--data", help="a LoCoMo-format JSON file (for supersession)")
        parser.add_argument("--samples", default="", metavar="ID,ID", help="only these samples")
        parser.add_argument("--limit", type=int, default=None, help="only the first N samples")
        parser.add_argument(
            "--budget",
            type=int,
            default=None,
            help="token budget of the retrieved layer (default: CONTEXT_LAYER_BUDGETS['retrieved'])",
        )
        parser.add_argument("--out", help="write the results as JSON to this file")
        parser.add_argument(
            "--in-place",
            action="store_true",
            help="write into the configured database and delete what was written at the end",
        )
        parser.add_argument("--keep", action="store_true", help="keep the data afterwards")
        parser.add_argument("--database-name", default=None, help="name of the throwaway database")
        parser.add_argument(
            "--support-only",
            action="store_true",
            help="only the support check's labelled set (needs --data; no database)",
        )
        parser.add_argument(
            "--support-group",
            choices=sorted(SUPPORT_GROUPS),
            default="all",
            help="the labelled set's chunks to check: of the conversations the support check "
            "was tuned on (tuned: conv-26, conv-30; what to iterate on), of the others "
            "(not-tuned), or both (all, the default); the set is built from every conversation "
            "given either way, so a chunk is the same in each",
        )
        parser.add_argument(
            "--ku-parts",
            default=",".join(part.name for part in KNOWLEDGE_UPDATE_PARTS),
            metavar="PART,PART",
            help="knowledge-update parts to run: tuned, seen (held out last round, its failures "
            "looked at), fresh (fresh-1: written held out, read and tuned on from 2 December), "
            "dev and dev2 to dev8 (written to tune on), fresh2, fresh3, fresh4, fresh5 and fresh6 "
            "(held out: not tuned on, their failures not read; leave them out while tuning). "
            "Default: all sixteen",
        )

    def _ku_parts(self, value: str) -> list:
        """The knowledge-update parts named in ``--ku-parts``, in the suite's order."""
        known = {part.name: part for part in KNOWLEDGE_UPDATE_PARTS}
        names = [name.strip() for name in value.split(",") if name.strip()]
        unknown = [name for name in names if name not in known]
        if unknown or not names:
            raise CommandError(
                f"--ku-parts: unknown part {', '.join(unknown) or '(none given)'}; "
                f"choose from {', '.join(known)}"
            )
        return [part for part in KNOWLEDGE_UPDATE_PARTS if part.name in names]

    def _conversations(self, options) -> list:
        if not options["data"]:
            return []
        try:
            return locomo.load_conversations(
                options["data"], locomo.sample_ids(options["samples"]), limit=options["limit"]
            )
        except locomo.LoadError as error:
            raise CommandError(str(error)) from error

    def _support(self, conversations, *, quiet: bool, group: str = "all") -> dict:
        """The labelled set's figures (``benchmarks.support_set``) for ``--support-group``;
        no database."""
        groups = SUPPORT_GROUPS[group]
        total = len(checked_examples(conversations, groups))
        with tqdm(total=total, desc="support check", unit="chunk", disable=quiet) as bar:
            return measure_support(conversations, progress=bar.update, groups=groups)

    def handle(self, *args, **options):
        conversations = self._conversations(options)
        ku_parts = self._ku_parts(options["ku_parts"])
        if options["support_only"]:
            if not conversations:
                raise CommandError("--support-only needs --data")
            results = {
                "support": self._support(
                    conversations,
                    quiet=options["verbosity"] < 1,
                    group=options["support_group"],
                )
            }
            if options["out"]:
                Path(options["out"]).write_text(json.dumps(results, indent=2) + "\n")
            self.stdout.write(support_tables(results["support"]))
            return
        budget = options["budget"] or int(settings.CONTEXT_LAYER_BUDGETS.get("retrieved", 1000))
        quiet = options["verbosity"] < 1
        written: list = []
        database = (
            current_database(keep=options["keep"], loaded=written)
            if options["in_place"]
            else throwaway_database(
                options["database_name"] or f"bench_memory_{os.getpid()}", keep=options["keep"]
            )
        )
        started = time.perf_counter()
        results: dict = {}
        with database as database_name:
            if conversations:
                sessions = sum(len(c.sessions()) for c in conversations)
                with tqdm(
                    total=sessions, desc="observations", unit="session", disable=quiet
                ) as bar:
                    results["supersession"] = measure_supersession(
                        conversations, progress=bar.update, written=written
                    )
            # Each part of the suite apart, scored by the same code, each with its baseline.
            for part in ku_parts:
                with tqdm(
                    total=len(part.cases),
                    desc=f"knowledge updates ({part.name})",
                    unit="case",
                    disable=quiet,
                ) as bar:
                    results[part.key] = measure_knowledge_updates(
                        part.cases, budget=budget, progress=bar.update, written=written
                    )
            if conversations:
                results["support"] = self._support(
                    conversations, quiet=quiet, group=options["support_group"]
                )
            results["setup"] = {
                "data": options["data"],
                "samples": [c.sample_id for c in conversations],
                "database": database_name,
                "budget_tokens": budget,
                "ku_parts": [part.name for part in ku_parts],
                "providers": provider_setup(),
                "seconds": round(time.perf_counter() - started, 1),
                "machine": machine(),
            }
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(results, indent=2, default=str) + "\n")
        self.stdout.write(memory_tables(results))
        if "support" in results:
            self.stdout.write("\n" + support_tables(results["support"]))
