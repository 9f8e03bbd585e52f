"""Fail CI when the browser tests did not all run, even though pytest exited 0.

``make test`` skips every browser test when Chromium is missing, and a skipped test passes.
This reads the JUnit reports ``make test JUNIT_DIR=...`` wrote and compares the browser run
with a fresh collection of ``tests/e2e``: every collected browser test must have run, none
skipped. Usage: ``python .ci/check_test_counts.py REPORT_DIR``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def totals(report: Path) -> dict[str, int]:
    root = ElementTree.parse(report).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    keys = ("tests", "skipped", "failures", "errors")
    return {key: sum(int(suite.get(key, 0)) for suite in suites) for key in keys}


def collected_browser_tests() -> int:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/e2e",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"(\d+) tests? collected", result.stdout)
    if result.returncode != 0 or not found:
        print(result.stdout[-2000:], result.stderr[-2000:], sep="\n")
        return -1
    return int(found.group(1))


def main(report_dir: Path) -> int:
    problems: list[str] = []
    if not Path(CHROMIUM_PATH).exists():
        problems.append(f"Chromium is not installed at {CHROMIUM_PATH}.")
    for name in ("unit", "e2e"):
        report = report_dir / f"{name}.xml"
        if not report.exists():
            problems.append(f"The {name} tests did not run (no {report}).")
            continue
        counts = totals(report)
        ran = counts["tests"] - counts["skipped"]
        print(
            f"{name}: {counts['tests']} tests, {ran} run, {counts['skipped']} skipped, "
            f"{counts['failures']} failed, {counts['errors']} errors"
        )
        if name == "e2e":
            expected = collected_browser_tests()
            print(f"e2e: {expected} collected")
            if counts["skipped"]:
                problems.append(f"{counts['skipped']} browser tests were skipped.")
            if expected <= 0 or ran < expected:
                problems.append(f"Only {ran} of {expected} collected browser tests ran.")
    for problem in problems:
        print(f"CI: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
