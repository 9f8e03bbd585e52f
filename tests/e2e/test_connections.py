"""In real Chromium: add a local model server as a connection, test it, choose it for a chat
with a temperature, and get the reply from it; a connection that cannot be reached says so in
the chat."""

from __future__ import annotations

from playwright.sync_api import expect

from chat.services import thread_create
from drawhisper.accounts.models import Connection
from tests.factories import CharacterFactory
from tests.support.held_requests import hold, release
from tests.support.openai_server import FakeOpenAIServer


def test_add_a_connection_and_choose_it_for_a_chat(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="*Mara waves.*")
    thread = thread_create(owner=user, character=character)
    login(page, user)
    with FakeOpenAIServer(default_reply="*Mara grins.* From your own server.") as server:
        page.get_by_role("link", name="Connections").click()
        page.get_by_label("Service").select_option(label="vLLM")
        expect(page.get_by_label("Base URL")).to_have_value("http://127.0.0.1:8000/v1")
        page.get_by_label("Name").fill("My vLLM")
        page.get_by_label("Base URL").fill(server.base_url)
        page.get_by_label("API key").fill("sk-browser-secret-987654")
        page.get_by_role("button", name="Add connection").click()
        item = page.locator("#connection-list li", has_text="My vLLM")
        expect(item).to_contain_text("key stored")
        expect(page.locator("body")).not_to_contain_text("sk-browser-secret-987654")
        item.get_by_role("button", name="Test My vLLM").click()
        expect(item.get_by_role("status")).to_contain_text("Reached My vLLM: 1 models.")

        page.goto(live_app.path(f"/chat/{thread.pk}/"))
        expect(page.locator("#chat-connection")).to_have_text("Connected")
        page.locator("#chat-settings summary").click()
        page.get_by_label("Connection").select_option(label="My vLLM")
        page.get_by_role("button", name="List models").click()
        expect(page.locator("#generation-status")).to_contain_text("1 models from My vLLM")
        page.get_by_label("Model", exact=True).fill("fake-model")
        page.get_by_label("Temperature (0–2)").fill("0.4")
        page.get_by_role("button", name="Save model settings").click()
        expect(page.locator("#generation-status")).to_have_text("Saved: replies come from My vLLM.")

        page.get_by_label("Message to Mara").fill("Hello there.")
        page.keyboard.press("Enter")
        reply = page.locator(".chat-msg--assistant").last
        expect(reply.locator(".chat-msg__text")).to_contain_text("From your own server.")
        expect(reply).to_have_attribute("data-status", "complete")
        [request] = [r["body"] for r in server.requests() if r["path"] == "/v1/chat/completions"]
        assert request["model"] == "fake-model" and request["temperature"] == 0.4


def test_an_unreachable_connection_shows_a_readable_error_in_the_chat(
    live_app, browser_page, login
):
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="*Mara waves.*")
    thread = thread_create(owner=user, character=character)
    Connection.objects.create(
        owner=user,
        name="Gone",
        base_url="http://127.0.0.1:9/v1",
        default_model="m",
        is_default=True,
    )
    login(page, user)
    page.goto(live_app.path(f"/chat/{thread.pk}/"))
    expect(page.locator("#chat-connection")).to_have_text("Connected")
    page.get_by_label("Message to Mara").fill("Anyone?")
    page.keyboard.press("Enter")
    expect(page.get_by_text("could not be reached", exact=False).first).to_be_visible(
        timeout=30_000
    )
    expect(page.locator(".chat-msg--assistant").last).to_have_attribute("data-status", "failed")


def test_choose_the_models_that_make_memories(live_app, browser_page, login):
    from drawhisper.accounts.models import MemoryModels

    page = browser_page
    user = live_app.create_user()
    local = Connection.objects.create(
        owner=user, name="Local", base_url="http://127.0.0.1:9/v1", default_model="qwen"
    )
    Connection.objects.create(owner=user, name="Bare", base_url="http://127.0.0.1:9/v1")
    login(page, user)
    page.goto(live_app.path("/connections/"))
    section = page.locator("#memory-models")
    expect(section.get_by_label("Summaries: connection")).to_contain_text("Server default")

    section.get_by_label("Summaries: connection").select_option(label="Local")
    section.get_by_label("Summaries: model").fill("qwen-summary")
    section.get_by_label("Memory extraction: connection").select_option(label="Bare")
    section.get_by_role("button", name="Save memory models").click()
    # Bare has no default model and none was named: refused, beside the extraction fields.
    expect(page.locator("#memory-extract-error")).to_contain_text("has no default model")
    expect(page.locator("#memory-summary-error")).to_be_hidden()
    assert not MemoryModels.objects.filter(owner=user).exists()

    section.get_by_label("Memory extraction: model").fill("bare-model")
    section.get_by_role("button", name="Save memory models").click()
    expect(page.locator("#memory-models-status")).to_contain_text("Saved")
    expect(page.locator("#memory-extract-error")).to_be_hidden()
    choice = MemoryModels.objects.get(owner=user)
    assert (choice.summary_connection_id, choice.summary_model) == (local.pk, "qwen-summary")
    assert choice.extract_model == "bare-model"

    page.reload()
    expect(page.locator("#memory-summary-model")).to_have_value("qwen-summary")
    expect(page.locator("#memory-summary-connection")).to_have_value(str(local.pk))


def test_the_memory_models_form_takes_input_only_once_the_saved_choice_is_in(
    live_app, browser_page, login
):
    """The saved memory models load after the page shows: until they are in, the form is
    disabled; adding a connection afterwards refreshes the lists but keeps what was chosen."""
    from drawhisper.accounts.models import MemoryModels

    page = browser_page
    user = live_app.create_user()
    local = Connection.objects.create(
        owner=user, name="Local", base_url="http://127.0.0.1:9/v1", default_model="qwen"
    )
    MemoryModels.objects.create(owner=user, summary_connection=local, summary_model="saved-model")
    held = hold(page, "**/api/connections/memory-models/")
    login(page, user)
    page.goto(live_app.path("/connections/"))
    section = page.locator("#memory-models")
    model = section.get_by_label("Summaries: model")
    expect(model).to_be_disabled()
    expect(page.locator("#memory-models-status")).to_have_text("Loading the memory models…")

    release(page, held)
    expect(model).to_have_value("saved-model")
    expect(model).to_be_enabled()
    model.fill("typed-model")
    section.get_by_label("Memory extraction: connection").select_option(label="Local")

    # Adding a connection reloads the lists; what the user chose and typed stays.
    page.unroute("**/api/connections/memory-models/")
    page.get_by_label("Name").fill("Second")
    page.get_by_label("Base URL").fill("http://127.0.0.1:9/v1")
    page.get_by_role("button", name="Add connection").click()
    expect(page.locator("#connection-list li", has_text="Second")).to_be_visible()
    expect(section.get_by_label("Summaries: connection")).to_contain_text("Second")
    expect(model).to_have_value("typed-model")
    expect(section.get_by_label("Memory extraction: connection")).to_have_value(str(local.pk))

    section.get_by_role("button", name="Save memory models").click()
    expect(page.locator("#memory-models-status")).to_contain_text("Saved")
    choice = MemoryModels.objects.get(owner=user)
    assert (choice.summary_model, choice.extract_connection_id) == ("typed-model", local.pk)
