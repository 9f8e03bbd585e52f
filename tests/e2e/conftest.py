"""Browser-test harness: real Chromium (sync Playwright) against a real ASGI server.

Run browser tests as their own pytest process (``pytest tests/e2e``): sync Playwright runs
an event loop in the main thread, which cannot share a process with pytest-asyncio tests.

What it provides:
- ``asgi_server`` (session): the web server ``make run`` runs (``drawhisper.runner``) in a
  subprocess on a free loopback port, serving HTTP and WebSockets against the TEST database,
  with the scripted LLM (``LLM_PROVIDER=scripted`` reading a shared JSON file) and the fake
  embedder. It is
  started once, waited for on ``/healthz``, and stopped (with its whole process group) at the
  end; it also dies if pytest itself is killed. Extra environment for it: override the
  session fixture ``live_server_env`` in a conftest of your own.
- ``live_app``: the base URL and helpers for one test, on ``transactional_db`` (rows written
  by the test are committed, so the server sees them; every table is emptied afterwards).
- ``browser_page``: a fresh page in a fresh browser context; ``make_page`` for more (a
  second tab, a phone-sized viewport).
- ``login(page, user)``: signs in through the login form.
- ``scripted_replies([...])``: the replies the server's LLM will give, in order.
- ``screenshot(page, name)``: saves ``test-artifacts/<test>-<name>.png`` (git-ignored).
- ``celery_worker(**env)``: starts a real Celery worker with the server's environment.

On a failure the report shows the server's log tail and the page's console errors, and a
screenshot of every open page is saved under ``test-artifacts/``. When Chromium is not
installed every test here is skipped with the reason.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support import processes
from tests.support.processes import BASE_DIR, Child

ARTIFACTS_DIR = BASE_DIR / "test-artifacts"
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SERVER_START_TIMEOUT = 60.0
DEFAULT_TIMEOUT_MS = 10_000
DEFAULT_PASSWORD = "correct horse battery"  # tests.factories.UserFactory's password

# Sync Playwright keeps an event loop running in this thread; Django would otherwise refuse
# ORM calls made by the test itself. Only this (test) process is affected.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def chromium_missing_reason() -> str | None:
    if not Path(CHROMIUM_PATH).exists():
        return (
            f"Chromium is not installed at {CHROMIUM_PATH}: install the Debian 'chromium' package "
            "(or set CHROMIUM_PATH) to run the browser tests."
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "The playwright Python package is not installed (pip install playwright)."
    return None


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    browser_items = [item for item in items if here in Path(str(item.fspath)).parents]
    reason = chromium_missing_reason()
    if reason is None and len(browser_items) < len(items):
        reason = "Browser tests run as their own pytest process: run `pytest tests/e2e` separately."
    for item in browser_items:
        item.add_marker(pytest.mark.e2e)
        if reason:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item so fixtures can tell a failure at teardown."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


def _failed(request) -> bool:
    return any(
        getattr(getattr(request.node, f"report_{when}", None), "failed", False)
        for when in ("setup", "call")
    )


def _safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "test"


# --------------------------------------------------------------------------- the ASGI server


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


@pytest.fixture(scope="session")
def live_server_env() -> dict[str, str]:
    """Extra environment for the server process; override in a conftest to add settings."""
    return {}


@pytest.fixture(scope="session")
def asgi_server(
    django_db_setup, django_db_blocker, tmp_path_factory, live_server_env
) -> Iterator[AsgiServer]:
    from django.db import connection

    with django_db_blocker.unblock():
        database_url = processes.database_url(connection.settings_dict)
    server = start_asgi_server(
        tmp_path_factory.mktemp("asgi-server"), database_url=database_url, env=live_server_env
    )
    try:
        yield server
    finally:
        server.stop()


# --------------------------------------------------------------------------- a Celery worker

WORKER_START_TIMEOUT = 90.0


def _start_celery_worker(name: str, env: dict[str, str], log_dir: Path) -> Child:
    argv = processes.celery_worker_argv(f"e2e-{os.getpid()}-{time.monotonic_ns()}@%h")
    worker = processes.start(name, argv, env=env, log_dir=log_dir)
    atexit.register(worker.stop)
    try:
        worker.wait_for_log("ready.", timeout=WORKER_START_TIMEOUT)
    except (RuntimeError, TimeoutError) as error:
        worker.stop()
        pytest.fail(f"The Celery worker did not start: {error}", pytrace=False)
    return worker


@pytest.fixture
def celery_worker(asgi_server, tmp_path, request) -> Iterator[Callable[..., Child]]:
    """``celery_worker(**env)``: a real ``celery -A drawhisper worker`` (solo pool) with the
    server's environment (test database, Redis, scripted LLM, fake embedder) plus ``env``;
    it is ready when the call returns and is stopped, with its process group, at teardown.
    On a failure the report shows its log tail."""
    workers: list[Child] = []

    def start(**env: str) -> Child:
        worker = _start_celery_worker(
            f"celery-worker-{len(workers) + 1}", {**asgi_server.env, **env}, tmp_path
        )
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()
    if _failed(request):
        for worker in workers:
            print(f"--- Celery worker log ({worker.log_path.name}) ---")
            print(worker.log(200))


# --------------------------------------------------------------------------- per-test helpers


@dataclass
class LiveApp:
    """The running app for one test: its URL and what a test does to it besides clicking."""

    url: str
    server: AsgiServer
    test_name: str
    shots: list[Path] = field(default_factory=list)

    def path(self, path: str = "/") -> str:
        return f"{self.url}{path if path.startswith('/') else '/' + path}"

    def create_user(self, username: str | None = None, password: str = DEFAULT_PASSWORD):
        from tests.factories import UserFactory

        kwargs = {"password": password}
        if username:
            kwargs["username"] = username
        return UserFactory(**kwargs)

    def scripted_replies(self, replies: list[str]) -> None:
        """Replace the queue of replies the server's scripted LLM gives, in order."""
        if not all(isinstance(reply, str) for reply in replies):
            raise TypeError("Scripted replies for the live server must be strings.")
        temporary = self.server.script_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(list(replies)))
        temporary.replace(self.server.script_path)

    def remaining_replies(self) -> list[str]:
        return json.loads(self.server.script_path.read_text() or "[]")

    def login(self, page, user, password: str = DEFAULT_PASSWORD) -> None:
        """Sign in through the login form and wait to land on the app."""
        username = user if isinstance(user, str) else user.get_username()
        page.goto(self.path("/accounts/login/"))
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(lambda url: "/accounts/login/" not in url)

    def screenshot(self, page, name: str) -> Path:
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        path = ARTIFACTS_DIR / f"{_safe_name(self.test_name)}-{_safe_name(name)}.png"
        page.screenshot(path=str(path), full_page=True)
        self.shots.append(path)
        return path


def _wait_for_quiet_database(timeout: float = 15.0) -> None:
    """Wait until no other session of the test database is inside a statement or a
    transaction, so that the flush after a test does not deadlock with the server finishing
    a reply's bookkeeping after the browser saw it."""
    from django.db import connection

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'"
            )
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.1)


@pytest.fixture
def live_app(asgi_server, transactional_db, request) -> Iterator[LiveApp]:
    if not asgi_server.alive():
        pytest.fail(
            f"The ASGI server has exited.\n--- web server log ---\n{asgi_server.log()}",
            pytrace=False,
        )
    app = LiveApp(url=asgi_server.url, server=asgi_server, test_name=request.node.name)
    app.scripted_replies([])
    log_offset = asgi_server.log_path.stat().st_size if asgi_server.log_path.exists() else 0
    yield app
    app.scripted_replies([])
    _wait_for_quiet_database()
    if _failed(request):
        with contextlib.suppress(OSError):
            with open(asgi_server.log_path, "rb") as log:
                log.seek(log_offset)
                print("--- web server log during this test ---")
                print(log.read().decode(errors="replace")[-20_000:] or "(nothing logged)")


@pytest.fixture(scope="session")
def chromium_browser():
    reason = chromium_missing_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True
        )
    except Exception:
        playwright.stop()
        raise
    try:
        yield browser
    finally:
        with contextlib.suppress(Exception):
            browser.close()
        playwright.stop()


@pytest.fixture
def make_page(chromium_browser, live_app, request) -> Iterator[Callable[..., object]]:
    """``make_page(viewport={"width": 390, "height": 844})``: a new page in its own context."""
    contexts = []
    console: list[str] = []

    def new_page(viewport: dict | None = None, **context_options):
        context = chromium_browser.new_context(
            viewport=viewport or {"width": 1280, "height": 900},
            base_url=live_app.url,
            **context_options,
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        page = context.new_page()
        label = f"page{len(contexts) + 1}"

        def on_console(message, label=label):
            if message.type in ("error", "warning"):
                where = (message.location or {}).get("url", "")
                console.append(f"[{label} console.{message.type}] {message.text} {where}".rstrip())

        page.on("console", on_console)
        page.on("pageerror", lambda error: console.append(f"[{label} uncaught] {error}"))
        contexts.append(context)
        return page

    yield new_page

    failed = _failed(request)
    for index, context in enumerate(contexts, start=1):
        if failed:
            for number, page in enumerate(context.pages, start=1):
                with contextlib.suppress(Exception):
                    path = live_app.screenshot(page, f"failure-page{index}-{number}")
                    print(f"Screenshot of the failing page: {path}")
        with contextlib.suppress(Exception):
            context.close()
    if failed and console:
        print("--- browser console ---")
        print("\n".join(console))


@pytest.fixture
def browser_page(make_page):
    """A fresh page (desktop-sized) in a fresh browser context."""
    return make_page()


@pytest.fixture
def login(live_app) -> Callable[..., None]:
    return live_app.login


@pytest.fixture
def scripted_replies(live_app) -> Callable[[list[str]], None]:
    return live_app.scripted_replies


@pytest.fixture
def screenshot(live_app) -> Callable[..., Path]:
    return live_app.screenshot
