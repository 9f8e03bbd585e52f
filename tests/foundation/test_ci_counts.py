"""CI (``.ci/run``) fails when the browser tests did not all run, although pytest exits 0 when
Chromium is missing and every browser test is skipped. ``.ci/check_test_counts.py`` reads the
JUnit reports ``make test JUNIT_DIR=...`` writes; here it gets reports of each kind of run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".ci" / "check_test_counts.py"


def report(path: Path, *, tests: int, skipped: int = 0, failures: int = 0) -> None:
    path.write_text(
        "<?xml version='1.0' encoding='utf-8'?><testsuites>"
        f'<testsuite name="pytest" tests="{tests}" skipped="{skipped}" failures="{failures}"'
        ' errors="0" /></testsuites>'
    )


@pytest.fixture(scope="module")
def browser_tests() -> int:
    """How many browser tests ``tests/e2e`` holds, counted by pytest's own collection."""
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/e2e", "--collect-only", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    count = int(re.search(r"(\d+) tests? collected", collected.stdout).group(1))
    assert count > 0
    return count


@pytest.fixture
def chromium(tmp_path) -> Path:
    """A file where the check looks for Chromium (the check only asks whether it is there)."""
    path = tmp_path / "chromium"
    path.write_text("")
    return path


def check(reports: Path, chromium_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(reports)],
        cwd=ROOT,
        env={**os.environ, "CHROMIUM_PATH": str(chromium_path)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_browser_test_run_passes_the_check(tmp_path, chromium, browser_tests):
    report(tmp_path / "unit.xml", tests=900, skipped=2)
    report(tmp_path / "e2e.xml", tests=browser_tests)
    result = check(tmp_path, chromium)
    assert result.returncode == 0, result.stderr
    assert f"e2e: {browser_tests} collected" in result.stdout


def test_a_machine_without_chromium_fails_although_pytest_passed(tmp_path, browser_tests):
    report(tmp_path / "unit.xml", tests=900)
    report(tmp_path / "e2e.xml", tests=browser_tests, skipped=browser_tests)  # pytest exit 0
    result = check(tmp_path, tmp_path / "no-chromium-here")
    assert result.returncode == 1
    assert "Chromium is not installed" in result.stderr
    assert f"{browser_tests} browser tests were skipped" in result.stderr


def test_one_skipped_browser_test_fails(tmp_path, chromium, browser_tests):
    report(tmp_path / "unit.xml", tests=900)
    report(tmp_path / "e2e.xml", tests=browser_tests, skipped=1)
    result = check(tmp_path, chromium)
    assert result.returncode == 1
    assert "1 browser tests were skipped" in result.stderr
    assert f"Only {browser_tests - 1} of {browser_tests} collected" in result.stderr


def test_browser_tests_that_never_ran_fail(tmp_path, chromium):
    report(tmp_path / "unit.xml", tests=900, failures=1)  # make test stopped before e2e
    result = check(tmp_path, chromium)
    assert result.returncode == 1 and "The e2e tests did not run" in result.stderr
