"""``manage.py bench_load --clients 50,200``

Concurrent WebSocket chats against a daphne subprocess on a loopback port, with a scripted
model streaming at a fixed rate; reports the time to first token the server adds (p50/p95)
and checks that every message and reply was stored (docs/benchmarks.md). Runs in a
throwaway database, dropped afterwards, and a separate Redis database for the channel layer.
Bounded: loopback only, a fixed number of clients and messages, timeouts per reply and round."""

from __future__ import annotations

import asyncio
import json
import os
import time
from contextlib import ExitStack
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from benchmarks import load
from benchmarks.database import throwaway_database
from benchmarks.evaluate import percentile
from benchmarks.report import table

MAX_CLIENTS = 500


def _ms(values: list[float], q: float) -> float:
    return round(percentile(values, q) * 1000, 1) if values else 0.0


class Command(BaseCommand):
    help = "Added time to first token under concurrent WebSocket chats, and storage checks."

    def add_arguments(self, parser):
        parser.add_argument("--clients", default="50,200", help="comma-separated client counts")
        parser.add_argument("--messages", type=int, default=3, help="messages each client sends")
        parser.add_argument(
            "--delay", type=float, default=0.02, help="model delay before each piece (s)"
        )
        parser.add_argument(
            "--chunk-chars", type=int, default=8, help="characters per streamed piece"
        )
        parser.add_argument("--reply-timeout", type=float, default=120.0)
        parser.add_argument("--round-timeout", type=float, default=600.0)
        parser.add_argument(
            "--redis-db", type=int, default=13, help="Redis database for the channel layer"
        )
        parser.add_argument(
            "--servers", type=int, default=1, help="daphne processes (clients are spread over them)"
        )
        parser.add_argument("--out", help="write the results as JSON to this file")

    def handle(self, *args, **options):
        try:
            counts = [int(part) for part in options["clients"].split(",") if part.strip()]
        except ValueError as error:
            raise CommandError("--clients takes numbers such as 50,200") from error
        if not counts or any(count < 1 or count > MAX_CLIENTS for count in counts):
            raise CommandError(f"client counts must be between 1 and {MAX_CLIENTS}")
        messages = max(1, min(options["messages"], 20))
        rounds = []
        servers = max(1, min(options["servers"], 8))
        with throwaway_database(f"bench_load_{os.getpid()}"), ExitStack() as stack:
            env = load.server_env(
                delay=options["delay"],
                chunk_chars=options["chunk_chars"],
                redis_database=options["redis_db"],
            )
            ports = []
            for _ in range(servers):
                port = load.free_port()
                stack.enter_context(load.Server(env=env, port=port))
                ports.append(port)
            # One chat per server first, so model loading and first connections are not measured.
            warm = load.create_chats(servers, round_name="warm")
            asyncio.run(
                load.run_round(warm, ports=ports, messages=1, reply_timeout=120, round_timeout=180)
            )
            for count in counts:
                self.stderr.write(
                    f"{count} clients x {messages} messages on {servers} server(s) ..."
                )
                chats = load.create_chats(count, round_name=str(count))
                started = time.perf_counter()
                results = asyncio.run(
                    load.run_round(
                        chats,
                        ports=ports,
                        messages=messages,
                        reply_timeout=options["reply_timeout"],
                        round_timeout=options["round_timeout"],
                    )
                )
                elapsed = time.perf_counter() - started
                rounds.append(self._summary(count, messages, results, chats, elapsed, options))
        report = {
            "rounds": rounds,
            "model": {
                "delay_s": options["delay"],
                "chunk_chars": options["chunk_chars"],
                "reply_chars": len(load.REPLY),
            },
            "embedding_backend": settings.EMBEDDING_BACKENDS["default"]["BACKEND"],
            "cpus": os.cpu_count(),
            "servers": servers,
        }
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(report, indent=2) + "\n")
        self.stdout.write(load_report(report))

    def _summary(self, count, messages, results, chats, elapsed, options) -> dict:
        ttft = [value for result in results for value in result.ttft]
        added = [max(value - options["delay"], 0.0) for value in ttft]
        total = [value for result in results for value in result.total]
        errors = [error for result in results for error in result.errors]
        return {
            "clients": count,
            "messages_per_client": messages,
            "replies_timed": len(ttft),
            "added_ttft_ms": {"p50": _ms(added, 50), "p95": _ms(added, 95)},
            "ttft_ms": {"p50": _ms(ttft, 50), "p95": _ms(ttft, 95)},
            "reply_ms": {"p50": _ms(total, 50), "p95": _ms(total, 95)},
            "replies_without_delta": sum(result.without_delta for result in results),
            "errors": len(errors),
            "error_samples": errors[:5],
            "seconds": round(elapsed, 1),
            "stored": load.verify(chats, messages=messages),
        }


def load_report(report: dict) -> str:
    model = report["model"]
    rows = [
        [
            r["clients"],
            r["clients"] * r["messages_per_client"],
            r["added_ttft_ms"]["p50"],
            r["added_ttft_ms"]["p95"],
            r["reply_ms"]["p50"],
            r["reply_ms"]["p95"],
            r["errors"],
            "yes" if r["stored"]["all_stored"] else f"no ({r['stored']})",
        ]
        for r in report["rounds"]
    ]
    return "\n".join(
        [
            f"Scripted model: {model['reply_chars']} characters in pieces of {model['chunk_chars']}, "
            f"{model['delay_s'] * 1000:.0f} ms before each piece; "
            f"{report.get('servers', 1)} daphne process(es).",
            "",
            table(
                [
                    "clients",
                    "replies",
                    "added TTFT p50 ms",
                    "added TTFT p95 ms",
                    "whole reply p50 ms",
                    "whole reply p95 ms",
                    "errors",
                    "all stored",
                ],
                rows,
            ),
        ]
    )
