"""The LoCoMo tables: evidence recall per category and method, both scoring rules,
latency, the tuned-on and not-tuned-on groups and each conversation; J per method; and the run
over the product's own memories beside the gold observations. The product's figure is always
printed beside the best baseline of each family (``versus``).
"""

from __future__ import annotations

from collections.abc import Sequence

from benchmarks.locomo import CATEGORY_NAMES
from benchmarks.report.tables import _or_dash, table

METHOD_LABELS = {
    "drawhisper": "Drawhisper hybrid retrieval",
    "recent": "Most recent turns only",
    "bm25_turns": "BM25 over turns",
    "vector_turns": "Vector search over turns",
    "fusion_turns": "BM25 + vector (RRF) over turns",
    "bm25_items": "BM25 over memories, summaries and turns",
    "vector_items": "Vector search over memories, summaries and turns",
    "fusion_items": "BM25 + vector (RRF) over memories, summaries and turns",
}


LIKE_FOR_LIKE = ("bm25_items", "vector_items", "fusion_items")


TURNS_ONLY = ("recent", "bm25_turns", "vector_turns", "fusion_turns")


ANSWERED = [CATEGORY_NAMES[c] for c in (1, 2, 3, 4)]


def best_baseline(methods: dict, names: Sequence[str]) -> tuple[str, dict] | None:
    """The baseline among ``names`` with the highest overall recall."""
    present = [(name, methods[name]) for name in names if name in methods]
    return max(present, key=lambda pair: pair[1]["overall_recall"]) if present else None


def versus(methods: dict) -> str:
    """One line: the product's figure beside the best baseline of each family."""
    ours = methods["drawhisper"]
    parts = [f"Drawhisper {ours['overall_recall']}"]
    for family, names in (("like for like", LIKE_FOR_LIKE), ("turns only", TURNS_ONLY)):
        best = best_baseline(methods, names)
        if best is not None:
            name, summary = best
            delta = round(ours["overall_recall"] - summary["overall_recall"], 1)
            parts.append(
                f"best {family}: {METHOD_LABELS.get(name, name)} {summary['overall_recall']}"
                f" ({delta:+})"
            )
    return "; ".join(parts)


def _method_rows(methods: dict) -> list[list[object]]:
    categories = list(CATEGORY_NAMES.values())
    rows = []
    for name, summary in methods.items():
        latency = summary.get("latency_ms", {})
        rows.append(
            [
                METHOD_LABELS.get(name, name),
                *(summary["recall"].get(category, "-") for category in categories),
                f"**{summary['overall_recall']}**",
                summary["all_evidence_share"],
                _or_dash(summary["answer_coverage"].get("overall")),
                summary["mean_tokens"],
                latency.get("p50", "-"),
                latency.get("p95", "-"),
            ]
        )
    return rows


def locomo_tables(results: dict) -> str:
    categories = list(CATEGORY_NAMES.values())
    scoring = results.get("scoring", "strict")
    methods = results["methods"]
    header = [
        "method",
        *categories,
        "overall",
        "all evidence",
        "answer coverage",
        "mean tokens",
        "p50 ms",
        "p95 ms",
    ]
    full = results["full_history_tokens"]
    parts = [
        f"Evidence recall (%, {scoring} scoring) within {results['budget_tokens']} retrieved "
        f"tokens, {methods['drawhisper']['questions']} questions:",
        "",
        table(header, _method_rows(methods)),
        "",
        versus(methods) + ".",
        "",
        "Both scoring rules, and answer coverage (% of the gold answer's content words in the "
        "retrieved text) per category:",
        "",
        table(
            ["method", "strict", "generous", *ANSWERED, "answer coverage"],
            [
                [
                    METHOD_LABELS.get(name, name),
                    summary["recall_by_scoring"]["strict"],
                    summary["recall_by_scoring"]["generous"],
                    *(summary["answer_coverage"].get(category, "-") for category in ANSWERED),
                    _or_dash(summary["answer_coverage"].get("overall")),
                ]
                for name, summary in methods.items()
            ],
        ),
        "",
        f"Full history: {full['mean']:,.0f} tokens per conversation on average "
        f"({', '.join(f'{value:,}' for value in full['per_conversation'])}).",
    ]
    latency = results.get("latency_ms")
    if latency:
        cold, warm = latency["retrieval_cold"], latency["retrieval_warm"]
        bare = latency["query_embedding_alone"]
        parts += [
            "",
            f"Retrieval latency, query embedding included: p50 {cold['p50']} ms, p95 "
            f"{cold['p95']} ms; a bare query embedding in the same pass: p50 {bare['p50']} ms, "
            f"p95 {bare['p95']} ms (retrieval p95 = {latency['cold_p95_over_embedding_p95']}x "
            f"the embedding's). Without the embedding (query vector cached): p50 "
            f"{warm['p50']} ms, p95 {warm['p95']} ms.",
        ]
        for name, figures in latency.get("query_embedding_options", {}).items():
            parts.append(
                f"Bare query embedding with {name}, same questions, same pass: "
                f"p50 {figures['p50']} ms, p95 {figures['p95']} ms."
            )
        machine = latency.get("machine")
        if machine:
            before = " / ".join(str(value) for value in machine.get("load_average_before", []))
            after = " / ".join(str(value) for value in machine.get("load_average_after", []))
            parts.append(
                f"Machine: {machine.get('cpus')} cores, load average {before} before the "
                f"timed pass and {after} after it (1 / 5 / 15 minutes); on a busy machine "
                "every figure above is inflated, compare them with the bare embedding."
            )
    for label, title in (("tuned_on", "Tuned on"), ("not_tuned_on", "Not tuned on")):
        group = results.get("groups", {}).get(label)
        if group:
            parts += [
                "",
                f"{title} ({', '.join(group['samples'])}):",
                "",
                table(header, _method_rows(group["methods"])),
                "",
                versus(group["methods"]) + ".",
            ]
    baselines = [name for name in methods if name != "drawhisper"]
    parts += [
        "",
        f"Per conversation ({scoring} evidence recall, %):",
        "",
        table(
            [
                "conversation",
                "turns",
                "memories",
                "summaries",
                "full history tokens",
                "Drawhisper",
                *(METHOD_LABELS.get(name, name) for name in baselines),
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
                    f"**{entry['overall_recall']}**",
                    *(
                        entry.get("methods", {}).get(name, {}).get("overall_recall", "-")
                        for name in baselines
                    ),
                    entry["mean_tokens"],
                    entry.get("latency_ms", {}).get("p95", "-"),
                ]
                for entry in results["conversations"]
            ],
        ),
    ]
    return "\n".join(parts)


def answer_tables(results: dict) -> str:
    """J (LLM-judge accuracy, %) per category and overall for every method that answered,
    for the gold-observation run and, when present, the pipeline-made memories' run."""
    parts = []
    for label, run in (
        ("gold observations", results),
        ("product-made memories", results.get("pipeline_memories")),
    ):
        if not run:
            continue
        answered = {name: s for name, s in run["methods"].items() if "j" in s}
        if not answered:
            continue
        model = (results.get("setup", {}).get("answer") or {}).get("answer_model", "")
        parts += [
            f"J (% judged CORRECT, mem0's LoCoMo protocol; memories: {label}; answer model "
            f"{model or '-'}), within {run['budget_tokens']} retrieved tokens:",
            "",
            table(
                ["method", *ANSWERED, "overall", "questions", "errors"],
                [
                    [
                        METHOD_LABELS.get(name, name),
                        *(summary["j"].get(category, "-") for category in ANSWERED),
                        f"**{summary['j']['overall']}**",
                        summary["j_questions"],
                        summary["j_errors"],
                    ]
                    for name, summary in answered.items()
                ],
            ),
            "",
        ]
    return "\n".join(parts)


def pipeline_tables(results: dict) -> str:
    """The run over the product's own memories, beside the gold-observation headline."""
    made = results["pipeline_memories"]
    gold = results["methods"]
    providers = ", ".join(
        f"{alias} {setup['backend']} ({setup['model']})"
        for alias, setup in made["providers"].items()
        if alias in ("summary", "extract")
    )
    rows = []
    for name, summary in made["methods"].items():
        beside = gold.get(name, {})
        rows.append(
            [
                METHOD_LABELS.get(name, name),
                f"**{summary['overall_recall']}**",
                beside.get("overall_recall", "-"),
                summary["recall_by_scoring"]["generous"],
                beside.get("recall_by_scoring", {}).get("generous", "-"),
                _or_dash(summary["answer_coverage"].get("overall")),
                _or_dash(beside.get("answer_coverage", {}).get("overall")),
                summary["mean_tokens"],
            ]
        )
    memories = sum(entry["memories"] for entry in made["conversations"])
    gold_memories = sum(entry["memories"] for entry in results["conversations"])
    return "\n".join(
        [
            f"Product-made memories ({providers}): {memories} memories from "
            f"{made['sessions']} sessions ({made['failed_sessions']} failed), against "
            f"{gold_memories} gold observations. Evidence recall (%, strict and generous) and "
            "answer coverage, pipeline-made beside gold:",
            "",
            table(
                [
                    "method",
                    "strict (made)",
                    "strict (gold)",
                    "generous (made)",
                    "generous (gold)",
                    "answer coverage (made)",
                    "answer coverage (gold)",
                    "mean tokens",
                ],
                rows,
            ),
            "",
            versus(made["methods"]) + " (product-made memories).",
        ]
    )
