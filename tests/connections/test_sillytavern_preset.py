"""``POST /api/generation/sillytavern-preset/``: a SillyTavern preset read as a generation
layer, what it did not carry named, nothing stored."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from drawhisper.accounts.models import Connection
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db

URL = "/api/generation/sillytavern-preset/"

# Shaped as SillyTavern exports them (default/content/presets/openai and textgen).
CHAT_PRESET = {
    "chat_completion_source": "openai",
    "openai_model": "gpt-4-turbo",
    "claude_model": "claude-3-5-sonnet-20240620",
    "windowai_model": "",
    "openrouter_model": "OR_Website",
    "openrouter_use_fallback": False,
    "ai21_model": "jamba-1.5-large",
    "mistralai_model": "mistral-large-latest",
    "custom_model": "",
    "custom_url": "",
    "google_model": "gemini-pro",
    "temperature": 0.9,
    "frequency_penalty": 0.2,
    "presence_penalty": 0.1,
    "top_p": 0.95,
    "top_k": 0,
    "repetition_penalty": 1,
    "openai_max_context": 4095,
    "openai_max_tokens": 300,
    "stream_openai": True,
    "prompts": [{"name": "Main Prompt", "identifier": "main", "content": "Write {{char}}."}],
    "prompt_order": [{"character_id": 100000, "order": [{"identifier": "main", "enabled": True}]}],
    "seed": -1,
}
TEXT_PRESET = {
    "temp": 1.5,
    "temperature_last": False,
    "top_p": 1,
    "top_k": 0,
    "min_p": 0.1,
    "rep_pen": 1.1,
    "rep_pen_range": 0,
    "freq_pen": 0,
    "presence_pen": 0.3,
    "genamt": 350,
    "stopping_strings": ["\nUser:", "</s>"],
    "sampler_order": [5, 6, 0, 1, 2, 3, 4],
}


def upload(api_client, data, name="preset.json", **extra):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    body = {"file": SimpleUploadedFile(name, raw, content_type="application/json"), **extra}
    return api_client.post(URL, body, format="multipart")


def test_chat_completion_preset_maps_to_a_layer_and_names_what_it_left(api_client):
    response = upload(api_client, CHAT_PRESET)
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["kind"] == "chat_completion"
    assert answer["generation"] == {
        "model": "gpt-4-turbo",
        "temperature": 0.9,
        "top_p": 0.95,
        "max_tokens": 300,
        "frequency_penalty": 0.2,
        "presence_penalty": 0.1,
    }
    assert "prompt_order" in answer["ignored"] and "prompts" in answer["ignored"]
    assert "top_k" in answer["ignored"]
    assert "temperature" not in answer["ignored"] and "openai_model" not in answer["ignored"]
    # The models kept for the sources the preset does not use are named, not carried.
    assert {"claude_model", "google_model", "mistralai_model", "openrouter_model"} <= set(
        answer["ignored"]
    )


@pytest.mark.parametrize(
    ("source", "key", "model"),
    [
        ("claude", "claude_model", "claude-3-5-sonnet-20240620"),
        ("makersuite", "google_model", "gemini-pro"),
        ("mistralai", "mistralai_model", "mistral-large-latest"),
        ("openrouter", "openrouter_model", "nousresearch/hermes-3-llama-3.1-405b"),
        ("custom", "custom_model", "qwen2.5-32b-instruct"),
        ("deepseek", "deepseek_model", "deepseek-v4-flash"),
    ],
)
def test_the_model_of_the_presets_source_is_carried(api_client, source, key, model):
    preset = {**CHAT_PRESET, "chat_completion_source": source, key: model}
    answer = upload(api_client, preset).json()
    assert answer["generation"]["model"] == model
    assert key not in answer["ignored"] and "openai_model" in answer["ignored"]


@pytest.mark.parametrize(
    "preset",
    [
        # OpenRouter's "let the site choose", an empty custom model, a source we do not know,
        # no source at all.
        {**CHAT_PRESET, "chat_completion_source": "openrouter"},
        {**CHAT_PRESET, "chat_completion_source": "custom"},
        {**CHAT_PRESET, "chat_completion_source": "scale"},
        {key: value for key, value in CHAT_PRESET.items() if key != "chat_completion_source"},
    ],
)
def test_a_preset_whose_source_has_no_model_sets_none(api_client, preset):
    answer = upload(api_client, preset).json()
    assert "model" not in answer["generation"]
    assert answer["generation"]["temperature"] == 0.9
    assert "openai_model" in answer["ignored"]


def test_a_text_completion_preset_carries_no_model(api_client):
    answer = api_client.post(URL, {**TEXT_PRESET, "model": "x"}, format="json").json()
    assert "model" not in answer["generation"] and "model" in answer["ignored"]


def test_text_completion_preset_as_the_body(api_client):
    response = api_client.post(URL, TEXT_PRESET, format="json")
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["kind"] == "text_completion"
    assert answer["generation"] == {
        "temperature": 1.5,
        "top_p": 1,
        "max_tokens": 350,
        "frequency_penalty": 0,
        "presence_penalty": 0.3,
        "stop": ["\nUser:", "</s>"],
    }
    assert {"rep_pen", "min_p", "sampler_order", "temperature_last"} <= set(answer["ignored"])


def test_stop_strings_kept_as_json_text_are_read(api_client):
    preset = {**TEXT_PRESET, "stopping_strings": json.dumps(["###"])}
    response = api_client.post(URL, preset, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["generation"]["stop"] == ["###"]


def test_nothing_is_stored(api_client, user):
    CharacterFactory(owner=user, generation={})
    assert upload(api_client, CHAT_PRESET).status_code == 200
    assert not Connection.objects.exists()
    assert all(character.generation == {} for character in user.characters.all())


def test_the_answer_is_accepted_by_the_character_save(api_client, user):
    character = CharacterFactory(owner=user)
    layer = upload(api_client, TEXT_PRESET).json()["generation"]
    response = api_client.patch(
        f"/api/characters/{character.pk}/", {"generation": layer}, format="json"
    )
    assert response.status_code == 200, response.json()
    character.refresh_from_db()
    assert character.generation["temperature"] == 1.5
    assert character.generation["stop"] == ["\nUser:", "</s>"]


@pytest.mark.parametrize(
    ("preset", "field"),
    [
        ({**TEXT_PRESET, "temp": 4}, "temp"),
        ({**CHAT_PRESET, "top_p": 1.5}, "top_p"),
        ({**CHAT_PRESET, "openai_max_tokens": 0}, "openai_max_tokens"),
        ({**TEXT_PRESET, "genamt": 10**7}, "genamt"),
        ({**CHAT_PRESET, "frequency_penalty": -3}, "frequency_penalty"),
        ({**TEXT_PRESET, "temp": "hot"}, "temp"),
        ({**TEXT_PRESET, "temp": True}, "temp"),
        ({**TEXT_PRESET, "stopping_strings": [str(n) for n in range(9)]}, "stopping_strings"),
        ({**TEXT_PRESET, "stopping_strings": "not json"}, "stopping_strings"),
        ({**TEXT_PRESET, "stopping_strings": [1]}, "stopping_strings"),
        ({**CHAT_PRESET, "openai_model": 4}, "openai_model"),
        ({**CHAT_PRESET, "openai_model": "m" * 201}, "openai_model"),
        ({**CHAT_PRESET, "chat_completion_source": ["openai"]}, "chat_completion_source"),
    ],
)
def test_values_out_of_range_are_refused_naming_the_key(api_client, preset, field):
    response = api_client.post(URL, preset, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"], response.json()
    assert field in response.json()["detail"]


def test_a_file_that_is_not_a_preset_is_refused(api_client):
    for body in ({"name": "Mara", "description": "A character card."}, {}):
        response = api_client.post(URL, body, format="json")
        assert response.status_code == 400
        assert "not a SillyTavern preset" in response.json()["detail"]
    response = upload(api_client, [1, 2, 3])
    assert response.status_code == 400
    assert "not a SillyTavern preset" in response.json()["detail"]


def test_bad_uploads_are_refused_naming_the_file(api_client):
    response = upload(api_client, b"{not json")
    assert response.status_code == 400 and "file" in response.json()["errors"]
    big = json.dumps({**CHAT_PRESET, "padding": "x" * (1024 * 1024)}).encode()
    response = upload(api_client, big)
    assert response.status_code == 400 and "too large" in response.json()["detail"]
    response = api_client.post(URL, {}, format="multipart")
    assert response.status_code == 400 and "file" in response.json()["errors"]
    response = upload(api_client, CHAT_PRESET, extra="1")
    assert response.status_code == 400 and "extra" in response.json()["errors"]


def test_anonymous_is_refused(client):
    response = client.post(URL, CHAT_PRESET, content_type="application/json")
    assert response.status_code in (401, 403)


def test_a_file_that_is_not_a_preset_names_the_file(api_client):
    response = upload(api_client, {"entries": {}})
    assert response.status_code == 400
    assert "not a SillyTavern preset" in response.json()["errors"]["file"][0]
