"""In real Chromium: import a short SillyTavern chat through the character's import page, and
read on the next page that no memories are made yet and why, not that memories are "up to
date" with none of its messages read beside an empty progress bar."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.chat.test_transfer import HEADER, SAMPLE, jsonl
from tests.factories import CharacterFactory


def test_a_short_imported_chat_says_why_it_has_no_memories_yet(
    live_app, browser_page, login, tmp_path, screenshot
):
    page = browser_page
    user = live_app.create_user()
    mara = CharacterFactory(owner=user, name="Mara", greeting="Evening.")
    chat_file = tmp_path / "chat.jsonl"
    chat_file.write_bytes(jsonl(HEADER, *SAMPLE))
    login(page, user)
    page.goto(live_app.path(f"/characters/{mara.pk}/"))
    page.get_by_role("link", name="Import a SillyTavern chat with Mara").click()
    page.get_by_label("Chat file").set_input_files(str(chat_file))
    page.get_by_role("button", name="Import", exact=True).click()

    expect(page.get_by_text("Imported 4 messages.")).to_be_visible()
    expect(page.locator("#memory-progress")).to_have_text(
        "No memories yet: 4 messages are too short a history to make memories from. "
        "They are made in the background once the chat grows longer."
    )
    expect(page.locator("progress")).to_have_count(0)
    screenshot(page, "imported")
    page.get_by_role("link", name="Open the chat").click()
    expect(page.locator(".chat-msg")).to_have_count(4)
