"""``manage.py bench_load --clients 50,200``

Concurrent WebSocket chats against an ASGI server subprocess (``--server daphne|uvicorn``,
default the one ``make run`` runs) on a loopback port, its chat model the real OpenAI adapter
over a fake streaming server; and the same clients against the floor, a bare consumer
streaming the same reply with no database, served by the same kind of server, in the same
run. Reports the added time to first token (p50/p95) of both and their ratio, throughput
and its ratio, SQL statements and server CPU per turn, failures (timeouts included, counted
as the timeout), and checks that every message and reply was stored (docs/benchmarks.md).
Runs in a throwaway database, dropped afterwards, and a separate Redis database for the
channel layer.
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
from benchmarks.load_report import load_report, turn_split
from drawhisper.runner import WEB_SERVER, WEB_SERVERS

MAX_CLIENTS = 500


def _ms(values: list[float], q: float) -> float:
    return round(percentile(values, q) * 1000, 1) if values else 0.0


class Command(BaseCommand):
    help = "Added time to first token under concurrent WebSocket chats, and storage checks."

    def add_arguments(self, parser):
        parser.add_argument("--clients", default="50,200", help="comma-separated client counts")
        parser.add_argument("--messages", type=int, default=3, help="messages each client sends")
        parser.add_argument(
            "--delay", type=float, default=0.02, help="model delay between pieces (s)"
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
            "--servers",
            type=int,
            default=1,
            help="server processes each for ours and the floor (clients are spread over them)",
        )
        parser.add_argument(
            "--server",
            choices=WEB_SERVERS,
            default=WEB_SERVER,
            help=f"the ASGI server of ours and the floor (default: {WEB_SERVER}, as make run)",
        )
        parser.add_argument(
            "--handshakes",
            type=int,
            default=load.CONCURRENT_HANDSHAKES,
            help="WebSocket handshakes in flight at once while the clients connect",
        )
        parser.add_argument("--out", help="write the results as JSON to this file")
        parser.add_argument(
            "--connection",
            action="store_true",
            help="each client's user has a connection of their own to the fake model server, "
            "so our replies go through a user's connection (the floor keeps the environment's)",
        )
        parser.add_argument(
            "--profile-loop",
            metavar="FOLDER",
            help="profile each server's event loop over every round (cProfile, one file per "
            "process and round into FOLDER; inflates the CPU figures)",
        )

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
        server = options["server"]
        handshakes = max(1, min(options["handshakes"], MAX_CLIENTS))
        options["handshakes"] = handshakes
        with throwaway_database(f"bench_load_{os.getpid()}"), ExitStack() as stack:
            model = stack.enter_context(
                load.FakeModel(
                    reply=load.REPLY, chunk_chars=options["chunk_chars"], delay=options["delay"]
                )
            )
            env = load.server_env(model_url=model.base_url, redis_database=options["redis_db"])
            if options["profile_loop"]:
                Path(options["profile_loop"]).mkdir(parents=True, exist_ok=True)
                env["BENCH_LOOP_PROFILE"] = str(Path(options["profile_loop"]).resolve())
            ports = []
            for _ in range(servers):
                port = load.free_port()
                stack.enter_context(load.Server(env=env, port=port, server=server))
                ports.append(port)
            floor_ports = []
            for _ in range(servers):
                port = load.free_port()
                stack.enter_context(
                    load.Server(
                        env=env, port=port, app="benchmarks.floor:application", server=server
                    )
                )
                floor_ports.append(port)
            # One chat per server first, so model loading and first connections are not measured.
            connection_url = model.base_url if options["connection"] else None
            warm = load.create_chats(servers, round_name="warm", connection_url=connection_url)
            for warm_ports in (ports, floor_ports):
                asyncio.run(
                    load.run_round(
                        warm, ports=warm_ports, messages=1, reply_timeout=120, round_timeout=180
                    )
                )
            if options["profile_loop"]:
                self.stderr.write(
                    f"Event-loop profiles in {options['profile_loop']}: ours "
                    + ", ".join(str(load.server_stats(port)["pid"]) for port in ports)
                    + "; the floor "
                    + ", ".join(str(load.server_stats(port)["pid"]) for port in floor_ports)
                    + " (<pid>-<n>.prof, one per stretch between two stats reads)"
                )
            for count in counts:
                self.stderr.write(
                    f"{count} clients x {messages} messages on {servers} {server} process(es), "
                    "then the floor ..."
                )
                chats = load.create_chats(
                    count, round_name=str(count), connection_url=connection_url
                )
                ours = self._measure(chats, ports, messages, options)
                floor = self._measure(chats, floor_ports, messages, options)
                rounds.append(self._summary(count, messages, ours, floor, chats, options))
        report = {
            "rounds": rounds,
            "model": {
                "delay_s": options["delay"],
                "chunk_chars": options["chunk_chars"],
                "reply_chars": len(load.REPLY),
            },
            "embedding_backend": settings.EMBEDDING_BACKENDS["default"]["BACKEND"],
            "load_average": [round(value, 2) for value in os.getloadavg()],
            "cpus": os.cpu_count(),
            "servers": servers,
            "server": server,
            "handshakes": handshakes,
            "connection": bool(options["connection"]),
        }
        if options["out"]:
            Path(options["out"]).write_text(json.dumps(report, indent=2) + "\n")
        self.stdout.write(load_report(report))

    def _measure(self, chats, ports, messages, options) -> dict:
        before = [load.server_stats(port) for port in ports]
        started = time.perf_counter()
        results = asyncio.run(
            load.run_round(
                chats,
                ports=ports,
                messages=messages,
                reply_timeout=options["reply_timeout"],
                round_timeout=options["round_timeout"],
                handshakes=options["handshakes"],
            )
        )
        elapsed = time.perf_counter() - started
        after = [load.server_stats(port) for port in ports]
        ttft = [value for result in results for value in result.ttft]
        total = [value for result in results for value in result.total]
        errors = [error for result in results for error in result.errors]
        failed = sum(result.timed_out for result in results)
        finished = len(ttft) - failed
        turns = max(finished, 1)
        pairs = list(zip(after, before, strict=True))
        statements = sum(a["statements"] - b["statements"] for a, b in pairs)
        progress = sum(a["progress_statements"] - b["progress_statements"] for a, b in pairs)
        cpu_s = sum(a["cpu_s"] - b["cpu_s"] for a, b in pairs)
        loop_cpu_s = sum(a.get("loop_cpu_s", 0.0) - b.get("loop_cpu_s", 0.0) for a, b in pairs)
        split = turn_split(before, after, turns=turns, cpu_s=cpu_s, loop_cpu_s=loop_cpu_s)

        def per_turn(key: str, scale: float = 1.0) -> float | None:
            if any(key not in stats for stats in (*before, *after)):
                return None  # a server from before the figure was answered
            return round(sum(a[key] - b[key] for a, b in pairs) * scale / turns, 1)

        return {
            "added_ttft_ms": {"p50": _ms(ttft, 50), "p95": _ms(ttft, 95)},
            "reply_ms": {"p50": _ms(total, 50), "p95": _ms(total, 95)},
            "replies_per_s": round(finished / elapsed, 2) if elapsed else 0.0,
            "replies_finished": finished,
            "failures": failed,
            "errors": len(errors),
            "error_samples": errors[:5],
            "replies_without_delta": sum(result.without_delta for result in results),
            "seconds": round(elapsed, 1),
            "queries_per_turn": round((statements - progress) / turns, 1),
            "progress_queries_per_turn": round(progress / turns, 1),
            "all_queries_per_turn": round(statements / turns, 1),
            "cpu_ms_per_turn": round(cpu_s * 1000 / turns, 1),
            "loop_cpu_ms_per_turn": round(loop_cpu_s * 1000 / turns, 1),
            # The kernel's share of that CPU, and how often the threads and the event loop
            # slept and were woken (a lone turn pays a wake-up for every hand-off that a
            # busy process finds already awake).
            "system_cpu_ms_per_turn": per_turn("system_s", 1000),
            "switches_per_turn": per_turn("switches"),
            "loop_switches_per_turn": per_turn("loop_switches"),
            "cpu_ms_per_turn_without_embedding": round(
                (cpu_s - split["embedding"]["cpu_s"]) * 1000 / turns, 1
            ),
            "split": {
                name: {key: value for key, value in part.items() if key != "cpu_s"}
                for name, part in split.items()
            },
        }

    def _summary(self, count, messages, ours, floor, chats, options) -> dict:
        def ratio(a: float, b: float) -> float | None:
            return round(a / b, 2) if b else None

        return {
            "clients": count,
            "messages_per_client": messages,
            **ours,
            "floor": floor,
            "ratio_p50": ratio(ours["added_ttft_ms"]["p50"], floor["added_ttft_ms"]["p50"]),
            "ratio_p95": ratio(ours["added_ttft_ms"]["p95"], floor["added_ttft_ms"]["p95"]),
            "throughput_ratio": ratio(ours["replies_per_s"], floor["replies_per_s"]),
            # What our turn costs beyond the floor's, which streams the same reply.
            "cpu_ms_per_turn_above_floor": round(
                ours["cpu_ms_per_turn_without_embedding"] - floor["cpu_ms_per_turn"], 1
            ),
            "stored": load.verify(chats, messages=messages),
        }
