"""In real Chromium: a character's page shows its greetings as a new chat would open, with
``{{user}}`` and ``{{char}}`` resolved by the one naming rule, not the card's raw text."""

from __future__ import annotations

from playwright.sync_api import expect

from characters.models import Persona
from tests.factories import CharacterFactory


def _greeting_shown(page):
    return page.locator(".persona dt:text-is('Greeting') + dd")


def _alex_logged_in_with_seraphina(live_app, page, login, **card):
    """A user whose first name is Alex, logged in, with a character Seraphina of ``card``."""
    user = live_app.create_user()
    user.first_name = "Alex"
    user.save(update_fields=["first_name"])
    character = CharacterFactory(owner=user, name="Seraphina", **card)
    login(page, user)
    return user, character


def test_character_page_greeting_calls_the_user_by_the_new_chats_name(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    user, character = _alex_logged_in_with_seraphina(
        live_app,
        page,
        login,
        greeting="Welcome to the glade, {{user}}. I am {{char}}.",
        alternate_greetings=["*{{char}} hums.* Awake at last, {{user}}?"],
    )

    # No persona: the account's first name, as a new chat would call the user.
    page.goto(live_app.path(f"/characters/{character.pk}/"))
    expect(_greeting_shown(page)).to_have_text("Welcome to the glade, Alex. I am Seraphina.")
    expect(page.locator(".persona dt:text-is('Alternate greetings') + dd li")).to_have_text(
        ["*Seraphina hums.* Awake at last, Alex?"]
    )
    expect(page.get_by_text("{{user}}")).to_have_count(0)

    # A default persona: its name, in the page and in the opening message choices.
    Persona.objects.create(owner=user, name="Ash", default=True)
    page.reload()
    expect(_greeting_shown(page)).to_have_text("Welcome to the glade, Ash. I am Seraphina.")
    expect(page.get_by_label("Opening message").locator("option").first).to_contain_text(
        "Welcome to the glade, Ash."
    )
    screenshot(page, "greeting-resolved")


def test_character_page_description_and_scenario_read_as_the_greeting_does(
    live_app, browser_page, login, screenshot
):
    page = browser_page
    _, character = _alex_logged_in_with_seraphina(
        live_app,
        page,
        login,
        description='{{char}} guards the <b>glade</b>.<br>She <i>trusts</i> <span style="color:red">{{user}}</span>.',
        scenario="{{user}} wakes in {{char}}'s cottage. <img src=x onerror=alert(1)><script>1</script>",
        greeting="<b>Welcome</b>, {{user}}.",
    )
    page.goto(live_app.path(f"/characters/{character.pk}/"))

    description = page.locator(".persona dt:text-is('Description') + dd")
    expect(description).to_have_text("Seraphina guards the glade.She trusts Alex.")
    expect(description.locator("strong")).to_have_text("glade")
    expect(description.locator("em")).to_have_text("trusts")
    expect(description.locator("br")).to_have_count(1)
    expect(description.locator("span")).to_have_count(0)
    scenario = page.locator(".persona dt:text-is('Scenario') + dd")
    expect(scenario).to_have_text("Alex wakes in Seraphina's cottage. 1")
    expect(scenario.locator("img, script")).to_have_count(0)
    expect(_greeting_shown(page)).to_have_text("Welcome, Alex.")
    expect(_greeting_shown(page).locator("strong")).to_have_text("Welcome")
    for raw in ("{{char}}", "{{user}}", "<b>", "<i>", "<br>", "<img"):
        expect(page.get_by_text(raw)).to_have_count(0)
    screenshot(page, "card-text-resolved")
