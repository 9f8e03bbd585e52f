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
from benchmarks.report import table
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
            "stored": load.verify(chats, messages=messages),
        }


SPLIT_PARTS = ("persistence", "progress", "context", "retrieval", "embedding", "connect")


def turn_split(
    before: list[dict], after: list[dict], *, turns: int, cpu_s: float, loop_cpu_s: float = 0.0
) -> dict:
    """Per turn, where our web process spent its CPU (ms) and how long the timed calls took
    (wall ms p50/p95), from the timers of ``benchmarks.load_stats`` over the round. Context
    assembly is shown without the retrieval it contains, retrieval without the embedding
    (which runs on a thread of its own, so its CPU is never inside retrieval's), the socket's
    reads on connect (once per connection) apart, and the rest of the process's CPU as
    streaming (socket, adapter, channel layer, the events' payloads), of which the event
    loop's own thread is ``event_loop``."""
    parts: dict[str, dict] = {}
    for name in (*SPLIT_PARTS, "embedding_calls"):
        cpu, calls, walls = 0.0, 0, []
        for a, b in zip(after, before, strict=True):
            now, was = a["timers"].get(name), b["timers"].get(name)
            if now is None:
                continue
            cpu += now["cpu_s"] - (was["cpu_s"] if was else 0.0)
            calls += now["calls"] - (was["calls"] if was else 0)
            walls += now["wall_ms"][len(was["wall_ms"]) if was else 0 :]
        parts[name] = {
            "cpu_s": cpu,
            "calls": calls,
            "wall_ms_p50": round(percentile(walls, 50), 1) if walls else None,
            "wall_ms_p95": round(percentile(walls, 95), 1) if walls else None,
        }
    parts["context"]["cpu_s"] -= parts["retrieval"]["cpu_s"]
    # The model calls the query embeddings took (several queries share one under load).
    parts["embedding"]["model_calls"] = parts.pop("embedding_calls")["calls"]
    timed = sum(parts[name]["cpu_s"] for name in SPLIT_PARTS)
    parts["streaming"] = {"cpu_s": cpu_s - timed, "calls": None}
    parts["event_loop"] = {"cpu_s": loop_cpu_s, "calls": None}
    for part in parts.values():
        part["cpu_ms_per_turn"] = round(part["cpu_s"] * 1000 / turns, 1)
    return parts


def split_report(report: dict) -> str:
    rows = []
    for r in report["rounds"]:
        split = r.get("split", {})
        if not split:
            continue
        rows.append(
            [
                r["clients"],
                split["persistence"]["cpu_ms_per_turn"],
                split["progress"]["cpu_ms_per_turn"],
                split["context"]["cpu_ms_per_turn"],
                split["retrieval"]["cpu_ms_per_turn"],
                split["embedding"]["cpu_ms_per_turn"],
                split.get("connect", {}).get("cpu_ms_per_turn"),
                split["streaming"]["cpu_ms_per_turn"],
                split.get("event_loop", {}).get("cpu_ms_per_turn"),
                r["cpu_ms_per_turn_without_embedding"],
                split["retrieval"]["wall_ms_p50"],
                split["retrieval"]["wall_ms_p95"],
                split["embedding"]["wall_ms_p50"],
                split["embedding"]["wall_ms_p95"],
                r["queries_per_turn"],
                r["progress_queries_per_turn"],
            ]
        )
    return table(
        [
            "clients",
            "persistence CPU ms",
            "progress saves CPU ms",
            "context assembly CPU ms",
            "retrieval CPU ms",
            "query embedding CPU ms",
            "connect CPU ms",
            "streaming CPU ms",
            "of it event loop CPU ms",
            "CPU ms without embedding",
            "retrieval p50 ms",
            "retrieval p95 ms",
            "embedding p50 ms",
            "embedding p95 ms",
            "SQL/turn",
            "progress SQL/turn",
        ],
        rows,
    )


def load_report(report: dict) -> str:
    model = report["model"]
    rows = [
        [
            r["clients"],
            r["clients"] * r["messages_per_client"],
            r["added_ttft_ms"]["p50"],
            r["added_ttft_ms"]["p95"],
            r["floor"]["added_ttft_ms"]["p50"],
            r["floor"]["added_ttft_ms"]["p95"],
            r["ratio_p50"],
            r["ratio_p95"],
            r["replies_per_s"],
            r["floor"]["replies_per_s"],
            r["throughput_ratio"],
            r["queries_per_turn"],
            r["cpu_ms_per_turn"],
            r["floor"].get("cpu_ms_per_turn"),
            r.get("loop_cpu_ms_per_turn"),
            r["floor"].get("loop_cpu_ms_per_turn"),
            r["failures"] + r["floor"]["failures"],
            "yes" if r["stored"]["all_stored"] else f"no ({r['stored']})",
        ]
        for r in report["rounds"]
    ]
    return "\n".join(
        [
            f"Fake OpenAI-compatible model through the real adapter: {model['reply_chars']} "
            f"characters in pieces of {model['chunk_chars']}, {model['delay_s'] * 1000:.0f} ms "
            f"between pieces; {report.get('servers', 1)} {report.get('server', 'daphne')} "
            f"process(es) each for ours and the floor (a bare consumer: same reply, no "
            f"database), at most {report.get('handshakes', load.CONCURRENT_HANDSHAKES)} "
            f"handshakes at a time; load average {report.get('load_average')}.",
            "",
            table(
                [
                    "clients",
                    "replies",
                    "added TTFT p50 ms",
                    "added TTFT p95 ms",
                    "floor p50 ms",
                    "floor p95 ms",
                    "ratio p50",
                    "ratio p95",
                    "replies/s",
                    "floor replies/s",
                    "throughput ratio",
                    "SQL/turn",
                    "CPU ms/turn",
                    "floor CPU ms/turn",
                    "event loop CPU ms/turn",
                    "floor event loop CPU ms/turn",
                    "failures",
                    "all stored",
                ],
                rows,
            ),
            "",
            "SQL/turn and CPU ms/turn: our web process over the round, divided by the replies "
            "it finished (SQL/turn without the streaming progress saves, counted apart below; "
            "the memory app's after-commit check included; BEGIN/COMMIT not counted); floor "
            "CPU ms/turn: the floor's process over its round, the same way; event loop CPU "
            "ms/turn: the CPU of the process's event-loop thread alone, the same way. "
            "Failures: replies that did not end in time, counted as the timeout in the "
            "percentiles.",
            "",
            "Where a turn goes (CPU ms per turn of our web process; retrieval and embedding "
            "wall times per call, retrieval's including its wait for the query embedding):",
            "",
            split_report(report),
            "",
            f"Targets: SQL/turn <= {TARGET_QUERIES}, CPU ms/turn without embedding <= "
            f"{TARGET_CPU_MS}, retrieval p95 <= {TARGET_RETRIEVAL_MS} ms, ratio p95 <= "
            f"{TARGET_RATIO_50} at 50 clients and <= {TARGET_RATIO_200} at 200 "
            "(every message stored).",
            *target_lines(report),
        ]
    )


TARGET_QUERIES = 12
TARGET_CPU_MS = 15
TARGET_RETRIEVAL_MS = 30
TARGET_RATIO_50 = 1.5
TARGET_RATIO_200 = 2.0


def target_lines(report: dict) -> list[str]:
    """One line per round: each target met or not, with the figure."""
    lines = []
    for r in report["rounds"]:
        retrieval = r.get("split", {}).get("retrieval", {})
        checks = [
            ("SQL/turn", r["queries_per_turn"], TARGET_QUERIES),
            (
                "CPU ms/turn without embedding",
                r.get("cpu_ms_per_turn_without_embedding"),
                TARGET_CPU_MS,
            ),
            ("retrieval p95 ms", retrieval.get("wall_ms_p95"), TARGET_RETRIEVAL_MS),
        ]
        if r["clients"] >= 200:
            checks.append(("ratio p95", r["ratio_p95"], TARGET_RATIO_200))
        elif r["clients"] >= 50:
            checks.append(("ratio p95", r["ratio_p95"], TARGET_RATIO_50))
        verdicts = [
            f"{name} {value} ({'met' if value is not None and value <= limit else 'NOT met'}, "
            f"target {limit})"
            for name, value, limit in checks
        ]
        if r["clients"] >= 200 and not r["stored"]["all_stored"]:
            verdicts.append("NOT every message stored")
        lines.append(f"{r['clients']} clients: " + "; ".join(verdicts))
    return lines
