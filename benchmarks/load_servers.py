"""The processes of a ``bench_load`` run: the fake model server (``FakeModel``), the ASGI
servers of ours and the floor (``Server``) with their environment (``server_env``), and what a
server reports of itself (``server_stats``). Each runs on loopback in its own process group
and is stopped on exit; ``benchmarks.load`` re-exports them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.db import connection

from drawhisper.runner import WEB_SERVER, web_server_argv


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process(process: subprocess.Popen | None, *, grace: float = 10) -> None:
    """Stop ``process`` if it still runs: terminated, then killed if it has not ended within
    ``grace`` seconds, so a stuck server never outlives its run."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def database_url() -> str:
    conf = connection.settings_dict
    auth = conf["USER"] + (f":{conf['PASSWORD']}" if conf.get("PASSWORD") else "")
    return f"postgres://{auth}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{conf['NAME']}"


def redis_url(database: int) -> str:
    parts = urlsplit(settings.REDIS_URL)
    return urlunsplit(parts._replace(path=f"/{database}"))


class FakeModel:
    """The fake OpenAI-compatible streaming server as a process of its own; ``base_url``."""

    def __init__(self, *, reply: str, chunk_chars: int, delay: float) -> None:
        self.command = [
            sys.executable,
            "-m",
            "benchmarks.openai_server",
            "--port",
            "0",
            "--default-reply",
            reply,
            "--chunk-size",
            str(chunk_chars),
            "--delay",
            str(delay),
            # As real providers do: the adapter's pooled client (one per process, for ours and
            # the floor alike) sends each reply's request over an open connection.
            "--keep-alive",
        ]
        self.process: subprocess.Popen | None = None
        self.base_url = ""

    def __enter__(self) -> FakeModel:
        self.process = subprocess.Popen(
            self.command, stdout=subprocess.PIPE, text=True, start_new_session=True
        )
        line = self.process.stdout.readline()
        if not line.startswith("READY "):
            self.__exit__(None, None, None)
            raise RuntimeError(f"the fake model server did not start: {line!r}")
        self.base_url = line.split()[1]
        return self

    def __exit__(self, *exc) -> None:
        stop_process(self.process)


def server_stats(port: int) -> dict:
    """CPU seconds and SQL statements of the server process on ``port`` so far."""
    from urllib.request import urlopen

    with urlopen(f"http://127.0.0.1:{port}/__bench_stats__", timeout=30) as response:  # noqa: S310
        return json.loads(response.read())


class Server:
    """The ASGI server ``server`` (``drawhisper.runner.web_server_argv``: daphne or uvicorn,
    as ``make run`` runs it) on a loopback port, in its own process group; stopped on exit."""

    def __init__(
        self,
        *,
        env: dict[str, str],
        port: int,
        app: str = "benchmarks.load_asgi:application",
        server: str = WEB_SERVER,
    ) -> None:
        self.port = port
        self.env = env
        self.app = app
        self.server = server
        self.process: subprocess.Popen | None = None
        self.log = tempfile.TemporaryFile()

    def __enter__(self) -> Server:
        self.process = subprocess.Popen(
            web_server_argv(port=self.port, app=self.app, server=self.server),
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,  # a file: a pipe nobody reads fills up and stalls the server
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"{self.server} exited: {self.log.read().decode()[-2000:]}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.2)
        self.__exit__(None, None, None)
        raise RuntimeError(f"{self.server} did not start within 60 s")

    def __exit__(self, *exc) -> None:
        stop_process(self.process)
        if os.environ.get("BENCH_SERVER_LOGS"):  # a folder to keep the servers' logs in
            self.log.seek(0)
            folder = os.environ["BENCH_SERVER_LOGS"]
            with open(os.path.join(folder, f"{self.server}-{self.port}.log"), "wb") as kept:
                kept.write(self.log.read())


def server_env(*, model_url: str, redis_database: int) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.load_settings",
        DATABASE_URL=database_url(),
        REDIS_URL=redis_url(redis_database),
        LLM_PROVIDER="openai",
        OPENAI_API_KEY="bench-load",
        OPENAI_BASE_URL=model_url,
        CHAT_MODEL="bench-load",
        CELERY_TASK_ALWAYS_EAGER="false",
        LOG_LEVEL="WARNING",
    )
    return env
