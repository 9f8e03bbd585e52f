"""Child processes for tests that run the app for real: the web server (as ``make run`` runs
it, ``drawhisper.runner.web_server_argv``) and Celery workers.

Each child runs in its own session (process group) with ``PR_SET_PDEATHSIG``, so ``stop()``
ends the whole group and nothing outlives pytest, even when pytest itself is killed. Its
output goes to ``<log_dir>/<name>.log``, whose tail failure messages show.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

BASE_DIR = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """``DATABASE_URL`` for a child that must use the same (test) database as this process."""
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{credentials}{host}:{port}/{quote(settings_dict['NAME'], safe='')}"


def _die_with_parent() -> None:
    """In the child before exec: get SIGTERM when pytest dies (Linux ``PR_SET_PDEATHSIG``)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)


@dataclass
class Child:
    name: str
    process: subprocess.Popen
    log_path: Path

    def log(self, lines: int = 80) -> str:
        """The last ``lines`` of its output."""
        try:
            text = self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return f"(no {self.name} log)"
        return "\n".join(text.splitlines()[-lines:])

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_for_log(self, needle: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.log(400):
                return
            if not self.alive():
                raise RuntimeError(f"{self.name} exited ({self.process.returncode}):\n{self.log()}")
            time.sleep(0.2)
        raise TimeoutError(
            f"{self.name} did not log {needle!r} within {timeout:.0f}s:\n{self.log()}"
        )

    def wait_for_port(self, port: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                raise RuntimeError(f"{self.name} exited ({self.process.returncode}):\n{self.log()}")
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
                probe.settimeout(0.5)
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.2)
        raise TimeoutError(
            f"{self.name} did not listen on {port} within {timeout:.0f}s:\n{self.log()}"
        )

    def stop(self) -> None:
        """SIGTERM to the whole group, SIGKILL after a grace period; reaps the child."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        # Children of the group (prefork pool, reloader) may outlive the leader.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)


def spawn(argv: list[str], *, env: dict[str, str], log_path: Path) -> subprocess.Popen:
    """``argv`` in its own process group, appending its output to ``log_path``."""
    with open(log_path, "ab") as log:
        return subprocess.Popen(
            argv,
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=_die_with_parent,  # noqa: PLW1509
        )


def start(name: str, argv: list[str], *, env: dict[str, str], log_dir: Path) -> Child:
    log_path = log_dir / f"{name}.log"
    return Child(name=name, process=spawn(argv, env=env, log_path=log_path), log_path=log_path)


def _celery(*args: str) -> list[str]:
    return [sys.executable, "-m", "celery", "-A", "drawhisper", *args, "-l", "INFO"]


def celery_worker_argv(node_name: str) -> list[str]:
    """One solo-pool worker of ``drawhisper``; ``node_name`` keeps parallel runs apart."""
    return _celery(
        "worker",
        *("-P", "solo", "-c", "1", "-n", node_name),
        *("--without-gossip", "--without-mingle", "--without-heartbeat"),
    )


def celery_beat_argv(schedule: Path) -> list[str]:
    """Celery beat of ``drawhisper``, its schedule file at ``schedule`` (the test's own)."""
    return _celery("beat", "-s", str(schedule))


def on_host(host_name: str, argv: list[str]) -> list[str]:
    """``argv`` run as if on another machine: in a UTS namespace of its own whose host name
    is ``host_name`` (``unshare --uts``, which needs root); ``exec`` keeps its pid."""
    return ["unshare", "--uts", "sh", "-c", 'hostname "$0" && exec "$@"', host_name, *argv]


def can_run_on_other_hosts() -> bool:
    """Whether ``on_host`` works here (root, and namespaces allowed)."""
    try:
        probe = subprocess.run(
            on_host("probe-host", ["hostname"]), capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return probe.returncode == 0 and probe.stdout.strip() == "probe-host"


def web_argv(port: int) -> list[str]:
    """The web process on ``port``, served by the ASGI server ``make run`` uses."""
    from drawhisper.runner import web_server_argv

    return web_server_argv(port=port)


def redis_database_url(base: str, database: int) -> str:
    """``base`` (a Redis URL) pointing at another database number, for a suite of its own."""
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, f"/{database}", parts.query, parts.fragment))


def exited_process_identity() -> str:
    """The ``drawhisper.liveness`` identity of a process of this host that has exited, as a
    claim or a streaming reply of a killed worker or web process carries it."""
    finished = subprocess.run(
        [sys.executable, "-c", "from drawhisper import liveness; print(liveness.current())"],
        capture_output=True,
        text=True,
        check=True,
        cwd=BASE_DIR,
        env={**os.environ, "PYTHONPATH": str(BASE_DIR)},
    )
    return finished.stdout.strip()
