"""Hold a page's requests in a browser test, to see the page while an answer is still on its
way (a form whose saved values load after it shows), then let them go on.

    held = hold(page, "**/api/connections/memory-models/")   # GET requests only
    page.goto(...)
    expect(field).to_be_disabled()                              # still loading
    release(page, held)                                         # the answers arrive
"""

from __future__ import annotations

import time


def hold(page, url_pattern, *, method: str = "GET") -> list:
    """Requests to ``url_pattern`` with ``method`` wait in the returned list; others go on."""
    held: list = []

    def handle(route) -> None:
        if route.request.method == method:
            held.append(route)
        else:
            route.continue_()

    page.route(url_pattern, handle)
    return held


def release(page, held: list, *, timeout: float = 30.0) -> None:
    """Let the held requests go on, once Playwright has handed at least one over: route
    events are delivered while the test waits on the page, so this waits on it until then."""
    deadline = time.monotonic() + timeout
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert held, f"no request was held within {timeout:.0f}s"
    while held:
        held.pop(0).continue_()
