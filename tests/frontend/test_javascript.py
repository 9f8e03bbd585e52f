"""The browser code's pure modules (frontend/js: lib/, the memory board's state, formatting,
the WebSocket client's ids) under Node's own test runner: tests/frontend/js/*.test.mjs.

Node 20 or newer is the only requirement (``node --test``, nothing to install, no network);
without it these are skipped with the reason. The DOM-facing parts are covered by the browser tests in
tests/e2e."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS_TESTS = Path(__file__).resolve().parent / "js"
NODE = shutil.which("node")
OLDEST_NODE = 20  # the first with a stable test runner and the DOM's EventTarget/CustomEvent


def node_major() -> int:
    version = subprocess.run([NODE, "--version"], capture_output=True, text=True, check=False)
    return int(version.stdout.strip().lstrip("v").split(".")[0] or 0)


@pytest.mark.skipif(
    NODE is None, reason="Node.js is not installed: the JavaScript unit tests need `node`."
)
def test_javascript_unit_tests_pass():
    if node_major() < OLDEST_NODE:
        pytest.skip(f"Node.js {OLDEST_NODE} or newer is needed for the JavaScript unit tests.")
    env = {key: value for key, value in os.environ.items() if not key.startswith("NODE_")}
    result = subprocess.run(
        [NODE, "--test", *(str(path) for path in sorted(JS_TESTS.glob("*.test.mjs")))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"node --test failed:\n{result.stdout}\n{result.stderr}"
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout, result.stdout
