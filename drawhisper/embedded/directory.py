"""The data directory the embedded servers live in, its start-up lock and generated secrets.

Everything is under ``.data/`` (or ``DRAWHISPER_DATA_DIR``). Start-up is serialised by an
exclusive ``flock`` on ``.data/embedded.lock``, so processes starting at once never initialise
or start the same server twice. A generated secret is written once, atomically, with mode
0600, and every later caller reads that same value.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]


class EmbeddedServiceError(RuntimeError):
    """An embedded server could not be started; the message says why and where the log is."""


def data_dir() -> Path:
    path = Path(os.environ.get("DRAWHISPER_DATA_DIR") or BASE_DIR / ".data").resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def _lock() -> Iterator[None]:
    lock_path = data_dir() / "embedded.lock"
    with open(lock_path, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def generated_secret(name: str, *, length: int = 32) -> str:
    """A random secret created once and kept in ``.data/<name>`` (mode 0600, owner only).

    Later calls (and other processes) read the same value; a file left with wider
    permissions by an older version is narrowed."""
    path = data_dir() / name
    with contextlib.suppress(FileNotFoundError):
        value = path.read_text().strip()
        if value:
            if path.stat().st_mode & 0o077:
                path.chmod(0o600)
            return value
    with _lock():
        with contextlib.suppress(FileNotFoundError):
            value = path.read_text().strip()
            if value:
                return value
        value = secrets.token_urlsafe(length)[:length]
        temporary = path.with_name(f".{name}.tmp")
        temporary.unlink(missing_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(value + "\n")
        os.replace(temporary, path)
        return value
