"""``/api/connections/``: a user's own OpenAI-compatible endpoints, keys kept secret, and the
generation settings characters and chats choose with them."""

from __future__ import annotations

import json

import pytest
from django.db import connection as db_connection

from drawhisper.accounts.connections.crypto import decrypt_secret
from drawhisper.accounts.models import Connection
from tests.factories import CharacterFactory
from tests.support.openai_server import FakeOpenAIServer

pytestmark = pytest.mark.django_db

SECRET = "sk-live-very-secret-key-0123456789"


@pytest.fixture
def fake_server():
    with FakeOpenAIServer() as server:
        yield server


def create(api_client, **fields):
    body = {"name": "Local", "base_url": "http://127.0.0.1:9/v1", **fields}
    response = api_client.post("/api/connections/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_key_is_encrypted_at_rest_and_never_returned(api_client):
    created = create(api_client, api_key=SECRET, preset="openai", default_model="gpt-x")
    assert created["has_key"] is True and "api_key" not in created

    with db_connection.cursor() as cursor:
        cursor.execute("SELECT * FROM accounts_connection WHERE id = %s", [created["id"]])
        row = cursor.fetchone()
    assert not any(SECRET in str(value) for value in row)
    stored = Connection.objects.get(pk=created["id"])
    assert decrypt_secret(stored.api_key_encrypted) == SECRET

    responses = [
        api_client.get("/api/connections/"),
        api_client.get(f"/api/connections/{created['id']}/"),
        api_client.patch(f"/api/connections/{created['id']}/", {"name": "Renamed"}, format="json"),
        api_client.post(f"/api/connections/{created['id']}/test/"),
        api_client.get(f"/api/connections/{created['id']}/models/"),
    ]
    for response in responses:
        assert SECRET not in response.content.decode()
        assert SECRET[-10:] not in response.content.decode()
    assert responses[2].json()["has_key"] is True  # a change without a key keeps it


def test_key_can_be_replaced_and_removed(api_client):
    created = create(api_client, api_key=SECRET)
    url = f"/api/connections/{created['id']}/"
    assert api_client.patch(url, {"api_key": ""}, format="json").json()["has_key"] is False
    assert api_client.patch(url, {"api_key": "sk-new-123456"}, format="json").json()["has_key"]
    stored = Connection.objects.get(pk=created["id"])
    assert decrypt_secret(stored.api_key_encrypted) == "sk-new-123456"


def test_unknown_fields_and_bad_values_are_refused_by_name(api_client):
    response = api_client.post(
        "/api/connections/",
        {"name": "X", "base_url": "http://127.0.0.1:9/v1", "colour": "red"},
        format="json",
    )
    assert response.status_code == 400 and "colour" in response.json()["errors"]
    response = api_client.post(
        "/api/connections/", {"name": "X", "base_url": "not a url"}, format="json"
    )
    assert response.status_code == 400 and "base_url" in response.json()["errors"]
    response = api_client.post(
        "/api/connections/",
        {"name": "X", "base_url": "http://127.0.0.1:9/v1", "preset": "nonsense"},
        format="json",
    )
    assert response.status_code == 400 and "preset" in response.json()["errors"]


def test_another_users_connection_is_404_everywhere(api_client, other_api_client):
    created = create(api_client, api_key=SECRET)
    base = f"/api/connections/{created['id']}/"
    assert other_api_client.get(base).status_code == 404
    assert other_api_client.patch(base, {"name": "Mine"}, format="json").status_code == 404
    assert other_api_client.delete(base).status_code == 404
    assert other_api_client.get(base + "models/").status_code == 404
    assert other_api_client.post(base + "test/").status_code == 404
    assert other_api_client.get("/api/connections/").json() == []
    assert Connection.objects.get(pk=created["id"]).name == "Local"


def test_list_models_and_test_connection_against_the_endpoint(api_client, fake_server):
    created = create(api_client, base_url=fake_server.base_url, default_model="fake-model")
    models = api_client.get(f"/api/connections/{created['id']}/models/")
    assert models.status_code == 200 and models.json() == {"models": ["fake-model"]}
    test = api_client.post(f"/api/connections/{created['id']}/test/").json()
    assert test["ok"] is True and test["models"] == ["fake-model"]

    api_client.patch(
        f"/api/connections/{created['id']}/", {"default_model": "missing-model"}, format="json"
    )
    test = api_client.post(f"/api/connections/{created['id']}/test/").json()
    assert test["ok"] is False and "missing-model" in test["detail"]


def test_unreachable_endpoint_gives_readable_errors(api_client):
    created = create(api_client, name="Gone", base_url="http://127.0.0.1:9/v1")
    models = api_client.get(f"/api/connections/{created['id']}/models/")
    assert models.status_code == 502
    assert "Gone" in models.json()["detail"] and "could not be reached" in models.json()["detail"]
    test = api_client.post(f"/api/connections/{created['id']}/test/").json()
    assert test["ok"] is False and "could not be reached" in test["detail"]


def test_presets_cover_the_common_servers(api_client):
    labels = {preset["label"] for preset in api_client.get("/api/connections/presets/").json()}
    assert {"OpenAI", "DeepSeek", "OpenRouter", "Ollama", "LM Studio", "vLLM"} <= labels
    assert "llama.cpp server" in labels


def test_first_connection_is_the_default_and_a_new_default_replaces_it(api_client):
    first = create(api_client, name="A")
    second = create(api_client, name="B")
    assert first["is_default"] is True and second["is_default"] is False
    api_client.patch(f"/api/connections/{second['id']}/", {"is_default": True}, format="json")
    defaults = [c["name"] for c in api_client.get("/api/connections/").json() if c["is_default"]]
    assert defaults == ["B"]


def test_chat_generation_settings_are_strict_and_use_only_own_connections(
    api_client, other_api_client, user
):
    from chat.services import thread_create

    thread = thread_create(owner=user, character=CharacterFactory(owner=user))
    url = f"/api/threads/{thread.pk}/"
    mine = create(api_client, name="Mine")
    theirs = create(other_api_client, name="Theirs")

    ok = api_client.patch(
        url,
        {
            "generation": {
                "connection": mine["id"],
                "model": "m",
                "temperature": 0.3,
                "stop": ["\n"],
            }
        },
        format="json",
    )
    assert ok.status_code == 200
    assert ok.json()["generation"] == {
        "connection": mine["id"],
        "model": "m",
        "temperature": 0.3,
        "stop": ["\n"],
    }

    foreign = api_client.patch(url, {"generation": {"connection": theirs["id"]}}, format="json")
    assert foreign.status_code == 404
    assert (
        foreign.json()["detail"] == f"generation.connection: no connection {theirs['id']} of yours."
    )
    malformed = api_client.patch(url, {"generation": {"connection": "two"}}, format="json")
    assert malformed.status_code == 400 and "generation" in malformed.json()["errors"]
    unknown = api_client.patch(url, {"generation": {"temprature": 1}}, format="json")
    assert unknown.status_code == 400 and "temprature" in json.dumps(unknown.json())
    too_hot = api_client.patch(url, {"generation": {"temperature": 7}}, format="json")
    assert too_hot.status_code == 400 and "temperature" in json.dumps(too_hot.json())
    assert api_client.get(url).json()["generation"]["temperature"] == 0.3


def test_a_connection_whose_generation_names_another_users_connection_is_a_404(
    api_client, other_api_client
):
    theirs = create(other_api_client, name="Theirs")
    body = {"name": "Mine", "base_url": "http://127.0.0.1:9/v1"}
    refused = api_client.post(
        "/api/connections/", {**body, "generation": {"connection": theirs["id"]}}, format="json"
    )
    assert refused.status_code == 404
    assert refused.json() == {
        "detail": f"generation.connection: no connection {theirs['id']} of yours."
    }
    assert api_client.get("/api/connections/").json() == []

    mine = create(api_client, name="Mine")
    changed = api_client.patch(
        f"/api/connections/{mine['id']}/",
        {"generation": {"connection": theirs["id"]}},
        format="json",
    )
    assert changed.status_code == 404 and changed.json()["detail"].startswith(
        "generation.connection:"
    )
    assert api_client.get(f"/api/connections/{theirs['id']}/").status_code == 404


def test_character_generation_settings_are_validated(api_client, other_api_client, user):
    character = CharacterFactory(owner=user)
    theirs = create(other_api_client, name="Theirs")
    url = f"/api/characters/{character.pk}/"
    ok = api_client.patch(url, {"generation": {"max_tokens": 300, "top_p": 0.9}}, format="json")
    assert ok.status_code == 200 and ok.json()["generation"] == {"max_tokens": 300, "top_p": 0.9}
    foreign = api_client.patch(url, {"generation": {"connection": theirs["id"]}}, format="json")
    assert foreign.status_code == 404 and "generation.connection" in foreign.json()["detail"]
    assert "connection" not in api_client.get(url).json()["generation"]
