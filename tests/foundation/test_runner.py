"""`make run` (drawhisper/runner.py): what it prints and how it supervises its processes."""

from __future__ import annotations

import os
import sys
import time

from drawhisper import runner


def test_development_mode_is_announced_only_when_debug_is_on(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "BASE_DIR", tmp_path)  # no .env here
    assert runner.debug_enabled({}) is False
    assert runner.debug_enabled({"DEBUG": "true"}) is True
    assert runner.debug_enabled({"DEBUG": "false"}) is False
    assert "Development mode" in runner.banner("http://127.0.0.1:8000/", debug=True)
    quiet = runner.banner("http://127.0.0.1:8000/", debug=False)
    assert "Development mode" not in quiet and "http://127.0.0.1:8000/" in quiet


def test_debug_from_the_env_file_counts_too(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "BASE_DIR", tmp_path)
    (tmp_path / ".env").write_text("# local\nDEBUG=on\n")
    assert runner.debug_enabled({}) is True
    assert runner.debug_enabled({"DEBUG": "false"}) is False


def _child(name: str, code: str) -> runner.Child:
    return runner.Child(name, [sys.executable, "-c", code])


def _wait_exit(child: runner.Child) -> None:
    child.process.wait(timeout=30)


def test_a_crashed_process_is_restarted_with_a_growing_back_off_and_the_others_keep_running():
    crasher = _child("web", "import sys; sys.exit(3)")
    steady = _child("worker", "import time; time.sleep(120)")
    env = dict(os.environ)
    children = [crasher, steady]
    try:
        for child in children:
            child.start(env)
        steady_pid = steady.process.pid
        delays = []
        for _ in range(4):
            _wait_exit(crasher)
            now = time.monotonic()
            runner.supervise(children, env, now=now)
            delays.append(round(crasher.restart_at - now, 3))
            old_pid = crasher.process.pid
            runner.supervise(children, env, now=now + delays[-1] / 2)
            assert crasher.process.pid == old_pid  # still waiting out the back-off
            runner.supervise(children, env, now=now + delays[-1] + 0.01)
            assert crasher.process.pid != old_pid  # restarted
        assert delays == [1.0, 2.0, 4.0, 8.0]
        assert steady.running() and steady.process.pid == steady_pid

        # A process that stayed up a while before it died starts over at the first delay.
        _wait_exit(crasher)
        crasher.started_at -= runner.STABLE_SECONDS
        now = time.monotonic()
        runner.supervise(children, env, now=now)
        assert round(crasher.restart_at - now, 3) == 1.0
    finally:
        runner._stop_children(children)


def test_the_back_off_stops_growing_at_its_limit():
    crasher = _child("beat", "raise SystemExit(1)")
    env = dict(os.environ)
    try:
        crasher.start(env)
        delays = []
        for _ in range(8):
            _wait_exit(crasher)
            now = time.monotonic()
            runner.supervise([crasher], env, now=now, max_delay=30)
            delays.append(round(crasher.restart_at - now, 3))
            runner.supervise([crasher], env, now=crasher.restart_at + 0.01)
        assert delays[-3:] == [30.0, 30.0, 30.0]
    finally:
        runner._stop_children([crasher])
