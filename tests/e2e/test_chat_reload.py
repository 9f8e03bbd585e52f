"""In real Chromium against the web server: reloading the page while a reply streams never
leaves the chat stuck. The page trusts the server's thread.state over what it was rendered
with: the cut reply shows as interrupted with Continue and Regenerate, Continue can be undone,
and the chat goes on. With a second tab watching, the same holds, and Continue extends the cut
reply. A tab opened while a reply streams follows it, and its Stop stops it in every tab."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from chat.models import Message
from tests.e2e.test_chat import last_reply, open_chat, script, send

SLOW_REPLY = "The tide rolls in over the black rocks, slow and patient. " * 80


def test_reload_mid_stream_shows_the_cut_reply_with_continue_and_the_chat_goes_on(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    script(
        live_app,
        [
            {"text": SLOW_REPLY, "delay": 0.05, "chunk_size": 4},
            " And then the light came on.",
            "A short answer.",
        ],
    )
    send(page, "Tell me about the tide.")
    reply = last_reply(page)
    expect(reply).to_have_attribute("data-status", "streaming")
    expect(reply.locator(".chat-msg__text")).to_contain_text("The tide rolls in over")

    page.reload()
    # Within a few seconds nothing says "writing…", and the cut reply says it was cut off.
    expect(page.locator(".chat-msg--streaming")).to_have_count(0, timeout=8000)
    expect(page.get_by_text("writing…")).to_have_count(0)
    cut = last_reply(page)
    expect(cut).to_have_attribute("data-status", "interrupted")
    expect(cut.locator(".chat-msg__status--interrupted")).to_have_text("interrupted")
    expect(page.get_by_role("button", name="Continue")).to_be_visible()
    expect(page.get_by_role("button", name="Regenerate")).to_be_visible()
    expect(page.get_by_role("button", name="Send")).to_be_enabled()
    screenshot(page, "reloaded-mid-stream")

    # Continue goes on from the cut text; the cut text stays as its previous version.
    kept = cut.locator(".chat-msg__text").text_content()
    page.get_by_role("button", name="Continue").click()
    expect(last_reply(page).locator(".chat-msg__text")).to_contain_text(
        "And then the light came on.", timeout=10000
    )
    # The text shows while it streams; the stored reply is final once the page says so.
    expect(last_reply(page)).to_have_attribute("data-status", "complete")
    continued = Message.objects.filter(thread=thread, role="assistant", active=True).latest("seq")
    assert continued.content == kept + " And then the light came on."
    assert continued.previous_versions.get().content == kept

    # Undoable: the reply's versions go back to the cut text, and that one can be kept.
    switcher = last_reply(page).get_by_role("group", name=re.compile("Reply versions"))
    expect(switcher.locator(".chat-swipe__count")).to_have_text("2 / 2")
    switcher.get_by_role("button", name="Previous version").click()
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text(kept)
    switcher.get_by_role("button", name="Keep this version").click()
    expect(switcher.get_by_role("button", name="Keep this version")).to_have_count(0)
    shown = Message.objects.filter(thread=thread, role="assistant", active=True).latest("seq")
    assert shown.content == kept

    send(page, "Shorter, please.")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("A short answer.")


def test_reload_with_a_second_tab_open_unsticks_both(live_app, make_page, login, browser_page):
    page = browser_page
    thread = open_chat(live_app, page, login)
    other = make_page()
    login(other, thread.owner)
    other.goto(live_app.path(f"/chat/{thread.pk}/"))
    expect(other.locator("#chat-connection")).to_have_text("Connected")
    script(live_app, [{"text": SLOW_REPLY, "delay": 0.05, "chunk_size": 4}, "Still here."])

    send(page, "Tell me about the tide.")
    expect(last_reply(other)).to_have_attribute("data-status", "streaming")
    expect(last_reply(other).locator(".chat-msg__text")).to_contain_text("The tide rolls in")

    page.reload()
    for tab in (page, other):
        expect(tab.locator(".chat-msg--streaming")).to_have_count(0, timeout=8000)
        expect(last_reply(tab)).to_have_attribute("data-status", "interrupted")
        expect(tab.get_by_role("button", name="Continue")).to_be_visible()
    send(other, "Are you there?")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("Still here.")
    expect(last_reply(other).locator(".chat-msg__text")).to_have_text("Still here.")


def test_a_tab_opened_mid_stream_follows_the_reply_and_can_stop_it(
    live_app, make_page, login, browser_page
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    script(live_app, [{"text": SLOW_REPLY, "delay": 0.05, "chunk_size": 4}, "Still here."])
    send(page, "Tell me about the tide.")
    expect(last_reply(page).locator(".chat-msg__text")).to_contain_text("The tide rolls in")

    # Opened while the first tab's reply streams: it attaches to that reply, which goes on.
    other = make_page()
    login(other, thread.owner)
    other.goto(live_app.path(f"/chat/{thread.pk}/"))
    following = last_reply(other)
    expect(following).to_have_attribute("data-status", "streaming")
    expect(other.get_by_role("button", name="Stop")).to_be_visible()
    opened_with = len(following.locator(".chat-msg__text").text_content())
    other.wait_for_function(  # and its text keeps growing there
        "n => [...document.querySelectorAll('.chat-msg--assistant .chat-msg__text')]"
        ".at(-1).textContent.length > n + 40",
        arg=opened_with,
    )

    # Stop in the tab that did not start the reply stops it everywhere, text kept.
    other.get_by_role("button", name="Stop").click()
    for tab in (other, page):
        expect(last_reply(tab)).to_have_attribute("data-status", "interrupted")
        expect(last_reply(tab).locator(".chat-msg__status--interrupted")).to_have_text("stopped")
    stored = Message.objects.filter(thread=thread, role="assistant").latest("seq")
    assert stored.status == "interrupted"
    assert SLOW_REPLY.startswith(stored.content) and stored.content != SLOW_REPLY
    for tab in (other, page):
        expect(last_reply(tab).locator(".chat-msg__text")).to_have_text(stored.content)

    send(other, "Are you there?")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("Still here.")
