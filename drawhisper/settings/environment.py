"""Where the settings read the environment from: the project directory, its ``.env`` file and
whether the test suite is running. Every other settings module reads through ``env`` here.

A variable already set in the process environment wins over the same one in ``.env``.
"""

from __future__ import annotations

import os
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parents[2]

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

# Under pytest (the suite and the servers and workers it starts inherit PYTEST_VERSION).
TESTING = bool(os.environ.get("PYTEST_VERSION"))
