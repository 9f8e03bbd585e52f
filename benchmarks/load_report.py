"""What ``bench_load`` prints and how it splits a turn: ``turn_split`` (where our web
process spent its CPU per turn, from the timers of ``benchmarks.load_stats``), ``load_report``
(the tables: ours beside the floor, where a turn goes) and the targets each round is held to
(``target_lines``)."""

from __future__ import annotations

from benchmarks import load
from benchmarks.evaluate import percentile
from benchmarks.report import table

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
    for name in (*SPLIT_PARTS, "embedding_calls", "retrieval_own"):
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
    model_calls = parts.pop("embedding_calls")
    parts["embedding"]["model_calls"] = model_calls["calls"]
    parts["embedding"]["model_call_ms_p50"] = model_calls["wall_ms_p50"]
    parts["embedding"]["model_call_ms_p95"] = model_calls["wall_ms_p95"]
    # Retrieval's wall time without its wait for the query embedding: its own work.
    own = parts.pop("retrieval_own")
    parts["retrieval"]["own_wall_ms_p50"] = own["wall_ms_p50"]
    parts["retrieval"]["own_wall_ms_p95"] = own["wall_ms_p95"]
    timed = sum(parts[name]["cpu_s"] for name in SPLIT_PARTS)
    parts["streaming"] = {"cpu_s": cpu_s - timed, "calls": None}
    parts["event_loop"] = {"cpu_s": loop_cpu_s, "calls": None}
    for part in parts.values():
        part["cpu_ms_per_turn"] = round(part["cpu_s"] * 1000 / turns, 1)
    return parts


def _per_call(embedding: dict) -> float | None:
    calls = embedding.get("model_calls")
    return round(embedding["calls"] / calls, 1) if calls else None


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
                split["retrieval"].get("own_wall_ms_p95"),
                split["embedding"]["wall_ms_p50"],
                split["embedding"]["wall_ms_p95"],
                split["embedding"].get("model_call_ms_p95"),
                _per_call(split["embedding"]),
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
            "retrieval p95 ms without embedding wait",
            "embedding p50 ms",
            "embedding p95 ms",
            "model call p95 ms",
            "queries per model call",
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
            "Kernel and wake-ups per turn (of the CPU ms/turn above, the kernel's; context "
            "switches of all the process's threads and of its event loop's thread alone):",
            "",
            wakeup_report(report),
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


def wakeup_report(report: dict) -> str:
    rows = [
        [r["clients"]]
        + [
            side.get(key)
            for side in (r, r["floor"])
            for key in (
                "cpu_ms_per_turn",
                "system_cpu_ms_per_turn",
                "switches_per_turn",
                "loop_switches_per_turn",
            )
        ]
        for r in report["rounds"]
    ]
    columns = ["CPU ms", "of it kernel ms", "switches", "event loop switches"]
    return table(
        ["clients", *columns, *(f"floor {column}" for column in columns)],
        rows,
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
        if r.get("cpu_ms_per_turn_above_floor") is not None:
            # Judged on our whole figure; the floor's own beside it says how much of a lone
            # turn's CPU any server streaming the reply pays (its event loop's wake-ups).
            verdicts[1] += (
                f" [the floor's own {r['floor']['cpu_ms_per_turn']}, ours above it "
                f"{r['cpu_ms_per_turn_above_floor']}]"
            )
        if r["clients"] >= 200 and not r["stored"]["all_stored"]:
            verdicts.append("NOT every message stored")
        lines.append(f"{r['clients']} clients: " + "; ".join(verdicts))
    return lines
