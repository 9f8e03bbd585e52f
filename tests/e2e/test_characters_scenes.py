"""In real Chromium: create a character and a scene, watch the prompt preview follow the
stage directions, and start a chat from the scene."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from characters.models import Character
from scenes.models import Scene

GREETING = "The lamp is out. Help me light it before the boats come home."


def test_create_character_and_scene_preview_and_start_chat(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    login(page, live_app.create_user())

    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()
    page.get_by_role("link", name="New character").click()
    page.get_by_label("Name").fill("Mara Quill")
    page.get_by_label("Tagline").fill("Cartographer of moving places")
    page.get_by_label("Personality").fill("Curious and dry-witted.")
    page.get_by_label("Greeting").fill("Mind the tide charts.")
    page.get_by_role("button", name="Create character").click()

    expect(page.get_by_role("heading", name="Mara Quill", level=1)).to_be_visible()
    expect(page.get_by_text("Mara Quill was created.")).to_be_visible()
    character = Character.objects.get(name="Mara Quill")

    page.get_by_role("link", name="New scene").click()
    preview = page.locator("#prompt-preview")
    expect(preview).to_contain_text("You are Mara Quill,")
    page.get_by_label("Title").fill("Storm at Gull Point")
    page.get_by_label("Stage directions").fill("Speak in whispers; the keeper is asleep.")
    expect(preview).to_contain_text("Speak in whispers; the keeper is asleep.")
    expect(page.locator("#preview-status")).to_have_text("Up to date")

    page.get_by_label("Stage directions").fill("Shout over the storm.")
    expect(preview).to_contain_text("Shout over the storm.")
    expect(preview).not_to_contain_text("Speak in whispers")
    page.get_by_label("Scenario").fill("The lighthouse lamp has gone dark.")
    expect(preview).to_contain_text("The lighthouse lamp has gone dark.")
    screenshot(page, "scene-editor")

    page.get_by_label("Greeting").fill(GREETING)
    page.get_by_role("button", name="Create scene").click()
    expect(page.get_by_text("The scene “Storm at Gull Point” was created.")).to_be_visible()
    scene = Scene.objects.get(character=character)
    assert scene.stage_directions == "Shout over the storm."

    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="Start chat in Storm at Gull Point").click()
    assert navigation.value is not None and navigation.value.status == 200
    assert re.search(r"/chat/\d+/$", page.url), (
        f"expected a redirect to /chat/<id>/, landed on {page.url}"
    )
    # The chat opens in the scene, with the scene's greeting as its first message.
    expect(page.get_by_text(GREETING)).to_be_visible()
    screenshot(page, "chat-started")


def test_gallery_and_editor_fit_a_phone_and_work_by_keyboard(live_app, make_page, login):
    user = live_app.create_user()
    character = Character.objects.create(owner=user, name="VESPER", tagline="The ship's mind")
    page = make_page(viewport={"width": 375, "height": 740})
    login(page, user)

    def assert_no_sideways_scroll():
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than a phone screen"

    expect(page.get_by_text("The ship's mind")).to_be_visible()
    assert_no_sideways_scroll()

    page.goto(live_app.path(f"/scenes/new/?character={character.pk}"))
    assert_no_sideways_scroll()
    page.get_by_label("Title").focus()
    page.keyboard.type("Night shift")
    page.keyboard.press("Tab")
    page.keyboard.type("Quiet and warm.")
    expect(page.locator("#prompt-preview")).to_contain_text("Quiet and warm.")
    expect(page.get_by_label("Stage directions")).to_be_focused()


def test_the_scene_preview_calls_the_user_by_their_default_persona(live_app, browser_page, login):
    """With a default persona, the preview says what a chat of the scene would: the
    persona's name where the texts write {{user}}, never a stand-in "User"."""
    from characters.models import Persona

    page = browser_page
    user = live_app.create_user()
    Persona.objects.create(owner=user, name="Ash", description="A sailor.", default=True)
    character = Character.objects.create(owner=user, name="Mara Quill")
    login(page, user)

    page.goto(live_app.path(f"/scenes/new/?character={character.pk}"))
    preview = page.locator("#prompt-preview")
    expect(preview).to_contain_text("role-play chat with Ash.")
    page.get_by_label("Stage directions").fill("Answer {{user}} in verse.")
    expect(preview).to_contain_text("Answer Ash in verse.")
    expect(page.locator("#preview-status")).to_have_text("Up to date")
    expect(preview).not_to_contain_text("User")
    expect(page.locator("#preview-layers")).to_contain_text("Persona: Ash")


def test_a_long_unbroken_name_tagline_and_tag_wrap_on_a_phone(live_app, make_page, login):
    """A card imported with a name of one long word, a link as its tagline or a long tag
    wraps inside the gallery card, the character's page and its chat instead of pushing the
    page sideways."""
    from chat.services import thread_create
    from tests.factories import MessageFactory

    user = live_app.create_user()
    link = "https://example.com/" + "cartographers-guild-archive-" * 4
    character = Character.objects.create(
        owner=user, name="Seraphina" * 8, tagline=link[:160], tags=["moving-places" * 4]
    )
    page = make_page(viewport={"width": 375, "height": 740})
    login(page, user)

    def assert_no_sideways_scroll():
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than a phone screen"

    expect(page.locator(".character-card__name")).to_have_text("Seraphina" * 8)
    assert_no_sideways_scroll()
    page.goto(live_app.path(f"/characters/{character.pk}/"))
    expect(page.get_by_role("heading", name="Seraphina" * 8, level=1)).to_be_visible()
    expect(page.locator(".tagline")).to_have_text(link[:160])
    assert_no_sideways_scroll()

    thread = thread_create(owner=user, character=character)
    MessageFactory(thread=thread, seq=2, role="user", content=f"Is the archive at {link}?")
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    expect(page.locator(".chat-msg--user .chat-msg__text")).to_contain_text("cartographers")
    assert_no_sideways_scroll()


def test_the_scene_editor_shows_the_greeting_a_new_chat_would_open_with(
    live_app, browser_page, login, screenshot
):
    """Beside the system prompt, the editor shows the scene's greeting rendered, labelled,
    and follows the greeting field as it is typed."""
    page = browser_page
    user = live_app.create_user()
    user.first_name = "Alex"
    user.save(update_fields=["first_name"])
    character = Character.objects.create(
        owner=user, name="Mara Quill", greeting="Evening, {{user}}. {{char}} at your service."
    )
    login(page, user)

    page.goto(live_app.path(f"/scenes/new/?character={character.pk}"))
    greeting = page.get_by_role("region", name="System prompt preview").get_by_label(
        "First message"
    )
    # The character's greeting, until the scene has its own.
    expect(greeting).to_have_text("Evening, Alex. Mara Quill at your service.")
    page.get_by_label("Greeting").fill("*{{char}} trims the wick.* Hold the lamp, {{user}}.")
    expect(greeting).to_have_text("*Mara Quill trims the wick.* Hold the lamp, Alex.")
    expect(page.locator("#preview-status")).to_have_text("Up to date")
    screenshot(page, "greeting-preview")
