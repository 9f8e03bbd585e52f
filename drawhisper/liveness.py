"""Process identity for claims (a running memory job, a streaming reply): who holds one, and
whether that holder is known to be dead.

An identity is ``host:pid:start``: the host name, the process id and the process's start time
(clock ticks since boot, from ``/proc``), so a pid the kernel handed to a new process is not
taken for the old one. Death is concluded only for a holder on this host whose pid is gone, a
zombie, or now a process that started at another time. A holder on another host is never
"known dead" here: callers fall back to their heartbeat or staleness rule for it.
"""

from __future__ import annotations

import os
import socket


def _stat_fields(pid: int) -> list[bytes] | None:
    """``/proc/<pid>/stat`` from field 3 (state) on, or None when there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            data = stat.read()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may itself contain spaces or ")".
    return data[data.rindex(b")") + 2 :].split()


def _start_ticks(pid: int) -> str:
    fields = _stat_fields(pid)
    return fields[19].decode() if fields and len(fields) > 19 else "0"


def current() -> str:
    """This process's identity (computed each time: a forked pool process has its own)."""
    pid = os.getpid()
    return f"{socket.gethostname()}:{pid}:{_start_ticks(pid)}"


def known_dead(identity: str) -> bool:
    """True only when ``identity`` names a process of this host that no longer runs."""
    host, _, rest = identity.partition(":")
    pid_text, _, start = rest.partition(":")
    if not host or not pid_text.isdigit() or host != socket.gethostname():
        return False
    pid = int(pid_text)
    if not os.path.exists("/proc/self/stat"):  # no procfs: the pid alone has to do
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        return False
    fields = _stat_fields(pid)
    if fields is None:
        return True
    if fields[0] in (b"Z", b"X"):  # exited, not yet reaped by its parent
        return True
    return bool(start) and start != "0" and len(fields) > 19 and fields[19].decode() != start
