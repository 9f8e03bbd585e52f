"""In real Chromium: the character page and the chat settings choose the model's sampling,
the chat's choice overriding the character's key by key, and the request the model server
gets carries them; a value the server refuses is shown beside its field."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from characters.models import Character
from chat.models import Thread
from chat.services import thread_create
from drawhisper.accounts.models import Connection
from tests.factories import CharacterFactory
from tests.support.openai_server import FakeOpenAIServer


def open_generation_form(live_app, page, login, generation: dict):
    """A character of a new user with ``generation`` saved, its page open signed in as that
    user: the character and its model settings form."""
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", generation=generation)
    login(page, user)
    page.goto(live_app.path(f"/characters/{character.pk}/"))
    return character, page.locator("#generation-form")


def import_preset(form, name: str, preset: dict) -> None:
    """Choose ``preset`` as a SillyTavern preset file called ``name`` in the form."""
    form.get_by_label("Import SillyTavern preset").set_input_files(
        files=[
            {"name": name, "mimeType": "application/json", "buffer": json.dumps(preset).encode()}
        ]
    )


def test_character_and_chat_sampling_reach_the_model_request(live_app, browser_page, login):
    page = browser_page
    user = live_app.create_user()
    character = CharacterFactory(owner=user, name="Mara", greeting="*Mara waves.*")
    with FakeOpenAIServer(default_reply="*Mara grins.* Sampled as asked.") as server:
        Connection.objects.create(
            owner=user,
            name="Local",
            base_url=server.base_url,
            default_model="fake-model",
            is_default=True,
        )
        login(page, user)

        page.goto(live_app.path(f"/characters/{character.pk}/"))
        form = page.locator("#generation-form")
        expect(form.get_by_label("Connection")).to_contain_text("Default (Local)")
        form.get_by_label("Temperature (0–2)").fill("0.3")
        form.get_by_label("Max reply tokens").fill("64")
        form.get_by_role("button", name="Save model settings").click()
        expect(page.locator("#generation-status")).to_have_text("Saved.")
        character.refresh_from_db()
        assert character.generation == {"temperature": 0.3, "max_tokens": 64}

        page.reload()
        expect(page.get_by_label("Temperature (0–2)")).to_have_value("0.3")
        expect(page.get_by_label("Max reply tokens")).to_have_value("64")

        thread = thread_create(owner=user, character=character)
        page.goto(live_app.path(f"/chat/{thread.pk}/"))
        expect(page.locator("#chat-connection")).to_have_text("Connected")
        page.locator("#chat-settings summary").click()
        page.get_by_label("Temperature (0–2)").fill("1.25")
        page.get_by_role("button", name="Save model settings").click()
        expect(page.locator("#generation-status")).to_have_text("Saved.")
        assert Thread.objects.get(pk=thread.pk).generation == {"temperature": 1.25}

        page.get_by_label("Message to Mara").fill("Tell me something.")
        page.keyboard.press("Enter")
        reply = page.locator(".chat-msg--assistant").last
        expect(reply.locator(".chat-msg__text")).to_contain_text("Sampled as asked.")
        expect(reply).to_have_attribute("data-status", "complete")
        [request] = [r["body"] for r in server.requests() if r["path"] == "/v1/chat/completions"]
        # The chat's temperature, the character's reply length, the connection's model.
        assert request["temperature"] == 1.25
        assert request["max_tokens"] == 64
        assert request["model"] == "fake-model"


def test_refused_values_are_shown_beside_their_fields(live_app, browser_page, login):
    page = browser_page
    character, form = open_generation_form(live_app, page, login, {"temperature": 0.5})
    expect(form.get_by_label("Temperature (0–2)")).to_have_value("0.5")

    # Out of range: refused in the page, next to the field, nothing sent.
    form.get_by_label("Temperature (0–2)").fill("5")
    form.get_by_role("button", name="Save model settings").click()
    temperature_error = page.locator("#generation-temperature-error")
    expect(temperature_error).to_be_visible()
    expect(temperature_error).not_to_be_empty()
    expect(form.get_by_label("Temperature (0–2)")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#generation-status")).to_have_text("Not saved: correct the marked fields.")

    # Refused by the server (more than 8 stop strings): its reason, beside the stop field.
    form.get_by_label("Temperature (0–2)").fill("0.9")
    form.get_by_label("Stop strings", exact=False).fill("\n".join(f"END{n}" for n in range(9)))
    form.get_by_role("button", name="Save model settings").click()
    stop_error = page.locator("#generation-stop-error")
    expect(stop_error).to_contain_text("no more than 8")
    expect(temperature_error).to_be_hidden()
    expect(page.locator("#generation-status")).to_have_text("Not saved: correct the marked fields.")
    assert Character.objects.get(pk=character.pk).generation == {"temperature": 0.5}

    form.get_by_label("Stop strings", exact=False).fill("END")
    form.get_by_role("button", name="Save model settings").click()
    expect(page.locator("#generation-status")).to_have_text("Saved.")
    expect(stop_error).to_be_hidden()
    assert Character.objects.get(pk=character.pk).generation == {
        "temperature": 0.9,
        "stop": ["END"],
    }


def test_sillytavern_preset_fills_the_form_and_is_saved(live_app, browser_page, login):
    page = browser_page
    character, form = open_generation_form(live_app, page, login, {"model": "kept-model"})
    expect(form.get_by_label("Model", exact=True)).to_have_value("kept-model")

    # A Text Completion preset as SillyTavern exports it.
    preset = {
        "temp": 1.2,
        "top_p": 0.9,
        "rep_pen": 1.1,
        "min_p": 0.05,
        "freq_pen": 0.4,
        "presence_pen": 0,
        "genamt": 250,
        "stopping_strings": ["\nUser:"],
    }
    import_preset(form, "Roleplay.json", preset)
    notes = page.locator("#generation-preset-notes")
    expect(notes).to_contain_text("Text Completion preset Roleplay.json")
    expect(notes).to_contain_text("Not carried: min_p, rep_pen.")
    expect(page.locator("#generation-status")).to_have_text("Preset read: save to keep it.")
    expect(form.get_by_label("Temperature (0–2)")).to_have_value("1.2")
    expect(form.get_by_label("Max reply tokens")).to_have_value("250")
    # Nothing is stored until the user saves.
    assert Character.objects.get(pk=character.pk).generation == {"model": "kept-model"}

    form.get_by_role("button", name="Save model settings").click()
    expect(page.locator("#generation-status")).to_have_text("Saved.")
    assert Character.objects.get(pk=character.pk).generation == {
        "model": "kept-model",
        "temperature": 1.2,
        "top_p": 0.9,
        "max_tokens": 250,
        "frequency_penalty": 0.4,
        "presence_penalty": 0,
        "stop": ["\nUser:"],
    }

    # Out of range: refused by name, the form left as it was.
    import_preset(form, "Hot.json", {"temp": 5})
    expect(page.locator("#generation-status")).to_contain_text("Preset not imported: temp")
    expect(form.get_by_label("Temperature (0–2)")).to_have_value("1.2")


def test_a_chat_completion_preset_fills_the_model_of_its_source(live_app, browser_page, login):
    """A Chat Completion preset keeps a model per source; the one of the source it was made
    for fills the Model field (a text preset leaves the model as it was, above)."""
    page = browser_page
    character, form = open_generation_form(live_app, page, login, {"model": "kept-model"})
    expect(form.get_by_label("Model", exact=True)).to_have_value("kept-model")

    preset = {
        "chat_completion_source": "claude",
        "openai_model": "gpt-4-turbo",
        "claude_model": "claude-3-5-sonnet-20240620",
        "openrouter_model": "OR_Website",
        "temperature": 0.8,
        "openai_max_tokens": 400,
        "prompts": [{"identifier": "main", "content": "Write {{char}}'s next reply."}],
    }
    import_preset(form, "Claude.json", preset)
    notes = page.locator("#generation-preset-notes")
    expect(notes).to_contain_text("Chat Completion preset Claude.json: filled model,")
    expect(notes).to_contain_text("openai_model")
    expect(form.get_by_label("Model", exact=True)).to_have_value("claude-3-5-sonnet-20240620")
    form.get_by_role("button", name="Save model settings").click()
    expect(page.locator("#generation-status")).to_have_text("Saved.")
    assert Character.objects.get(pk=character.pk).generation == {
        "model": "claude-3-5-sonnet-20240620",
        "temperature": 0.8,
        "max_tokens": 400,
    }
