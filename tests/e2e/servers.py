"""The processes a browser test runs against: the web server ``make run`` runs
(``drawhisper.runner``) and a real Celery worker, both in subprocesses with their own process
group, registered with ``atexit`` so they die with pytest.

``start_asgi_server`` serves HTTP and WebSockets on a free loopback port against the TEST
database, with the scripted LLM (``LLM_PROVIDER=scripted`` reading a JSON file the test
rewrites) and the fake embedder, and returns once ``/healthz`` answers 200.
``start_celery_worker`` starts ``celery -A drawhisper worker`` on an environment (the
server's, usually) and returns once it is ready. Either fails the test, with its log, when it
does not start.
"""

from __future__ import annotations

import atexit
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support import processes
from tests.support.processes import Child

SERVER_START_TIMEOUT = 60.0
WORKER_START_TIMEOUT = 90.0


@dataclass
class AsgiServer(Child):
    url: str
    script_path: Path
    media_root: Path
    env: dict[str, str] = field(default_factory=dict)  # what it runs with (for a worker)


def _wait_for_health(server: AsgiServer) -> str | None:
    """None once /healthz answers 200; otherwise the reason it did not."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    last_error = "no answer yet"
    while time.monotonic() < deadline:
        if not server.alive():
            return f"the web server exited with code {server.process.returncode}"
        try:
            with urllib.request.urlopen(f"{server.url}/healthz", timeout=5) as response:
                if response.status == 200:
                    return None
                last_error = f"/healthz answered {response.status}"
        except urllib.error.HTTPError as error:
            body = error.read().decode(errors="replace")[:2000]
            return f"/healthz answered {error.code}: {body}"
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as error:
            last_error = str(error)
        time.sleep(0.2)
    return f"/healthz did not answer within {SERVER_START_TIMEOUT:.0f}s ({last_error})"


def start_asgi_server(work_dir: Path, *, database_url: str, env: dict[str, str]) -> AsgiServer:
    """The web server on a free port, answering ``/healthz``, with the scripted LLM (its script file
    and media root in ``work_dir``), the fake embedder and the TEST database, plus ``env``.
    Fails the test when it does not start; the caller stops it."""
    from django.conf import settings

    script_path = work_dir / "scripted-llm.json"
    script_path.write_text("[]")
    media_root = work_dir / "media"
    media_root.mkdir()
    document_root = work_dir / "documents"
    log_path = work_dir / "web.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "drawhisper.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": settings.REDIS_URL,
        "LLM_PROVIDER": "scripted",
        "SCRIPTED_LLM_FILE": str(script_path),
        "EMBEDDING_PROVIDER": "fake",
        "MEDIA_ROOT": str(media_root),
        "DOCUMENT_ROOT": str(document_root),
        "DEBUG": "false",  # production defaults: the browser meets the real CSP and error pages
        "CONN_MAX_AGE": "0",  # no idle connection may hold up the flush between tests
        "PYTHONUNBUFFERED": "1",
        **env,
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the server must keep Django's async checks

    server = None
    problem = "not started"
    for _attempt in range(3):  # the free port can be taken between choosing and binding
        port = processes.free_port()
        server = AsgiServer(
            name="web",
            process=processes.spawn(processes.web_argv(port), env=env, log_path=log_path),
            log_path=log_path,
            url=f"http://127.0.0.1:{port}",
            script_path=script_path,
            media_root=media_root,
            env=env,
        )
        atexit.register(server.stop)
        problem = _wait_for_health(server)
        if problem is None:
            return server
        server.stop()
        if "Address already in use" not in server.log(20):
            break
    pytest.fail(
        f"The ASGI server did not start: {problem}\n--- web server log ---\n{server.log()}",
        pytrace=False,
    )


def start_celery_worker(name: str, env: dict[str, str], log_dir: Path) -> Child:
    """A ready ``celery -A drawhisper worker`` (solo pool) on ``env``, logging into ``log_dir``.
    Fails the test when it does not start; the caller stops it."""
    argv = processes.celery_worker_argv(f"e2e-{os.getpid()}-{time.monotonic_ns()}@%h")
    worker = processes.start(name, argv, env=env, log_dir=log_dir)
    atexit.register(worker.stop)
    try:
        worker.wait_for_log("ready.", timeout=WORKER_START_TIMEOUT)
    except (RuntimeError, TimeoutError) as error:
        worker.stop()
        pytest.fail(f"The Celery worker did not start: {error}", pytrace=False)
    return worker
