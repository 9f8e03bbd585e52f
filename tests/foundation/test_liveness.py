"""Process identity for claims: a claim's holder is known dead only when it is a process of
this host that is gone, never because of another host's process or a reused pid."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from drawhisper import liveness


def test_this_process_is_alive():
    identity = liveness.current()
    assert identity.startswith(f"{socket.gethostname()}:{os.getpid()}:")
    assert not liveness.known_dead(identity)


def test_a_process_that_exited_is_known_dead():
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        start = liveness._start_ticks(child.pid)
        identity = f"{socket.gethostname()}:{child.pid}:{start}"
        assert not liveness.known_dead(identity)
    finally:
        child.kill()
        child.wait()
    assert liveness.known_dead(identity)


def test_a_pid_now_used_by_another_process_is_known_dead():
    host, pid, start = liveness.current().split(":")
    assert liveness.known_dead(f"{host}:{pid}:{int(start) + 1}")


def test_a_holder_on_another_host_or_an_unreadable_one_is_never_known_dead():
    assert not liveness.known_dead(f"another-{socket.gethostname()}:999999:1")
    assert not liveness.known_dead("")
    assert not liveness.known_dead("garbage")
