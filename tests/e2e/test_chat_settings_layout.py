"""In real Chromium: opening a chat's settings keeps the conversation usable. The settings scroll
inside the chat's head, so the newest message and the composer stay on screen below them
(desktop and phone), and the settings' own save button is reached by scrolling the settings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chat.services import thread_create
from tests.factories import CharacterFactory


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def test_open_chat_settings_leave_the_messages_and_composer_on_screen(
    live_app, make_page, login, screenshot, viewport
):
    user = live_app.create_user()
    mara = CharacterFactory(owner=user, name="Mara", greeting="Evening, traveller.")
    thread = thread_create(owner=user, character=mara)
    page = make_page(viewport=viewport)
    login(page, user)
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    greeting = page.locator(".chat-msg--assistant").first
    expect(greeting).to_contain_text("Evening, traveller.")

    page.get_by_text("Chat settings").click()
    expect(page.get_by_label("You are")).to_be_visible()
    screenshot(page, "settings-open")
    expect(greeting.locator(".chat-msg__text")).to_be_in_viewport()
    composer = page.get_by_placeholder("Write to Mara")
    expect(composer).to_be_in_viewport(ratio=1)
    composer.fill("Still here.")
    expect(composer).to_have_value("Still here.")

    save = page.get_by_role("button", name="Save model settings")
    save.scroll_into_view_if_needed()
    expect(save).to_be_in_viewport()
    expect(composer).to_be_in_viewport(ratio=1)
