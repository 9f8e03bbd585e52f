"""In real Chromium: a chat's title on a phone stays one line cut with an ellipsis (the full
title in its tooltip), and a chat titled by its character's name is named once in the list."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.models import Thread
from tests.e2e.test_chat import open_chat
from tests.e2e.test_chat_phone import PHONE

LONG_TITLE = (
    "The night we walked the whole length of the old harbour wall looking for the lighthouse "
    "keeper's lost daughter and found instead a letter nobody should have kept"
)


def test_a_long_chat_title_is_one_line_with_an_ellipsis_on_a_phone(
    live_app, make_page, login, screenshot
):
    page = make_page(viewport=PHONE)
    thread = open_chat(live_app, page, login)
    Thread.objects.filter(pk=thread.pk).update(title=LONG_TITLE)
    page.reload()
    expect(page.locator("#chat-connection")).to_have_text("Connected")

    title = page.locator("#chat-title")
    expect(title).to_have_attribute("title", LONG_TITLE)
    line_height = title.evaluate("el => parseFloat(getComputedStyle(el).lineHeight)")
    box = title.bounding_box()
    assert box["height"] < 2 * line_height, box  # one line
    assert title.evaluate("el => el.scrollWidth > el.clientWidth")  # cut, not wrapped
    assert title.evaluate("el => getComputedStyle(el).textOverflow") == "ellipsis"
    header = page.locator(".chat-head").bounding_box()
    # The header keeps the phone's width and a header's height, not a tall narrow column.
    assert header["width"] > PHONE["width"] * 0.8, header
    assert header["height"] < 160, header
    assert box["width"] > PHONE["width"] * 0.4, box
    screenshot(page, "phone-long-title")


def test_a_chat_titled_by_its_character_names_it_once_in_the_chat_list(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)  # titled "Mara", the character's name
    other = Thread.objects.create(
        owner=thread.owner, character=thread.character, title="The lighthouse question"
    )
    page.reload()

    items = page.locator(".chat-threads__item")
    expect(items).to_have_count(2)
    named = items.filter(has=page.locator(f'a[href="/chat/{thread.pk}/"]'))
    expect(named.locator(".chat-threads__title")).to_have_text("Mara")
    expect(named.locator(".chat-threads__meta")).not_to_contain_text("Mara")
    expect(named.locator(".chat-threads__meta time")).to_be_visible()
    assert named.inner_text().count("Mara") == 1, named.inner_text()
    # A chat titled otherwise still says whose it is.
    titled = items.filter(has=page.locator(f'a[href="/chat/{other.pk}/"]'))
    expect(titled.locator(".chat-threads__title")).to_have_text("The lighthouse question")
    expect(titled.locator(".chat-threads__meta")).to_contain_text("Mara · ")
    screenshot(page, "chat-list")


def test_an_untitled_chat_is_called_by_its_character_on_its_page_and_in_the_chat(
    live_app, browser_page, login, screenshot
):
    """The character page's "Recent chats" called a chat with no title "Thread 12" while the
    chat list called it by its character; both, and the chat's header, follow one rule."""
    page = browser_page
    thread = open_chat(live_app, page, login)
    untitled = Thread.objects.create(owner=thread.owner, character=thread.character, title="")

    page.goto(live_app.path(f"/characters/{thread.character_id}/"))
    recent = page.locator("section[aria-labelledby=chats-heading] li a")
    expect(recent).to_have_count(2)
    link = page.locator(f'section[aria-labelledby=chats-heading] a[href="/chat/{untitled.pk}/"]')
    expect(link).to_have_text("Mara")
    expect(page.locator("section[aria-labelledby=chats-heading]")).not_to_contain_text("Thread")
    screenshot(page, "recent-chats-untitled")

    link.click()
    expect(page.locator("#chat-title")).to_have_text("Mara")
    expect(page).to_have_title("Mara · Drawhisper")
    listed = page.locator(f'.chat-threads__item a[href="/chat/{untitled.pk}/"]')
    expect(listed.locator(".chat-threads__title")).to_have_text("Mara")
