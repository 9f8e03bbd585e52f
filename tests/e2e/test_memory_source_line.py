"""In real Chromium: the line under a memory written by hand in a chat names the chat it was
written in as a user would say it ("From this chat"), not "From its chat of this chat"."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.services import thread_create
from tests.factories import CharacterFactory


def test_a_memory_written_in_a_chat_says_which_chat_it_is_from(live_app, make_page, login):
    user = live_app.create_user()
    ilsa = CharacterFactory(owner=user, name="Ilsa", greeting="Evening.")
    harbour = thread_create(owner=user, character=ilsa, title="Harbour chat")
    other = thread_create(owner=user, character=ilsa, title="Market chat")
    page = make_page()
    login(page, user)
    page.goto(live_app.path(f"/chat/{harbour.pk}/"))
    panel = page.locator("#memory-panel")
    panel.get_by_text("Add a memory").click()
    form = panel.locator("form.mem-create__form")
    form.get_by_label("Title").fill("Fear of water")
    form.get_by_label("Content").fill("The user is afraid of deep water.")
    form.get_by_label("Share with every chat with this character").check()
    form.get_by_role("button", name="Add memory").click()
    card = panel.locator("li.mem-card", has_text="Fear of water")
    expect(card.locator(".mem-card__source")).to_have_text("From this chat · written by you")
    expect(card.get_by_role("link", name="From this chat")).to_be_visible()

    # Seen from another chat with the same character (it is shared), its link leads back.
    page.goto(live_app.path(f"/chat/{other.pk}/"))
    card = page.locator("#memory-panel li.mem-card", has_text="Fear of water")
    expect(card.locator(".mem-card__source")).to_have_text("From another chat · written by you")
    card.get_by_role("link", name="From another chat").click()
    page.wait_for_url(lambda url: f"/chat/{harbour.pk}/" in url)
