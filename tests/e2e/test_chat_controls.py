"""In real Chromium against the web server: stop a reply mid-stream, edit and delete (and undo)
a message from the keyboard, browse the versions of a regenerated reply and keep one, and never
render message text as HTML."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from chat.models import Message
from tests.e2e.test_chat import last_reply, open_chat, script, send

SLOW_REPLY = "The tide rolls in over the black rocks, slow and patient. " * 60


def test_stop_keeps_the_partial_text_and_shows_the_reply_as_stopped(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    script(live_app, [{"text": SLOW_REPLY, "delay": 0.05, "chunk_size": 4}, "A calmer answer."])
    send(page, "Tell me about the tide.")

    reply = last_reply(page)
    expect(reply).to_have_attribute("data-status", "streaming")
    expect(reply.locator(".chat-msg__text")).to_contain_text("The tide rolls in over")
    page.get_by_role("button", name="Stop").click()

    expect(reply).to_have_attribute("data-status", "interrupted")
    expect(reply.locator(".chat-msg__status--interrupted")).to_have_text("stopped")
    expect(page.get_by_role("button", name="Stop")).to_be_hidden()
    expect(page.get_by_role("button", name="Regenerate")).to_be_visible()
    shown = reply.locator(".chat-msg__text").text_content()
    stored = Message.objects.get(thread=thread, role="assistant", seq=3)
    assert stored.status == "interrupted"
    assert stored.content == shown and len(shown) >= len("The tide rolls in over")
    assert SLOW_REPLY.startswith(shown) and shown != SLOW_REPLY
    screenshot(page, "stopped")

    # After a reload the partial text and its mark are still there, and the chat goes on.
    page.reload()
    expect(last_reply(page)).to_have_attribute("data-status", "interrupted")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text(shown)
    send(page, "Shorter, please.")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("A calmer answer.")


def test_edit_and_delete_a_message_with_the_keyboard_and_undo(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    script(live_app, ["Noted."])
    send(page, "I like tea.")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("Noted.")
    mine = page.locator(".chat-msg--user")
    message = Message.objects.get(thread=thread, role="user")

    # Edit: the button opens a labelled editor; Enter saves.
    mine.get_by_role("button", name="Edit message").focus()
    page.keyboard.press("Enter")
    editor = page.get_by_label("Edit your message")
    expect(editor).to_be_focused()
    expect(editor).to_have_value("I like tea.")
    editor.fill("I like coffee now.")
    page.keyboard.press("Enter")
    expect(mine.locator(".chat-msg__text")).to_have_text("I like coffee now.")
    expect(mine.locator(".chat-msg__edited")).to_have_text("edited")
    expect(mine.get_by_role("button", name="Edit message")).to_be_focused()
    message.refresh_from_db()
    assert message.content == "I like coffee now." and message.edited_at is not None

    # Escape cancels an edit and changes nothing.
    page.keyboard.press("Enter")
    page.get_by_label("Edit your message").fill("Something else entirely.")
    page.keyboard.press("Escape")
    expect(mine.locator(".chat-msg__text")).to_have_text("I like coffee now.")
    expect(mine.get_by_role("button", name="Edit message")).to_be_focused()

    # Delete, then Undo (focus moves to it), from the keyboard.
    mine.get_by_role("button", name="Delete message").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("You deleted this message.")).to_be_visible()
    expect(page.locator(".chat-msg--user")).to_have_count(0)
    undo = page.get_by_role("button", name="Undo delete")
    expect(undo).to_be_focused()
    message.refresh_from_db()
    assert message.deleted_at is not None
    screenshot(page, "deleted")
    page.keyboard.press("Enter")
    expect(page.locator(".chat-msg--user .chat-msg__text")).to_have_text("I like coffee now.")
    expect(page.get_by_text("You deleted this message.")).to_have_count(0)
    message.refresh_from_db()
    assert message.deleted_at is None

    # Deleted for good (no undo): gone after a reload, the rest of the chat stays.
    page.locator(".chat-msg--user").get_by_role("button", name="Delete message").click()
    expect(page.get_by_role("button", name="Undo delete")).to_be_visible()
    page.reload()
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    expect(page.locator(".chat-msg--user")).to_have_count(0)
    expect(page.locator(".chat-msg--assistant")).to_have_count(2)


def test_a_written_reply_can_be_corrected_and_deleted(live_app, browser_page, login):
    """As in SillyTavern, the user fixes what the character said: the edit is stored, marked
    and is what the model reads next; a reply can be deleted and brought back; one that is
    still being written offers neither."""
    from chat.context import assemble_context

    page = browser_page
    thread = open_chat(live_app, page, login)
    script(live_app, ["*Mara frowns.* The map is wrong.", "Onwards."])
    send(page, "Where is the island?")
    reply = last_reply(page)
    expect(reply.locator(".chat-msg__text")).to_have_text("Mara frowns. The map is wrong.")
    stored = Message.objects.get(thread=thread, role="assistant", seq=3)

    reply.get_by_role("button", name="Edit message").click()
    editor = page.get_by_label("Edit the reply")
    expect(editor).to_be_focused()
    expect(editor).to_have_value("*Mara frowns.* The map is wrong.")
    editor.fill("*Mara smiles.* The island is two days east.")
    page.keyboard.press("Enter")
    expect(reply.locator(".chat-msg__text")).to_have_text(
        "Mara smiles. The island is two days east."
    )
    expect(reply.locator(".chat-msg__edited")).to_have_text("edited")
    stored.refresh_from_db()
    assert stored.content == "*Mara smiles.* The island is two days east."
    prompt = assemble_context(thread=thread, reply_seq=4, user_name="You").messages
    assert any("two days east" in message.content for message in prompt)
    assert not any("The map is wrong" in message.content for message in prompt)

    # The greeting is a reply too; deleting it leaves a line with Undo.
    greeting = page.locator(".chat-msg--assistant").first
    greeting.get_by_role("button", name="Delete message").click()
    expect(page.get_by_text("Message deleted.", exact=True)).to_be_visible()
    page.get_by_role("button", name="Undo delete").click()
    expect(page.locator(".chat-msg--assistant").first).to_contain_text("Welcome aboard.")

    # While a reply is being written it has no Edit.
    script(live_app, [{"text": SLOW_REPLY, "delay": 0.05, "chunk_size": 4}])
    send(page, "Tell me more.")
    writing = last_reply(page)
    expect(writing).to_have_attribute("data-status", "streaming")
    expect(writing.get_by_role("button", name="Edit message")).to_have_count(0)
    page.get_by_role("button", name="Stop").click()
    expect(writing).to_have_attribute("data-status", "interrupted")
    expect(writing.get_by_role("button", name="Edit message")).to_have_count(1)


def test_the_version_switcher_browses_the_takes_and_keeps_one(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    script(live_app, ["First take.", "Second take.", "Third take.", "Onwards."])
    send(page, "Describe the harbour.")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("First take.")
    expect(page.locator(".chat-swipe")).to_have_count(0)  # one take: nothing to switch
    for take in ("Second take.", "Third take."):
        page.get_by_role("button", name="Regenerate").click()
        expect(last_reply(page).locator(".chat-msg__text")).to_have_text(take)
        expect(last_reply(page)).to_have_attribute("data-status", "complete")

    switcher = last_reply(page).get_by_role("group", name=re.compile("Reply versions"))
    count = switcher.locator(".chat-swipe__count")
    expect(count).to_have_text("3 / 3")
    expect(switcher.get_by_role("button", name="Next version")).to_have_attribute(
        "aria-disabled", "true"
    )
    expect(switcher.get_by_role("button", name="Keep this version")).to_have_count(0)

    # Browse back with a click, then with the arrow keys.
    switcher.get_by_role("button", name="Previous version").click()
    expect(count).to_have_text("2 / 3")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("Second take.")
    expect(switcher.get_by_role("button", name="Previous version")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(count).to_have_text("1 / 3")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("First take.")
    page.keyboard.press("ArrowRight")
    expect(count).to_have_text("2 / 3")
    expect(switcher.locator(".chat-swipe__note")).to_contain_text("continues from version 3")
    screenshot(page, "browsing")
    # Browsing alone changes nothing on the server.
    assert Message.objects.get(thread=thread, content="Third take.").active is True

    switcher.get_by_role("button", name="Keep this version").click()
    expect(switcher.get_by_role("button", name="Keep this version")).to_have_count(0)
    expect(count).to_have_text("2 / 3")
    second = Message.objects.get(thread=thread, content="Second take.")
    third = Message.objects.get(thread=thread, content="Third take.")
    assert second.active is True and third.active is False and third.replaced_by_id == second.pk

    page.reload()
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("Second take.")
    expect(last_reply(page).locator(".chat-swipe__count")).to_have_text("2 / 3")

    # Once the chat moves on, that reply's other takes are only listed, not switchable.
    send(page, "And then?")
    expect(last_reply(page).locator(".chat-msg__text")).to_have_text("Onwards.")
    kept = page.locator(".chat-msg--assistant").nth(1)
    expect(kept.locator(".chat-msg__text")).to_have_text("Second take.")
    expect(kept.locator(".chat-swipe")).to_have_count(0)
    # The kept take is the second of three: the others are one earlier and one later.
    others = kept.locator("details.chat-versions")
    expect(others.locator("summary")).to_have_text("Other versions (2)")
    others.locator("summary").click()
    expect(others.locator(".chat-versions__text")).to_have_text(["First take.", "Third take."])


HOSTILE = '<img src=x onerror="window.__pwned=1"><b>bold</b> & <script>window.__pwned=2</script>'


def test_message_text_is_never_rendered_as_html(live_app, browser_page, login):
    page = browser_page
    open_chat(
        live_app, page, login, greeting='*She hands you a note:* "<i onmouseover=alert(1)>hi</i>"'
    )
    script(
        live_app,
        [
            '*waves <img src=x onerror="window.__pwned=3">* "<a href=javascript:alert(1)>click</a>"',
            '<svg onload="window.__pwned=4"></svg> second take',
        ],
    )
    send(page, HOSTILE)
    expect(last_reply(page).locator(".chat-msg__text")).to_contain_text("click")
    expect(last_reply(page)).to_have_attribute("data-status", "complete")
    expect(page.locator(".chat-msg--user .chat-msg__text")).to_have_text(HOSTILE)
    expect(last_reply(page).locator("em.chat-action")).to_have_text(
        'waves <img src=x onerror="window.__pwned=3">'
    )

    # Edited text and other takes go through the same escaping.
    page.locator(".chat-msg--user").get_by_role("button", name="Edit message").click()
    page.get_by_label("Edit your message").fill(
        '<iframe src="javascript:alert(1)"></iframe> edited'
    )
    page.keyboard.press("Enter")
    expect(page.locator(".chat-msg--user .chat-msg__text")).to_have_text(
        '<iframe src="javascript:alert(1)"></iframe> edited'
    )
    page.get_by_role("button", name="Regenerate").click()
    expect(last_reply(page).locator(".chat-msg__text")).to_contain_text("second take")
    last_reply(page).get_by_role("button", name="Previous version").click()
    expect(last_reply(page).locator(".chat-msg__text")).to_contain_text("waves <img")

    log = page.locator("#chat-log")
    for tag in ("img", "b", "i", "a", "script", "svg", "iframe"):
        expect(log.locator(tag)).to_have_count(0)
    assert page.evaluate("window.__pwned") is None
