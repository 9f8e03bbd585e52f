"""In real Chromium: "Branch" on a message opens a new chat holding the messages up to it,
listed under the chat it came from, and the original chat keeps every message."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from chat.models import Thread
from tests.e2e.test_chat import open_chat, script, send


def test_branch_from_a_message_opens_a_new_chat_with_the_messages_up_to_it(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    origin = open_chat(live_app, page, login)
    script(live_app, ["North, past the cape.", "Then we turn back."])
    send(page, "Where are we going?")
    expect(page.locator(".chat-msg--assistant").last).to_contain_text("North, past the cape.")
    # The text shows while it streams; the page takes the next message once the reply ends.
    expect(page.locator(".chat-msg--assistant").last).to_have_attribute("data-status", "complete")
    send(page, "And then?")
    expect(page.locator(".chat-msg--assistant").last).to_contain_text("Then we turn back.")

    first_reply = page.locator(".chat-msg--assistant", has_text="North, past the cape.")
    first_reply.get_by_role("button", name="Branch from here").click()
    page.wait_for_url(
        lambda url: re.search(r"/chat/\d+/$", url) and f"/chat/{origin.pk}/" not in url
    )
    branch = Thread.objects.get(branched_from=origin)
    assert page.url.endswith(f"/chat/{branch.pk}/")
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    expect(page.locator(".chat-msg__text")).to_have_text(
        [
            "Mara looks up from her maps. Welcome aboard.",
            "Where are we going?",
            "North, past the cape.",
        ]
    )
    listed = page.locator(".chat-threads__item--branch")
    expect(listed).to_contain_text("branch")
    screenshot(page, "branch")

    page.goto(live_app.path(f"/chat/{origin.pk}/"))
    expect(page.locator(".chat-msg__text").last).to_have_text("Then we turn back.")
