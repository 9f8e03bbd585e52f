"""``manage.py bench_tokens --data PATH [--conversation ID]``

Replays one LoCoMo conversation as a chat through chat's context assembly and reports the
prompt tokens of each reply against the full history (docs/benchmarks.md). Runs in a
throwaway database, dropped afterwards."""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from benchmarks import locomo
from benchmarks.database import throwaway_database
from benchmarks.report import table
from benchmarks.tokens import replay, summarise


class Command(BaseCommand):
    help = "Prompt tokens per reply against the full history, replaying a LoCoMo conversation."

    def add_arguments(self, parser):
        parser.add_argument("--data", required=True, help="a LoCoMo-format JSON file")
        parser.add_argument(
            "--conversation", default=None, help="sample_id to replay (default: the longest)"
        )
        parser.add_argument("--every", type=int, default=25, help="print every Nth reply")
        parser.add_argument("--out", help="write the results as JSON to this file")
        parser.add_argument(
            "--in-place",
            action="store_true",
            help="use the configured database (tests run inside their own test database)",
        )

    def handle(self, *args, **options):
        path = Path(options["data"])
        if not path.exists():
            raise CommandError(f"no such file: {path}")
        conversations = locomo.load_file(path)
        if options["conversation"]:
            conversations = [c for c in conversations if c.sample_id == options["conversation"]]
            if not conversations:
                raise CommandError(f"no conversation {options['conversation']!r} in {path}")
        conversation = max(conversations, key=lambda c: sum(len(t.text) for t in c.turns))

        def run():
            with tqdm(
                total=len(conversation.turns),
                desc="turns",
                unit="turn",
                disable=options["verbosity"] < 1,
            ) as bar:
                return summarise(replay(conversation, progress=bar.update), every=options["every"])

        if options["in_place"]:
            results = run()
        else:
            with throwaway_database(f"bench_tokens_{os.getpid()}"):
                results = run()
        results["conversation"] = conversation.sample_id
        results["layer_budgets"] = dict(settings.CONTEXT_LAYER_BUDGETS)
        results["chat_context_tokens"] = settings.CHAT_CONTEXT_TOKENS
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(results, indent=2) + "\n")
        self.stdout.write(tokens_report(results))


def tokens_report(results: dict) -> str:
    last = results["last_turn"]
    rows = [
        [
            turn["seq"],
            turn["session"],
            f"{turn['prompt_tokens']:,}",
            f"{turn['full_history_tokens']:,}",
            turn["share"],
        ]
        for turn in results["turns"]
    ]
    layers = ", ".join(f"{name} {tokens:,}" for name, tokens in last["layers"].items())
    return "\n".join(
        [
            f"Conversation {results['conversation']}: {results['replies']} replies.",
            "",
            table(
                ["turn", "session", "prompt tokens", "full history tokens", "prompt / full (%)"],
                rows,
            ),
            "",
            f"Last reply: {last['prompt_tokens']:,} prompt tokens against {last['full_history_tokens']:,} "
            f"for the full history ({last['share']}%). Layers: {layers}.",
            f"All replies together: {results['all_replies']['prompt_tokens']:,} against "
            f"{results['all_replies']['full_history_tokens']:,} ({results['all_replies']['share']}%).",
        ]
    )
