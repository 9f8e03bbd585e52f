"""Processes and ports on this machine: is a pid alive, is a loopback port free or answering,
which port a server keeps.

A zombie counts as gone. A server's port is chosen once and remembered in a file; it is
re-chosen (the next free one upward from the preferred port) only when another program has
taken it.
"""

from __future__ import annotations

import contextlib
import os
import socket
from pathlib import Path


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
