"""The embedded PostgreSQL and Redis: start, reuse, concurrent start, crash recovery, stop.

Each test gets its own data directory, so these servers are separate from the ones the
suite itself runs on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
import redis

from drawhisper import embedded

ROOT = Path(__file__).resolve().parents[2]


def _run(data_dir: Path, code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DRAWHISPER_DATA_DIR=str(data_dir))
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


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
def data_dir(tmp_path):
    path = tmp_path / "data"
    yield path
    _run(path, "from drawhisper import embedded; embedded.stop_postgres(); embedded.stop_redis()")


def test_first_start_gives_working_postgres_with_pgvector_and_redis(data_dir):
    database_url, redis_url = _ensure(data_dir)
    with psycopg.connect(database_url) as connection:
        version = connection.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
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
        subprocess.Popen([sys.executable, "-c", ENSURE], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outputs = []
    for process in processes:
        stdout, stderr = process.communicate(timeout=120)
        assert process.returncode == 0, stderr
        outputs.append(json.loads(stdout.strip().splitlines()[-1]))
    assert outputs[0] == outputs[1] == outputs[2]
    postmasters = subprocess.run(["pgrep", "-f", f"postgres -D {data_dir}/postgres"], capture_output=True, text=True)
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
        [sys.executable, "-c", "from drawhisper import embedded; import time\nwith embedded._lock():\n    print('held', flush=True); time.sleep(60)"],
        cwd=ROOT, env=dict(os.environ, DRAWHISPER_DATA_DIR=str(data_dir)), stdout=subprocess.PIPE, text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    holder.kill()
    holder.wait()
    database_url, _ = _ensure(data_dir)
    assert database_url.startswith("postgres://")


def test_stop_stops_both_servers(data_dir):
    _ensure(data_dir)
    pid = _postmaster_pid(data_dir)
    result = _run(data_dir, "from drawhisper import embedded; import sys; sys.exit(embedded.main(['x', 'stop']))")
    assert "postgres: stopped" in result.stdout and "redis: stopped" in result.stdout
    _wait_gone(pid)
    assert not embedded._pid_alive(pid)
    status = _run(data_dir, "from drawhisper import embedded; embedded.main(['x', 'status'])")
    assert "postgres: not running" in status.stdout and "redis: not running" in status.stdout
