"""In real Chromium: a chat is renamed in its settings, and the new name shows at once in the
chat's header and the chat list, and after a reload."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.models import Thread
from chat.services import thread_create
from tests.factories import CharacterFactory


def test_rename_a_chat_in_its_settings(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    mara = CharacterFactory(owner=user, name="Mara", greeting="Evening.")
    thread = thread_create(owner=user, character=mara)
    login(page, user)
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    page.get_by_text("Chat settings").click()
    name = page.get_by_label("Chat name")
    expect(name).to_have_value("Mara")

    page.get_by_label("Author's note").fill("Keep it quiet.")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#chat-settings-status")).to_have_text("Saved.")
    thread.refresh_from_db()
    assert (thread.title, thread.author_note) == ("Mara", "Keep it quiet.")

    name.fill("Rainy tavern")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#chat-settings-status")).to_have_text("Saved.")
    expect(page.locator("#chat-title")).to_have_text("Rainy tavern")
    expect(page.locator(".chat-threads__item--current .chat-threads__title")).to_have_text(
        "Rainy tavern"
    )
    assert Thread.objects.get(pk=thread.pk).title == "Rainy tavern"
    page.reload()
    expect(page.locator("#chat-title")).to_have_text("Rainy tavern")
