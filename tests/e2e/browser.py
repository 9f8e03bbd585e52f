"""The Chromium the browser tests drive (sync Playwright): where it is, how it is launched on
these machines, the default timeout of a page, and why the tests are skipped when it is missing.
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DEFAULT_TIMEOUT_MS = 10_000


def chromium_missing_reason() -> str | None:
    """None when Chromium and Playwright are installed; otherwise what to install."""
    if not Path(CHROMIUM_PATH).exists():
        return (
            f"Chromium is not installed at {CHROMIUM_PATH}: install the Debian 'chromium' package "
            "(or set CHROMIUM_PATH) to run the browser tests."
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "The playwright Python package is not installed (pip install playwright)."
    return None
