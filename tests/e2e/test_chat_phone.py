"""In real Chromium at a phone's size (390 x 844): the composer and its buttons are on the
screen without scrolling, the memory panel opens as a drawer over the chat and closes again,
and a counter appears near the composer as a message nears the length limit."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.test_chat import open_chat, script

PHONE = {"width": 390, "height": 844}


def inside_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_phone_layout_keeps_the_composer_on_screen_and_opens_memories_as_a_drawer(
    live_app, make_page, login, screenshot
):
    page = make_page(viewport=PHONE)
    thread = open_chat(live_app, page, login)
    script(live_app, ["Noted, and remembered."])
    send = page.get_by_role("button", name="Send")
    expect(send).to_be_visible()
    assert inside_viewport(page, send), send.bounding_box()
    assert page.evaluate("document.scrollingElement.scrollTop") == 0

    page.get_by_label(f"Message to {thread.character.name}").fill("I like tea.")
    page.keyboard.press("Enter")
    expect(page.locator(".chat-msg--assistant").last.locator(".chat-msg__text")).to_have_text(
        "Noted, and remembered."
    )
    regenerate = page.get_by_role("button", name="Regenerate")
    expect(regenerate).to_be_visible()
    assert inside_viewport(page, regenerate) and inside_viewport(page, send)

    panel = page.locator("#memory-panel")
    expect(panel).to_be_hidden()
    toggle = page.get_by_role("button", name="Memories", exact=True)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(panel).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#chat-drawer")).to_be_in_viewport(ratio=0.99)  # slid fully in
    screenshot(page, "phone-drawer-open")
    page.get_by_role("button", name="Close memories").click()
    expect(panel).to_be_hidden()
    toggle.click()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(toggle).to_be_focused()
    screenshot(page, "phone-chat")


def test_a_counter_shows_near_the_length_limit(live_app, browser_page, login):
    page = browser_page
    thread = open_chat(live_app, page, login)
    counter = page.locator("#chat-counter")
    box = page.get_by_label(f"Message to {thread.character.name}")
    box.fill("Short.")
    expect(counter).to_be_hidden()
    box.fill("x" * 7500)
    expect(counter).to_be_visible()
    expect(counter).to_have_text("7,500 / 8,000 characters")
    box.fill("x" * 8000)
    expect(counter).to_have_attribute("data-state", "full")
