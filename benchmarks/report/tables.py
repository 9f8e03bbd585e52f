"""A Markdown table, the machine a run was measured on, and the cell formats the
other report modules share (a dash or ``n/a`` for a missing figure, a rounded percentage).
"""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence


def machine() -> dict[str, object]:
    """The machine a run was measured on, for the JSON's ``setup`` (figures depend on it)."""
    return {
        "cpus": os.cpu_count(),
        "load_average": [round(value, 2) for value in os.getloadavg()],
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _or_dash(value: object) -> object:
    return "-" if value is None else value


def _or_na(value: object, suffix: str = "%") -> str:
    return "n/a" if value is None else f"{value}{suffix}"


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0
