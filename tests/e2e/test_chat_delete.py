"""In real Chromium: a chat is deleted from its own settings, after a question that says what
goes with it, and the user lands on the character's page without it; "Keep it" keeps it."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.models import Thread
from chat.services import thread_create
from tests.factories import CharacterFactory


def test_delete_a_chat_from_its_settings_after_a_question(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    mara = CharacterFactory(owner=user, name="Mara", greeting="Evening.")
    doomed = thread_create(owner=user, character=mara, title="Rainy tavern")
    kept = thread_create(owner=user, character=mara, title="Harbour walk")
    login(page, user)
    page.goto(live_app.path(f"/chat/{doomed.pk}/"))
    expect(page.locator(".chat-msg--assistant").first).to_contain_text("Evening.")
    page.get_by_text("Chat settings").click()

    page.get_by_role("button", name="Delete this chat").click()
    question = page.get_by_role("group", name="Delete “Rainy tavern” with every message")
    expect(question).to_be_visible()
    question.get_by_role("button", name="Keep it").click()
    expect(question).to_be_hidden()
    assert Thread.objects.filter(pk=doomed.pk).exists()

    page.get_by_role("button", name="Delete this chat").click()
    question.get_by_role("button", name="Delete chat").click()
    page.wait_for_url(lambda url: url.endswith(f"/characters/{mara.pk}/"))
    expect(page.get_by_role("link", name="Harbour walk")).to_be_visible()
    expect(page.get_by_text("Rainy tavern")).to_have_count(0)
    assert not Thread.objects.filter(pk=doomed.pk).exists()
    assert Thread.objects.filter(pk=kept.pk).exists()
