"""``make run``: one command that serves Drawhisper on this machine.

It migrates, loads the demo data (idempotent), then starts and watches three processes:
the ASGI server (``WEB_SERVER``, uvicorn: pages, REST, WebSockets; ``web_server_argv`` builds
its command, and daphne's too), a Celery worker (memory pipeline) and Celery beat (daily
consolidation). Each child runs in its own process group.

Invariants:
- Only one runner per data directory: a second one exits at once with a clear message
  (an exclusive, non-blocking ``flock`` on ``.data/run.lock``, released by the kernel even
  after a crash, so there is no stale lock to clean up).
- Ctrl-C (SIGINT) or SIGTERM stops every process the runner started: children get SIGTERM,
  then SIGKILL after a grace period; embedded PostgreSQL and Redis are stopped too when this
  runner started them.
- A child that exits on its own (a crash, a kill -9) is restarted after a back-off that
  doubles with each quick failure (1 s, 2 s, 4 s ... at most 30 s) and resets once the child
  has stayed up for a minute; the other children keep running.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
GRACE_SECONDS = 10
RESTART_FIRST_DELAY = 1.0
RESTART_MAX_DELAY = 30.0
STABLE_SECONDS = 60.0
DEMO_LOGIN = ("demo", "drawhisper-demo")

#: The ASGI servers the web process can run, and the one ``make run`` runs.
WEB_SERVERS = ("daphne", "uvicorn")
WEB_SERVER = "uvicorn"
# daphne's WebSocket keep-alive: a ping every 20 s, the socket closed when none is answered
# within 30 s; uvicorn is given the same.
WS_PING_INTERVAL = 20
WS_PING_TIMEOUT = 30
# uvicorn waits this long for open sockets on SIGTERM, within the runner's GRACE_SECONDS.
WEB_GRACEFUL_SECONDS = 5


def web_server_argv(
    *,
    port: int,
    host: str = "127.0.0.1",
    app: str = "drawhisper.asgi:application",
    server: str = WEB_SERVER,
) -> list[str]:
    """The command that serves the ASGI ``app`` on ``host:port`` with ``server``.

    uvicorn runs on uvloop with httptools and the ``websockets`` library (its sans-I/O
    implementation: uvicorn's older one is deprecated), without
    per-message compression (daphne offers none, and it costs CPU on every frame), without
    the lifespan protocol (Django has none), without an access log (daphne keeps none) and
    without reading proxy headers itself: the project decides whom to believe about the
    client's address (``TRUSTED_PROXY_COUNT``, ``TRUSTED_PROXIES``), as under daphne."""
    if server == "daphne":
        return [sys.executable, "-m", "daphne", "-b", host, "-p", str(port), app]
    if server == "uvicorn":
        return [
            sys.executable,
            "-m",
            "uvicorn",
            "--host",
            host,
            "--port",
            str(port),
            "--loop",
            "uvloop",
            "--http",
            "httptools",
            "--ws",
            "websockets-sansio",
            "--ws-ping-interval",
            str(WS_PING_INTERVAL),
            "--ws-ping-timeout",
            str(WS_PING_TIMEOUT),
            "--ws-per-message-deflate",
            "false",
            "--lifespan",
            "off",
            "--no-access-log",
            "--no-proxy-headers",
            "--timeout-graceful-shutdown",
            str(WEB_GRACEFUL_SECONDS),
            app,
        ]
    raise ValueError(f"Unknown web server {server!r}; choose one of {', '.join(WEB_SERVERS)}.")


@dataclass
class Child:
    name: str
    argv: list[str]
    process: subprocess.Popen | None = field(default=None, repr=False)
    started_at: float = 0.0
    quick_failures: int = 0  # exits in a row, each within STABLE_SECONDS of its start
    restart_at: float | None = None

    def start(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(self.argv, cwd=BASE_DIR, env=env, start_new_session=True)
        self.started_at = time.monotonic()
        self.restart_at = None

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def signal_group(self, signum: int) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signum)
        except ProcessLookupError:
            pass


def supervise(
    children: list[Child],
    env: dict[str, str],
    *,
    now: float | None = None,
    first_delay: float = RESTART_FIRST_DELAY,
    max_delay: float = RESTART_MAX_DELAY,
    stable_seconds: float = STABLE_SECONDS,
) -> None:
    """One look at the children: schedule a restart for each that exited, start those whose
    back-off has passed. Called every half second by ``main``."""
    now = time.monotonic() if now is None else now
    for child in children:
        if child.running():
            continue
        if child.restart_at is None:
            code = child.process.returncode if child.process is not None else None
            if now - child.started_at >= stable_seconds:
                child.quick_failures = 0
            delay = min(max_delay, first_delay * 2**child.quick_failures)
            child.quick_failures += 1
            child.signal_group(signal.SIGKILL)  # what is left of its group (worker pool)
            child.restart_at = now + delay
            print(
                f"The {child.name} process exited (code {code}); restarting it in {delay:g} s.",
                file=sys.stderr,
                flush=True,
            )
        elif now >= child.restart_at:
            print(f"Restarting the {child.name} process.", file=sys.stderr, flush=True)
            child.start(env)


def _acquire_run_lock(data_dir: Path):
    handle = open(data_dir / "run.lock", "a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        print(
            f"Drawhisper is already running from this folder ({holder}).\n"
            "Stop it with Ctrl-C in its terminal, or use another checkout.",
            file=sys.stderr,
        )
        sys.exit(1)
    handle.seek(0)
    handle.truncate()
    handle.write(f"pid {os.getpid()}")
    handle.flush()
    return handle


def _port_in_use(port: int) -> bool:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def debug_enabled(env: dict[str, str]) -> bool:
    """DEBUG as the settings read it: the environment first, then ``.env``; off by default."""
    value = env.get("DEBUG")
    dotenv = BASE_DIR / ".env"
    if value is None and dotenv.exists():
        for line in dotenv.read_text().splitlines():
            key, sep, raw = line.strip().partition("=")
            if sep and key.strip() in {"DEBUG", "export DEBUG"}:
                value = raw.strip().strip("'\"")
    # django-environ's true values.
    return (value or "").strip().lower() in {"true", "on", "ok", "y", "yes", "1"}


def banner(url: str, *, debug: bool) -> str:
    """What ``make run`` prints once the server answers."""
    mode = (
        "  Development mode (DEBUG=true): error pages show code and settings;"
        " do not expose this server.\n"
        if debug
        else ""
    )
    return (
        f"\n  Drawhisper is running at {url}\n"
        f"  Demo login: {DEMO_LOGIN[0]} / {DEMO_LOGIN[1]}\n"
        f"{mode}"
        "  Press Ctrl-C to stop.\n"
    )


def _manage(*args: str, env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env, check=True)


def _wait_healthy(
    url: str, children: list[Child], env: dict[str, str], timeout: float = 90
) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        supervise(children, env)  # a child that dies while starting is restarted too
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(0.3)
    return False


def _stop_children(children: list[Child]) -> None:
    for child in children:
        if child.running():
            child.signal_group(signal.SIGTERM)
    deadline = time.monotonic() + GRACE_SECONDS
    for child in children:
        if child.process is None:
            continue
        try:
            child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.signal_group(signal.SIGKILL)
            child.process.wait()
        # Grandchildren (worker pool processes) share the group: make sure none is left.
        child.signal_group(signal.SIGKILL)


def main() -> int:
    from drawhisper import embedded

    data_dir = embedded.data_dir()
    lock = _acquire_run_lock(data_dir)  # noqa: F841 - held for the life of the process
    port = int(os.environ.get("PORT", "8000"))
    if _port_in_use(port):
        print(
            f"Port {port} is in use by another program; set PORT to serve elsewhere.",
            file=sys.stderr,
        )
        return 1

    env = dict(os.environ, DJANGO_SETTINGS_MODULE="drawhisper.settings", PYTHONUNBUFFERED="1")
    started_postgres = started_redis = False
    # Children find the embedded servers themselves (settings call ensure_*, which only checks
    # once they run); starting them here first makes start-up errors appear once, up front.
    if not env.get("DATABASE_URL"):
        started_postgres = embedded._postgres_running(embedded.PostgresPaths(data_dir)) is None
        embedded.ensure_postgres()
    if not env.get("REDIS_URL"):
        started_redis = embedded._redis_running(embedded.RedisPaths(data_dir)) is None
        embedded.ensure_redis()

    bin_dir = Path(sys.executable).parent
    children = [
        Child("web", web_server_argv(port=port)),
        Child(
            "worker",
            [
                str(bin_dir / "celery"),
                "-A",
                "drawhisper",
                "worker",
                "--loglevel",
                "INFO",
                "--concurrency",
                env.get("WORKER_CONCURRENCY", "2"),
            ],
        ),
        Child(
            "beat",
            [
                str(bin_dir / "celery"),
                "-A",
                "drawhisper",
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(data_dir / "celerybeat-schedule"),
            ],
        ),
    ]

    stopping = False

    def _on_signal(signum, _frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)

    exit_code = 0
    try:
        print("Preparing the database...", flush=True)
        _manage("migrate", "--noinput", env=env)
        _manage("sweep_stale_replies", env=env)  # replies cut off when the last run stopped
        _manage("load_demo", env=env)
        for child in children:
            child.start(env)
        url = f"http://127.0.0.1:{port}/"
        if _wait_healthy(f"{url}healthz", children, env):
            print(banner(url, debug=debug_enabled(env)), flush=True)
        while not stopping:
            supervise(children, env)
            time.sleep(0.5)
    except subprocess.CalledProcessError as error:
        print(f"Start-up step failed: {' '.join(error.cmd[1:])}", file=sys.stderr)
        exit_code = 1
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("Stopping...", flush=True)
        _stop_children(children)
        if started_postgres:
            embedded.stop_postgres()
        if started_redis:
            embedded.stop_redis()
        print("Stopped.", flush=True)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
