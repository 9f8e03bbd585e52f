"""What a browser test does to the running app besides clicking: ``LiveApp`` (its URL, users,
the scripted LLM's replies, signing in through the form, screenshots under
``test-artifacts/``), and the wait for a quiet test database before the flush after a test.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.e2e.servers import AsgiServer
from tests.support.processes import BASE_DIR

ARTIFACTS_DIR = BASE_DIR / "test-artifacts"
DEFAULT_PASSWORD = "correct horse battery"  # tests.factories.UserFactory's password


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "test"


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

    def artifact_path(self, name: str) -> Path:
        """Where this test's screenshot ``name`` goes: ``test-artifacts/<test>-<name>.png``
        (git-ignored); the caller adds it to ``shots`` once it is saved."""
        ARTIFACTS_DIR.mkdir(exist_ok=True)
        return ARTIFACTS_DIR / f"{safe_name(self.test_name)}-{safe_name(name)}.png"

    def screenshot(self, page, name: str) -> Path:
        """The whole page, saved at ``artifact_path(name)``."""
        path = self.artifact_path(name)
        page.screenshot(path=str(path), full_page=True)
        self.shots.append(path)
        return path


def wait_for_quiet_database(timeout: float = 15.0) -> None:
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
