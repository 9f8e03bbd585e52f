"""A benchmark command run as the tests run it: on the synthetic LoCoMo-format file, in place
(what it wrote is removed at the end), quietly, with its JSON read back."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command

DATA = Path(__file__).parent / "data" / "synthetic_locomo.json"


def run_bench(command: str, out: Path, *args: str) -> tuple[dict, str]:
    """``manage.py <command> --data DATA <args> --out <out> --in-place``: the results it
    wrote and what it printed."""
    stdout = StringIO()
    call_command(
        command,
        "--data",
        str(DATA),
        *args,
        "--out",
        str(out),
        "--in-place",
        stdout=stdout,
        verbosity=0,
    )
    return json.loads(out.read_text()), stdout.getvalue()
