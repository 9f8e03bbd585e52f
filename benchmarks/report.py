"""Markdown tables of benchmark results, as printed by the commands and kept in
docs/benchmarks.md."""

from __future__ import annotations

from collections.abc import Sequence

from benchmarks.locomo import CATEGORY_NAMES

METHOD_LABELS = {
    "drawhisper": "Drawhisper hybrid retrieval",
    "recent": "Most recent turns only",
    "bm25_turns": "BM25 over turns",
    "vector_turns": "Vector search over turns",
}


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def locomo_tables(results: dict) -> str:
    categories = list(CATEGORY_NAMES.values())
    header = ["method", *categories, "overall", "all evidence", "mean tokens", "p50 ms", "p95 ms"]
    rows = []
    for name, summary in results["methods"].items():
        latency = summary.get("latency_ms", {})
        rows.append(
            [
                METHOD_LABELS.get(name, name),
                *(summary["recall"].get(category, "-") for category in categories),
                f"**{summary['overall_recall']}**",
                summary["all_evidence_share"],
                summary["mean_tokens"],
                latency.get("p50", "-"),
                latency.get("p95", "-"),
            ]
        )
    full = results["full_history_tokens"]
    parts = [
        f"Evidence recall (%) within {results['budget_tokens']} retrieved tokens, "
        f"{results['methods']['drawhisper']['questions']} questions:",
        "",
        table(header, rows),
        "",
        f"Full history: {full['mean']:,.0f} tokens per conversation on average "
        f"({', '.join(f'{value:,}' for value in full['per_conversation'])}).",
        "",
        "Per conversation (Drawhisper):",
        "",
        table(
            [
                "conversation",
                "turns",
                "memories",
                "summaries",
                "full history tokens",
                "overall",
                "mean tokens",
                "p95 ms",
            ],
            [
                [
                    entry["sample_id"],
                    entry["turns"],
                    entry["memories"],
                    entry["summaries"],
                    f"{entry['full_history_tokens']:,}",
                    entry["overall_recall"],
                    entry["mean_tokens"],
                    entry.get("latency_ms", {}).get("p95", "-"),
                ]
                for entry in results["conversations"]
            ],
        ),
    ]
    return "\n".join(parts)
