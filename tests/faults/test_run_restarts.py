"""``make run`` (``python -m drawhisper.runner``) for real: a process it watches that dies is
started again and works, and Ctrl-C stops everything it started.

The runner serves on a free port against the test database and a Redis database of this
module's own (so nothing embedded starts), with the offline model and the fake embedder.
Its worker is killed with ``kill -9``: the runner says so, starts another, and that worker
runs a memory job sent after the kill. Its web process is killed the same way and the site
answers again. SIGINT then stops the runner and every process it started.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from drawhisper.celery import app as celery_app
from drawhisper.runner import WEB_SERVER
from memories.models import MemoryJob
from memories.pipeline import PIPELINE_VERSION
from tests.factories import CharacterFactory, MessageFactory, ThreadFactory, UserFactory
from tests.support import processes, stack
from tests.support.redis_databases import RedisDatabase

pytestmark = [
    pytest.mark.faults,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(900),
]

ROOT = Path(__file__).resolve().parents[2]
REDIS_DB = RedisDatabase.RUN_RESTARTS  # this module's own (tests/support/redis_databases.py)
START_BOUND = 240  # migrate, demo data and three processes on a loaded 2-core machine


def _children(pid: int) -> dict[int, str]:
    """The runner's child processes: pid -> command line."""
    found: dict[int, str] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
                found[int(child)] = cmdline.decode(errors="replace")
    return found


def _child(pid: int, word: str) -> int | None:
    """The runner's child whose command is ``celery ... worker`` / the web server / ``beat``."""
    for child, cmdline in _children(pid).items():
        if any(arg == word or arg.endswith(f"/{word}") for arg in cmdline.split()):
            return child
    return None


def _alive(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_bytes().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


def _healthy(port: int) -> bool:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def test_make_run_restarts_a_killed_process_and_ctrl_c_stops_everything(settings, tmp_path):
    port = processes.free_port()
    env = stack.stack_env(
        redis_url=processes.redis_database_url(settings.REDIS_URL, REDIS_DB),
        defaults_only=True,
        LLM_PROVIDER="offline",
        EMBEDDING_PROVIDER="fake",
        PORT=str(port),
        WORKER_CONCURRENCY="1",
        DRAWHISPER_DATA_DIR=str(tmp_path / "data"),
    )
    log_path = tmp_path / "run.log"
    with open(log_path, "ab") as log:
        runner = subprocess.Popen(
            [sys.executable, "-m", "drawhisper.runner"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    output = lambda: log_path.read_text(errors="replace")  # noqa: E731
    started: set[int] = set()
    try:
        stack.wait_for(
            lambda: "Drawhisper is running at" in output() or runner.poll() is not None,
            timeout=START_BOUND,
            message="make run did not come up",
        )
        assert runner.poll() is None, output()
        assert f"http://127.0.0.1:{port}/" in output()
        started.update(_children(runner.pid))
        worker = _child(runner.pid, "worker")
        web = _child(runner.pid, WEB_SERVER)
        assert worker and web and _child(runner.pid, "beat"), _children(runner.pid)

        # The worker dies: the runner says so and starts another one, which does the work.
        os.killpg(worker, signal.SIGKILL)
        stack.wait_for(
            lambda: "The worker process exited" in output(),
            timeout=60,
            message=f"the runner did not notice\n{output()}",
        )
        new_worker = stack.wait_for(
            lambda: (found := _child(runner.pid, "worker")) and found != worker and found,
            timeout=60,
            message=f"the worker was not restarted\n{output()}",
        )
        started.add(new_worker)
        owner = UserFactory(username="keeper", first_name="Orla")
        thread = ThreadFactory(owner=owner, character=CharacterFactory(owner=owner))
        turns = [
            ("user", "I'm terrified of deep water, so the ferry crossing was hard for me."),
            ("assistant", "You made it across all the same."),
            ("user", "My brother Tomas mends nets in the harbour every morning."),
            ("assistant", "A steady trade."),
        ]
        for seq, (role, text) in enumerate(turns, start=1):
            MessageFactory(thread=thread, seq=seq, role=role, content=text, token_count=20)
        job = MemoryJob.objects.create(
            thread=thread, start_seq=1, end_seq=3, pipeline_version=PIPELINE_VERSION
        )
        with celery_app.connection_for_write(env["REDIS_URL"]) as connection:
            celery_app.send_task(
                "memories.tasks.run_memory_job", args=[job.pk], connection=connection
            )

        def finished() -> bool:
            job.refresh_from_db()
            return job.status in ("succeeded", "failed")

        stack.wait_for(
            finished, timeout=180, message=f"the restarted worker ran nothing\n{output()}"
        )
        assert job.status == "succeeded", job.last_error

        # The web process dies: the site answers again once the runner restarted it.
        os.killpg(web, signal.SIGKILL)
        stack.wait_for(
            lambda: "The web process exited" in output(),
            timeout=60,
            message=f"the runner did not notice\n{output()}",
        )
        stack.wait_for(
            lambda: _healthy(port), timeout=120, message=f"the site did not come back\n{output()}"
        )
        started.update(_children(runner.pid))

        # Ctrl-C: the runner stops every process it started, and itself.
        runner.send_signal(signal.SIGINT)
        assert runner.wait(timeout=120) == 0, output()
        assert "Stopped." in output()
        assert not [pid for pid in started if _alive(pid)], started
        assert not _healthy(port)
    finally:
        if runner.poll() is None:
            runner.send_signal(signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                runner.wait(timeout=60)
        for pid in started:  # anything left of a failed run
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        if runner.poll() is None:
            runner.kill()
            runner.wait()
