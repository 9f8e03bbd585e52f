"""In real Chromium: make a persona, start a chat as that persona with an alternate greeting,
and swipe to another greeting on the first message."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.models import Message, Thread
from tests.factories import CharacterFactory


def test_start_a_chat_as_a_persona_with_an_alternate_greeting(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(
        owner=user,
        name="Seraphina",
        greeting="Welcome to the glade, {{user}}.",
        alternate_greetings=[
            "*{{char}} hums.* Awake at last, {{user}}?",
            "A fox watches {{user}}.",
        ],
    )
    login(page, user)

    page.get_by_role("link", name="Personas").click()
    page.get_by_label("Name", exact=True).fill("Ash")
    page.get_by_label("Description", exact=True).fill("A wandering bard with a broken lute.")
    page.get_by_label("Use for new chats (default)").check()
    page.get_by_role("button", name="Create persona").click()
    expect(page.get_by_text("The persona “Ash” was created.")).to_be_visible()
    page.get_by_label("Name", exact=True).fill("Rin")
    page.get_by_role("button", name="Create persona").click()
    expect(page.get_by_role("heading", name="Rin")).to_be_visible()

    page.goto(live_app.path(f"/characters/{character.pk}/"))
    persona = page.get_by_label("You are")
    expect(persona).to_have_value(str(user.personas.get(name="Ash").pk))  # the default
    persona.select_option(label="Rin")
    page.get_by_label("Opening message").select_option(index=1)
    screenshot(page, "start-options")
    page.get_by_role("button", name="Start chat with these options").click()

    page.wait_for_url(lambda url: "/chat/" in url)
    first = page.locator(".chat-msg--assistant").first
    expect(first.locator(".chat-msg__text")).to_contain_text("Awake at last, Rin?")
    thread = Thread.objects.get(owner=user)
    assert thread.persona.name == "Rin"

    # The other greetings are versions of the first message.
    switcher = first.get_by_role("group", name="Reply versions: showing 1 of 3")
    expect(switcher).to_be_visible()
    first.get_by_role("button", name="Next version").click()
    expect(first.locator(".chat-msg__text")).to_contain_text("Welcome to the glade, Rin.")
    first.get_by_role("button", name="Keep this version").click()
    expect(first.get_by_role("group", name="Reply versions: showing 2 of 3")).to_be_visible()
    expect(first.get_by_role("button", name="Keep this version")).to_have_count(0)
    shown = Message.objects.get(thread=thread, active=True, role="assistant")
    assert shown.content == "Welcome to the glade, Rin."
    screenshot(page, "greeting-swiped")


def test_the_quick_chat_button_uses_the_default_persona(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    user.personas.create(name="Ash", default=True)
    CharacterFactory(owner=user, name="Mara", greeting="Evening, {{user}}.")
    login(page, user)
    page.get_by_role("button", name="Chat with Mara").click()
    page.wait_for_url(lambda url: "/chat/" in url)
    expect(page.locator(".chat-msg--assistant").first).to_contain_text("Evening, Ash.")


def test_change_the_persona_and_author_note_of_a_chat(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    user.personas.create(name="Ash", default=True)
    rin = user.personas.create(name="Rin")
    character = CharacterFactory(owner=user, name="Mara", greeting="Evening, {{user}}.")
    login(page, user)
    page.goto(live_app.path(f"/characters/{character.pk}/"))
    page.get_by_role("button", name="Start chat with these options").click()
    page.wait_for_url(lambda url: "/chat/" in url)
    thread = Thread.objects.get(owner=user)
    assert thread.persona.name == "Ash"

    page.get_by_text("Chat settings").click()
    expect(page.get_by_label("You are")).to_have_value(str(thread.persona_id))
    page.get_by_label("You are").select_option(label="Rin")
    page.get_by_label("Author's note").fill("Keep the mood tense.")
    page.get_by_label("Insert the note this many messages from the end").fill("2")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#chat-settings-status")).to_have_text("Saved: you are Rin.")
    thread.refresh_from_db()
    assert (thread.persona_id, thread.author_note, thread.author_note_depth) == (
        rin.pk,
        "Keep the mood tense.",
        2,
    )

    page.get_by_label("You are").select_option(label=f"{user.username} (no persona)")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#chat-settings-status")).to_have_text("Saved.")
    thread.refresh_from_db()
    assert thread.persona_id is None


def test_edit_a_persona_and_keep_what_was_typed_when_refused(live_app, browser_page, login):
    """A persona's name and description are edited in place; a name the server refuses (only
    spaces) brings the page back with the reason and the typed description, not a blank form."""
    from characters.models import Persona

    page = browser_page
    user = live_app.create_user()
    ash = Persona.objects.create(owner=user, name="Ash", description="A bard.", default=True)
    login(page, user)
    page.goto(live_app.path("/personas/"))

    page.get_by_text("Edit Ash").click()
    page.get_by_label("Description of Ash").fill("A bard who lost her lute at sea.")
    page.get_by_role("button", name="Save changes to Ash").click()
    expect(page.get_by_text("The persona “Ash” was saved.")).to_be_visible()
    expect(page.get_by_role("list", name="Personas").get_by_role("paragraph")).to_have_text(
        "A bard who lost her lute at sea."
    )
    ash.refresh_from_db()
    assert ash.description == "A bard who lost her lute at sea."

    page.get_by_text("Edit Ash").click()
    page.get_by_label("Name of Ash").fill("   ")
    page.get_by_label("Description of Ash").fill("Now a captain.")
    page.get_by_role("button", name="Save changes to Ash").click()
    expect(page.get_by_role("alert")).to_contain_text("Name is required.")
    expect(page.get_by_label("Description of Ash")).to_have_value("Now a captain.")
    ash.refresh_from_db()
    assert ash.name == "Ash" and ash.description == "A bard who lost her lute at sea."

    page.get_by_label("Name", exact=True).fill("  ")
    page.get_by_label("Description", exact=True).fill("A quiet smuggler.")
    page.get_by_role("button", name="Create persona").click()
    expect(page.get_by_role("alert")).to_contain_text("Name is required.")
    expect(page.get_by_label("Description", exact=True)).to_have_value("A quiet smuggler.")
    assert Persona.objects.filter(owner=user).count() == 1
