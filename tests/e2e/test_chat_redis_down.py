"""In real Chromium against the web server on a Redis of the test's own: Redis stops while the
chat is open. The page says it is reconnecting (not an error page, not a dead socket), what was
already said stays on the page and in the database, logging in still works, and once Redis is
back the page reconnects by itself and the chat goes on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from chat.models import Message
from chat.services import thread_create
from tests.e2e.browser import DEFAULT_TIMEOUT_MS
from tests.e2e.live_app import LiveApp
from tests.e2e.servers import start_asgi_server
from tests.e2e.test_chat import script, send
from tests.factories import CharacterFactory
from tests.support import processes, stack

RECONNECT_TIMEOUT_MS = 60_000  # the page's back-off reaches 15 s; a loaded machine is slow


@pytest.fixture
def own_redis(tmp_path):
    with stack.redis_server(tmp_path) as server:
        yield server


@pytest.fixture
def app_on_own_redis(own_redis, tmp_path, transactional_db, request):
    from django.db import connection

    work_dir = tmp_path / "asgi"
    work_dir.mkdir()
    server = start_asgi_server(
        work_dir,
        database_url=processes.database_url(connection.settings_dict),
        env={"REDIS_URL": own_redis.url},
    )
    try:
        yield LiveApp(url=server.url, server=server, test_name=request.node.name)
    finally:
        server.stop()


@pytest.fixture
def page_on(chromium_browser, app_on_own_redis):
    context = chromium_browser.new_context(
        viewport={"width": 1280, "height": 900}, base_url=app_on_own_redis.url
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_with_redis_stopped_the_chat_says_reconnecting_and_goes_on_when_it_is_back(
    app_on_own_redis, page_on, own_redis
):
    live, page = app_on_own_redis, page_on
    user = live.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="")
    thread = thread_create(owner=user, character=character)
    script(live, ["The lamps are lit.", "The storm has passed."])
    live.login(page, user)
    page.goto(live.path(f"/chat/{thread.pk}/"))
    status = page.locator("#chat-connection")
    expect(status).to_have_text("Connected")
    send(page, "Light the lamps.")
    expect(page.locator(".chat-msg--assistant").last).to_contain_text("The lamps are lit.")

    own_redis.stop()
    expect(status).to_have_text(
        # While down the page alternates between waiting out its back-off and trying again.
        re.compile(r"Reconnecting…|Connection lost\. Retrying in \d+ s…"),
        timeout=RECONNECT_TIMEOUT_MS,
    )
    expect(page.locator("#chat-error")).to_contain_text("reconnecting")
    expect(page.get_by_text("Light the lamps.")).to_be_visible()  # nothing said is lost
    expect(page.get_by_text("The lamps are lit.")).to_be_visible()
    # Logging in needs no Redis: a second browser signs in through the form.
    other = page.context.browser.new_context(base_url=live.url)
    try:
        live.login(other.new_page(), user)
    finally:
        other.close()

    own_redis.start()
    expect(status).to_have_text("Connected", timeout=RECONNECT_TIMEOUT_MS)
    send(page, "Is the storm over?")
    expect(page.locator(".chat-msg--assistant").last).to_contain_text(
        "The storm has passed.", timeout=RECONNECT_TIMEOUT_MS
    )
    assert list(
        Message.objects.filter(thread=thread).order_by("seq").values_list("role", "content")
    ) == [
        ("user", "Light the lamps."),
        ("assistant", "The lamps are lit."),
        ("user", "Is the storm over?"),
        ("assistant", "The storm has passed."),
    ]
