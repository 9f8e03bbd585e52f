"""In real Chromium: the profile card in the memory panel. The pipeline's profile of the user
(under the chat's persona name) shows in the panel; editing a field there saves it as the
user's, it persists across a reload, and the next reply's prompt carries it (receipt layer
``profile``)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from characters.models import Persona
from chat.services import thread_create
from memories.models import Profile
from memories.profile import profile_refresh
from tests.factories import CharacterFactory, MemoryFactory
from tests.support.held_requests import hold, release


def open_profile(page):
    panel = page.locator("#memory-panel")
    card = panel.locator("details.profile-card")
    card.locator("summary").click()
    expect(card).to_have_attribute("open", "")
    return card


def test_editing_a_profile_field_in_the_panel_persists_and_reaches_the_prompt(
    live_app, browser_page, login, scripted_replies, screenshot
):
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="*Mara looks up.* Evening.")
    ada = Persona.objects.create(owner=user, name="Ada")
    thread = thread_create(owner=user, character=character, persona_id=ada.pk)
    MemoryFactory(
        owner=user, character=character, origin_thread=thread, content="Ada is a ferry pilot."
    )
    profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")

    login(page, user)
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    card = open_profile(page)
    expect(card.locator("summary")).to_contain_text("What Mara knows about you")
    expect(card.get_by_label("Name")).to_have_value("Ada")  # the persona, not the account
    expect(card.get_by_label("Key facts")).to_have_value("Ada is a ferry pilot.")

    card.locator("textarea[name=likes]").fill("Jasmine tea at dawn\n\nStorms over the harbour\n")
    card.get_by_role("button", name="Save profile").click()
    expect(card.get_by_role("status")).to_have_text("Saved.")
    expect(card.locator("label[for=profile-likes] .profile-card__yours")).to_be_visible()
    expect(card.locator("label[for=profile-facts] .profile-card__yours")).to_be_hidden()
    screenshot(page, "profile-saved")

    page.reload()
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    card = open_profile(page)
    expect(card.locator("textarea[name=likes]")).to_have_value(
        "Jasmine tea at dawn\nStorms over the harbour"
    )
    expect(card.get_by_label("Key facts")).to_have_value("Ada is a ferry pilot.")
    profile = Profile.objects.get(owner=user, character=character)
    assert profile.user_fields == ["likes"]
    assert profile.data["likes"] == ["Jasmine tea at dawn", "Storms over the harbour"]

    # The next reply's prompt carries the profile: its receipt counts the profile layer.
    scripted_replies(["*Mara pours tea.* Jasmine, as always."])
    page.get_by_label("Message to Mara").fill("Good morning!")
    page.keyboard.press("Enter")
    reply = page.locator(".chat-msg--assistant").last
    expect(reply.locator(".chat-msg__text")).to_contain_text("Jasmine, as always.", timeout=20_000)
    expect(reply).to_have_attribute("data-status", "complete")
    reply.locator(".chat-receipt__summary").click()
    expect(reply.locator(".chat-receipt__tokens")).to_contain_text(re.compile(r"profile \d+"))


def test_the_profile_card_takes_typing_only_once_its_saved_values_are_in(
    live_app, browser_page, login
):
    """The saved profile loads after the card shows. Until it is in, the fields are disabled
    (nothing typed could be overwritten by it); then what the user types stays and saves."""
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="")
    thread = thread_create(owner=user, character=character)
    MemoryFactory(
        owner=user, character=character, origin_thread=thread, content="Ada is a ferry pilot."
    )
    profile_refresh(owner_id=user.pk, character_id=character.pk, user_name="Ada")
    held = hold(page, re.compile(r".*/api/characters/\d+/profile/$"))

    login(page, user)
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    card = open_profile(page)
    likes = card.locator("textarea[name=likes]")
    expect(likes).to_be_disabled()
    expect(card.get_by_role("status")).to_have_text("Loading the profile…")
    expect(card.get_by_role("button", name="Save profile")).to_be_disabled()

    release(page, held)
    expect(card.get_by_label("Key facts")).to_have_value("Ada is a ferry pilot.")
    expect(likes).to_be_enabled()
    expect(card.get_by_role("status")).to_have_text("")
    likes.fill("Storms over the harbour")
    card.get_by_role("button", name="Save profile").click()
    expect(card.get_by_role("status")).to_have_text("Saved.")
    expect(likes).to_have_value("Storms over the harbour")
    assert Profile.objects.get(owner=user, character=character).data["likes"] == [
        "Storms over the harbour"
    ]
