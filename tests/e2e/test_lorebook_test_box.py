"""In real Chromium, the lorebook page's test box: at a phone's and a desktop's size the Save
bar, which stays at the bottom of the screen, never covers its results; and run as the next
message of a chosen chat it shows an entry in by its sticky and one on cooldown."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from characters.models import Lorebook

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _overlap(a: dict, b: dict) -> bool:
    return a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_save_bar_leaves_the_test_results_in_sight(
    live_app, make_page, login, screenshot, viewport
):
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Gull Point")
    for uid, place in enumerate(["harbour", "lighthouse", "market", "chapel", "mill", "quay"]):
        book.entries.create(
            uid=uid, comment=place.title(), content=f"The {place} of Gull Point.", keys=[place]
        )
    page = make_page(viewport=viewport)
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")

    text = page.get_by_label("Which entries would fire for this text?")
    text.fill("the harbour, the lighthouse, the market, the chapel, the mill and the quay")
    page.get_by_role("button", name="Test", exact=True).click()
    results = page.get_by_role("list", name="Entries that would fire")
    expect(results.locator("li")).to_have_count(6)
    page.wait_for_function(
        "() => { const r = document.querySelector('#lore-test-results li').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }"
    )
    bar = page.locator(".lore-save").bounding_box()
    first = results.locator("li").first.bounding_box()
    screenshot(page, f"lorebook-test-results-{viewport['width']}")
    assert bar is not None and first is not None
    assert not _overlap(first, bar), (first, bar)
    # The bar is still there to save from.
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_in_viewport()


def test_run_the_test_box_as_the_next_message_of_a_chat_to_see_sticky_and_cooldown(
    live_app, browser_page, login, screenshot
):
    from chat.models import ContextReceipt
    from tests.factories import CharacterFactory, MessageFactory, ThreadFactory

    page = browser_page
    user = live_app.create_user()
    book = Lorebook.objects.create(owner=user, name="Eldoria")
    moonwell = book.entries.create(
        uid=0, comment="Moonwell", content="It heals.", keys=["moonwell"], sticky=5
    )
    tower = book.entries.create(
        uid=1, comment="Tower", content="It is sealed.", keys=["tower"], cooldown=4
    )
    thread = ThreadFactory(
        owner=user, character=CharacterFactory(owner=user, name="Seraphina"), title="The vigil"
    )
    reply = MessageFactory(thread=thread, seq=1, role="assistant", content="*She nods.*")
    ContextReceipt.objects.create(
        message=reply,
        items=[{"kind": "lore", "id": entry.pk, "type": "key"} for entry in (moonwell, tower)],
    )
    MessageFactory(thread=thread, seq=2, role="user", content="Go on.")
    login(page, user)
    page.goto(f"{live_app.url}/lorebooks/{book.pk}/")

    chat = page.get_by_label("Read it as the next message of")
    expect(chat).to_have_value("")
    expect(page.locator("#lore-test-chat-note")).to_contain_text(
        "the text alone shows neither: choose a chat"
    )
    page.get_by_label("Which entries would fire for this text?").fill("The tower!")
    page.get_by_role("button", name="Test", exact=True).click()
    results = page.get_by_role("list", name="Entries that would fire")
    expect(results).to_have_text(re.compile(r"Tower — key “tower”"))

    thread.refresh_from_db()
    chat.select_option(label=f"The vigil · Seraphina · {thread.updated_at:%d %b %Y}")
    expect(page.locator("#lore-test-chat-note")).to_contain_text("Read as this chat's next message")
    page.get_by_role("button", name="Test", exact=True).click()
    expect(results.locator("li")).to_have_count(2)
    expect(results).to_contain_text("Moonwell — in by its sticky")
    expect(results).to_contain_text("Tower — held back: On cooldown")
    screenshot(page, "lorebook-test-in-a-chat")
