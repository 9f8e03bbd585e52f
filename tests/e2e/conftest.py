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

The fixtures and hooks live here; what they are built on, in modules a test may import:
``tests.e2e.servers`` (starting the web server and a worker), ``tests.e2e.live_app``
(``LiveApp``) and ``tests.e2e.browser`` (Chromium's path, launch arguments and timeout).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.browser import (
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    DEFAULT_TIMEOUT_MS,
    chromium_missing_reason,
)
from tests.e2e.live_app import LiveApp, wait_for_quiet_database
from tests.e2e.servers import AsgiServer, start_asgi_server, start_celery_worker
from tests.support import processes
from tests.support.processes import Child

# Sync Playwright keeps an event loop running in this thread; Django would otherwise refuse
# ORM calls made by the test itself. Only this (test) process is affected.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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


# --------------------------------------------------------------------------- the web server


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


@pytest.fixture
def celery_worker(asgi_server, tmp_path, request) -> Iterator[Callable[..., Child]]:
    """``celery_worker(**env)``: a real ``celery -A drawhisper worker`` (solo pool) with the
    server's environment (test database, Redis, scripted LLM, fake embedder) plus ``env``;
    it is ready when the call returns and is stopped, with its process group, at teardown.
    On a failure the report shows its log tail."""
    workers: list[Child] = []

    def start(**env: str) -> Child:
        worker = start_celery_worker(
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
    wait_for_quiet_database()
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
