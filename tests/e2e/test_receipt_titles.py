"""In real Chromium: a reply's receipt names an untitled memory by its first words, never by
its bare id ("Memory 42")."""

from __future__ import annotations

from playwright.sync_api import expect

from memories.models import MemoryPin
from tests.e2e.test_chat import last_reply, open_chat, script, send
from tests.factories import MemoryFactory


def test_a_receipt_names_an_untitled_memory_by_its_first_words(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    thread = open_chat(live_app, page, login)
    memory = MemoryFactory(
        owner=thread.owner,
        character=thread.character,
        title="",
        content="The user's sister Mira keeps the lighthouse on Gull Point every winter.",
    )
    MemoryPin.objects.create(memory=memory, thread=thread)
    script(live_app, ["Mira and her lighthouse, of course."])
    send(page, "Do you remember my sister?")
    reply = last_reply(page)
    expect(reply).to_have_attribute("data-status", "complete")
    summary = reply.locator(".chat-receipt__summary")
    expect(summary).to_have_text("Memories used (1)")
    summary.click()
    used = reply.locator(f'[data-memory-id="{memory.pk}"]')
    expect(used.locator(".chat-receipt__title")).to_have_text(
        "The user's sister Mira keeps the lighthouse on…"
    )
    expect(reply.get_by_text(f"Memory {memory.pk}")).to_have_count(0)
    screenshot(page, "receipt-untitled-memory")
