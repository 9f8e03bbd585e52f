"""``bench_memory``'s tables: supersession false positives, knowledge updates per
part and attribute, speaker attribution and unsupported chunks, each beside its baseline from
the same run; and the support check on the labelled set beside the checks before it.
"""

from __future__ import annotations

from benchmarks.memory import KNOWLEDGE_UPDATE_PARTS
from benchmarks.report.tables import _or_na, _percent, table


def _right(part: dict) -> str:
    right = sum(result["right"] for result in part["results"])
    return f"**{part['right_share']}%** ({right} of {part['cases']})"


def memory_tables(results: dict) -> str:
    """``bench_memory``'s figures, each beside its baseline from the same run."""
    setup = results["setup"]
    providers = ", ".join(
        f"{alias} {item['backend']} ({item['model']})"
        for alias, item in setup["providers"].items()
        if alias in ("summary", "extract")
    )
    parts = [(part, results[part.key]) for part in KNOWLEDGE_UPDATE_PARTS if part.key in results]
    rows = []
    supersession = results.get("supersession")
    if supersession:
        rows.append(
            [
                "Supersession false positives (LoCoMo observations wrongly retired, target <= 5%)",
                f"**{supersession['wrongly_retired_share']}%** "
                f"({supersession['wrongly_retired']} of {supersession['observations']})",
                f"{supersession['baseline_wrongly_retired_share']}% (nothing retired); "
                f"retired at all: {supersession['retired_share']}% ({supersession['retired']}); "
                f"kept out as the same: {supersession['kept_out_as_same_share']}% "
                f"({supersession['kept_out_as_same']})",
            ]
        )
    for part, figures in parts:
        rows.append(
            [
                f"Knowledge updates: latest value only in context (target >= 95%), {part.label}",
                _right(figures),
                f"{figures['baseline_right_share']}% (same memories, nothing retired)",
            ]
        )
    for part, figures in parts:
        if figures.get("kept_cases"):
            rows.append(
                [
                    "Knowledge updates: the other fact of a changed multi-fact memory still in "
                    f"context, {part.label}",
                    f"**{figures['kept_share']}%** (of {figures['kept_cases']})",
                    f"{figures['baseline_kept_share']}% (same memories, nothing retired)",
                ]
            )
    errors = sum(figures["attribution_errors"] for _, figures in parts)
    judged = sum(figures["attribution_judged"] for _, figures in parts)
    baseline_errors = sum(figures.get("attribution_baseline_errors", 0) for _, figures in parts)
    unverified = "; ".join(
        f"{part.name} chats {_or_na(figures['unverified_share'])}" for part, figures in parts
    )
    if supersession:
        unverified += f"; LoCoMo {_or_na(supersession['unverified_share'])}"
    rows += [
        [
            "Speaker attribution errors (memories naming a planted value)",
            f"**{_percent(errors, judged)}%** ({errors} of {judged})",
            f"{_percent(baseline_errors, judged)}% (every memory attributed to the user)",
        ],
        [
            "Chunks rejected as unsupported (kept unverified)",
            unverified,
            "n/a (no check: 0% rejected)",
        ],
    ]
    header = ["attribute"]
    for part, _ in parts:
        header += [f"{part.name}: cases", f"{part.name}: latest only", "baseline (nothing retired)"]
    attributes: list[str] = []
    for _, figures in parts:
        attributes += [name for name in figures["by_attribute"] if name not in attributes]
    per_attribute_rows = []
    for name in attributes:
        row: list = [name]
        for _, figures in parts:
            group = figures["by_attribute"].get(name)
            row += (
                [group["cases"], group["right_share"], group["baseline_right_share"]]
                if group
                else [0, "n/a", "n/a"]
            )
        per_attribute_rows.append(row)
    per_attribute = table(header, per_attribute_rows)
    machine = setup["machine"]
    return "\n".join(
        [
            f"Memory trust figures, pipeline with {providers}; retrieved budget "
            f"{setup['budget_tokens']} tokens; load average "
            f"{' / '.join(str(v) for v in machine['load_average'])} on {machine['cpus']} CPUs:",
            "",
            table(["figure", "pipeline", "baseline"], rows),
            "",
            "Knowledge updates per attribute (%):",
            "",
            per_attribute,
        ]
    )


def support_tables(support: dict) -> str:
    """The support check on the labelled set: rejected true and accepted fabricated chunks,
    the current local check beside the one main had before it (``previous``, when measured)
    and the one before the labelled set (``baseline``), per group of conversations."""
    checks = support["checks"]
    others = [name for name in ("previous", "baseline") if name in checks]
    headings = {"previous": "main before (same run)", "baseline": "before grounding (same run)"}
    rows = []
    for group, label in (("tuned_on", "tuned on"), ("not_tuned_on", "not tuned on")):
        if group not in checks["current"]:
            continue
        names = ", ".join(support["groups"][group])
        for figure, count, share, whole in (
            ("true chunks rejected", "rejected_true", "rejected_true_share", "true"),
            (
                "fabricated chunks accepted",
                "accepted_fabricated",
                "accepted_fabricated_share",
                "fabricated",
            ),
        ):
            now = checks["current"][group]
            row = [
                f"{figure} ({label}: {names})",
                f"**{_or_na(now[share])}** ({now[count]} of {now[whole]})",
            ]
            for name in others:
                before = checks[name][group]
                row.append(f"{_or_na(before[share])} ({before[count]} of {before[whole]})")
            rows.append(row)
    kinds = []
    for group in ("tuned_on", "not_tuned_on"):
        if group not in checks["current"]:
            continue
        now = checks["current"][group]["per_kind"]
        for kind, figures in now.items():
            kinds.append(
                [
                    group.replace("_", " "),
                    kind,
                    figures["examples"],
                    _or_na(figures["accepted_share"]),
                    *(
                        _or_na(checks[name][group]["per_kind"][kind]["accepted_share"])
                        for name in others
                    ),
                ]
            )
    timing = support.get("ms_per_chunk")
    cost = [
        f"{label} {figures['calls']} calls and {figures['texts']} texts"
        for name, label in (("current", "current check"), ("previous", "main before"))
        if (figures := (support.get("embeddings_per_chunk") or {}).get(name))
    ]
    unavailable = support.get("previous_unavailable")
    return "\n".join(
        [
            f"Support check (local) on the labelled set ({support['examples']} chunks):",
            "",
            *([f"Main's previous check not measured: {unavailable}.", ""] if unavailable else []),
            table(["figure", "current check", *(headings[name] for name in others)], rows),
            "",
            "Fabricated chunks accepted, per kind (%):",
            "",
            table(["conversations", "kind", "chunks", "current", *others], kinds),
            *(
                [
                    "",
                    f"Current check: {timing} ms per chunk, embeddings included (the checks "
                    "after it reuse them).",
                ]
                if timing is not None
                else []
            ),
            *(["", f"Embedding calls per chunk: {'; '.join(cost)}."] if cost else []),
        ]
    )
