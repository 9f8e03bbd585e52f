"""In real Chromium against the web server: send a message and watch the reply stream in,
regenerate it, survive a dropped socket without duplicates, and fit a phone screen."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from chat.models import Message
from chat.services import thread_create
from tests.factories import CharacterFactory
from tests.support.held_requests import hold, release

REPLY = (
    '*Mara leans over the chart and taps the northern cape.* "This is where the tide turns." '
    + "She traces the coastline slowly, naming every cove and reef along the way. " * 40
    + '*She looks up.* "Shall we go?"'
)

# The chat page's module; it exports its socket (chatPage.socket) for debugging and tests.
CHAT_MODULE = "/static/frontend/js/chat.js"

RECORD_STREAM = """
() => {
  window.__stream = { lengths: [], events: [] };
  document.addEventListener("chat:event", (event) => window.__stream.events.push(event.detail.type));
  const log = document.getElementById("chat-log");
  new MutationObserver(() => {
    const text = log.querySelector(".chat-msg--streaming .chat-msg__text");
    if (text) window.__stream.lengths.push(text.textContent.length);
  }).observe(log, { childList: true, subtree: true, characterData: true });
}
"""


def script(live_app, replies: list) -> None:
    """The replies the server's model gives, in order: strings, or ``{"text", "delay",
    "chunk_size"}`` objects for a reply that streams at its own pace."""
    temporary = live_app.server.script_path.with_suffix(".tmp")
    temporary.write_text(json.dumps(list(replies)))
    temporary.replace(live_app.server.script_path)


def last_reply(page):
    return page.locator(".chat-msg--assistant").last


def send(page, text: str) -> None:
    page.get_by_label("Message to Mara").fill(text)
    page.keyboard.press("Enter")


def open_chat(live_app, page, login, *, greeting="*Mara looks up from her maps.* Welcome aboard."):
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting=greeting)
    thread = thread_create(owner=user, character=character)
    login(page, user)
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    return thread


def test_send_a_message_and_watch_the_reply_stream_in(
    live_app, browser_page, login, scripted_replies, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    expect(page.locator(".chat-msg--assistant .chat-action").first).to_have_text(
        "Mara looks up from her maps."
    )
    expect(page.locator("#memory-panel")).to_have_attribute("aria-label", "Memories")
    # Idle: no stop button, nothing to regenerate yet, no earlier messages to load.
    for hidden in ("Stop", "Regenerate", "Show earlier messages"):
        expect(page.get_by_role("button", name=hidden)).to_be_hidden()

    # Streamed at a model's pace (a piece every few milliseconds), so it visibly grows even
    # though deltas are batched.
    script(live_app, [{"text": REPLY, "delay": 0.008}, '*She shrugs.* "A shorter answer, then."'])
    page.evaluate(RECORD_STREAM)
    page.get_by_label("Message to Mara").fill("Where does the tide turn?")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Stop")).to_be_visible()  # while it streams

    expect(page.locator(".chat-msg--user .chat-msg__text")).to_have_text(
        "Where does the tide turn?"
    )
    last_reply = page.locator(".chat-msg--assistant").last
    expect(last_reply.locator(".chat-msg__text")).to_contain_text("Shall we go?", timeout=20_000)
    expect(last_reply).to_have_attribute("data-status", "complete")
    expect(page.get_by_role("button", name="Stop")).to_be_hidden()

    stream = page.evaluate("window.__stream")
    assert stream["events"][:2] == ["message.created", "reply.start"]
    assert stream["events"].count("reply.delta") > 50 and stream["events"][-1] == "reply.end"
    growing = [length for length in stream["lengths"] if 0 < length < len(REPLY)]
    assert len(set(growing)) >= 3, f"the reply did not visibly grow: {stream['lengths'][:20]}"

    # Role-play formatting: actions in italics, speech styled, nothing rendered as HTML.
    expect(last_reply.locator("em.chat-action").first).to_have_text(
        "Mara leans over the chart and taps the northern cape."
    )
    expect(last_reply.locator(".chat-quote").first).to_have_text('"This is where the tide turns."')
    # No memories went in: the reply says so quietly, not "Memories used (0)".
    expect(last_reply.locator(".chat-receipt__summary")).to_have_text("No memories used")
    expect(last_reply.get_by_text("Memories used (0)")).to_have_count(0)
    screenshot(page, "reply-streamed")

    stored = list(
        Message.objects.filter(thread=thread).order_by("seq").values_list("role", "status")
    )
    assert stored == [("assistant", "complete"), ("user", "complete"), ("assistant", "complete")]

    # Regenerate: the new reply replaces the old one, which stays as an earlier version.
    page.get_by_role("button", name="Regenerate").click()
    expect(page.locator(".chat-msg--assistant").last.locator(".chat-msg__text")).to_contain_text(
        "A shorter answer, then."
    )
    switcher = page.locator(".chat-msg--assistant").last.get_by_role(
        "group", name=re.compile("Reply versions")
    )
    expect(switcher.locator(".chat-swipe__count")).to_have_text("2 / 2")
    expect(page.locator(".chat-msg--assistant")).to_have_count(2)

    # Shift+Enter makes a new line instead of sending.
    page.get_by_label("Message to Mara").fill("Line one")
    page.keyboard.press("Shift+Enter")
    page.keyboard.type("line two")
    assert page.get_by_label("Message to Mara").input_value() == "Line one\nline two"

    # After a reload the conversation is still there.
    page.reload()
    expect(page.locator(".chat-msg")).to_have_count(3)
    expect(page.locator(".chat-msg--assistant").last).to_contain_text("A shorter answer, then.")


def test_a_dropped_socket_reconnects_and_resends_without_duplicates(
    live_app, browser_page, login, scripted_replies
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    scripted_replies(["Still here.", "Still here, again."])

    # Send, then drop the connection at once: the message may or may not have been stored;
    # the client resends it with the same client_id after reconnecting.
    page.evaluate(
        """async (chatModule) => {
          const { socket } = (await import(chatModule)).chatPage;
          document.getElementById("chat-input").value = "Are you there?";
          document.getElementById("chat-send").click();
          socket.ws.close();
        }""",
        CHAT_MODULE,
    )
    expect(page.locator("#chat-connection")).to_have_text("Connected", timeout=15_000)
    # Acknowledged: the "sending…" line (also a user message) gave way to the stored one.
    expect(page.locator(".chat-msg--sending")).to_have_count(0, timeout=15_000)
    expect(page.locator(".chat-msg--user")).to_have_count(1)
    expect(page.locator(".chat-msg--user .chat-msg__text")).to_have_text("Are you there?")
    expect(page.locator(".chat-msg--assistant").last).to_have_attribute(
        "data-status", re.compile("complete|interrupted"), timeout=15_000
    )
    assert Message.objects.filter(thread=thread, role="user").count() == 1

    # Messages typed while offline are sent when the connection is back.
    page.evaluate(
        "async (chatModule) => (await import(chatModule)).chatPage.socket.ws.close()", CHAT_MODULE
    )
    page.get_by_label("Message to Mara").fill("And now?")
    page.keyboard.press("Enter")
    expect(page.locator("#chat-connection")).to_have_text("Connected", timeout=15_000)
    expect(page.locator(".chat-msg--sending")).to_have_count(0, timeout=15_000)
    expect(page.locator(".chat-msg--user")).to_have_count(2)
    expect(page.locator(".chat-msg--user").last).not_to_have_class(re.compile("chat-msg--sending"))
    assert list(
        Message.objects.filter(thread=thread, role="user")
        .values_list("content", flat=True)
        .order_by("seq")
    ) == [
        "Are you there?",
        "And now?",
    ]


def test_the_chat_fits_a_phone(live_app, make_page, login, scripted_replies, screenshot):
    page = make_page(viewport={"width": 375, "height": 740})
    open_chat(live_app, page, login)
    scripted_replies(['*She nods.* "Small screens are fine."'])
    page.get_by_label("Message to Mara").fill("Can you see me on my phone?")
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".chat-msg--assistant").last).to_contain_text("Small screens are fine.")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the chat is {overflow}px wider than a phone screen"
    expect(page.get_by_role("button", name="Send")).to_be_in_viewport()
    screenshot(page, "phone")


def test_a_receipt_opened_as_the_reply_ends_stays_open_when_the_stored_copy_arrives(
    live_app, browser_page, login
):
    """At the end of a reply the page draws it, then fetches its stored copy and draws it
    again. A receipt the user opened in between stays open (its buttons stay usable)."""
    page = browser_page
    open_chat(live_app, page, login)
    script(live_app, ["The tide turns at noon."])
    held = hold(page, re.compile(r".*/api/threads/\d+/messages/\d+/$"))
    send(page, "When does the tide turn?")
    reply = last_reply(page)
    expect(reply).to_have_attribute("data-status", "complete")
    reply.locator(".chat-receipt__summary").click()
    receipt = reply.locator("details.chat-receipt")
    expect(receipt).to_have_attribute("open", "")

    reply.evaluate("node => { node.dataset.drawnBefore = 'yes'; }")
    release(page, held)  # the stored copy arrives and the reply is drawn again
    expect(page.locator(".chat-msg--assistant[data-drawn-before]")).to_have_count(0)
    expect(reply.locator(".chat-msg__text")).to_have_text("The tide turns at noon.")
    expect(reply.locator("details.chat-receipt")).to_have_attribute("open", "")
    expect(reply.locator(".chat-receipt__tokens")).to_be_visible()


def test_chats_with_the_same_character_are_told_apart_by_when_they_were_last_active(
    live_app, browser_page, login
):
    """Every chat with Mara is titled "Mara" until renamed: the list beside the chat and the
    character's recent chats say when each was last active ("a second ago", "3 days ago"),
    not "0 minutes ago"."""
    from datetime import timedelta

    from django.utils import timezone

    from chat.models import Thread

    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="Hello.")
    old = thread_create(owner=user, character=character)
    Thread.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=3))
    new = thread_create(owner=user, character=character)
    login(page, user)

    page.goto(live_app.path(f"/chat/{new.pk}/"))
    listed = page.locator(".chat-threads__meta")
    just_now = r"(now|a second ago|\d+\sseconds ago)"
    # Both are titled by the character's name, so the line under each names it no more.
    expect(listed).to_have_text([re.compile(rf"^{just_now}$"), re.compile(r"^3\sdays ago$")])
    page.goto(live_app.path(f"/characters/{character.pk}/"))
    recent = page.get_by_role("heading", name="Recent chats").locator("..")
    expect(recent).to_contain_text(re.compile(just_now))
    expect(recent).to_contain_text(re.compile(r"3\sdays ago"))
    expect(recent).not_to_contain_text("0 minutes")
