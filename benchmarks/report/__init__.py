"""Markdown tables of benchmark results, as printed by the commands and kept in
docs/benchmarks.md.

The package's modules, this one its public face: ``tables`` (a Markdown table, the machine a
run was measured on, and the cell formats the others share), ``locomo`` (the LoCoMo
evidence-recall, answer and product-made memory tables, each method beside the best baseline)
and ``trust`` (``bench_memory``'s figures and the support check on the labelled set).
"""

from benchmarks.report.locomo import (
    ANSWERED,
    LIKE_FOR_LIKE,
    METHOD_LABELS,
    TURNS_ONLY,
    answer_tables,
    best_baseline,
    locomo_tables,
    pipeline_tables,
    versus,
)
from benchmarks.report.tables import (
    machine,
    table,
)
from benchmarks.report.trust import (
    memory_tables,
    support_tables,
)

__all__ = [
    "machine",
    "table",
    "METHOD_LABELS",
    "LIKE_FOR_LIKE",
    "TURNS_ONLY",
    "ANSWERED",
    "best_baseline",
    "versus",
    "locomo_tables",
    "answer_tables",
    "pipeline_tables",
    "memory_tables",
    "support_tables",
]
