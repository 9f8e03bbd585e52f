"""The OpenAPI schema states the rules the server applies to a request body.

Each test reads the schema ``/api/schema/`` serves and sends the server the same values: what
the schema calls valid is accepted, and what it calls invalid is refused with a 400 naming the
field."""

from __future__ import annotations

import io

import jsonschema_rs
import pytest
from PIL import Image

from tests.factories import CharacterFactory, ThreadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(api_client) -> dict:
    response = api_client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _body(schema: dict, path: str, method: str, media_type: str = "application/json") -> dict:
    content = schema["paths"][path][method]["requestBody"]["content"]
    ref = content[media_type]["schema"]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def _valid(schema: dict, property_schema: dict, value) -> bool:
    document = {**property_schema, "components": schema["components"]}
    return jsonschema_rs.validator_for(document).is_valid(value)


def test_a_body_the_server_refuses_unknown_fields_of_is_closed_in_the_schema(schema, api_client):
    character = CharacterFactory(owner=api_client.handler._force_user)
    body = _body(schema, "/api/scenes/", "post")
    assert body["additionalProperties"] is False
    # And the server refuses what the schema calls invalid: a field it does not list.
    response = api_client.post(
        "/api/scenes/",
        {"character": character.pk, "title": "Harbour", "mood": "rain"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith("mood: Unknown field.")


@pytest.mark.parametrize(
    ("title", "accepted"),
    [("Harbour", True), ("  at dusk  ", True), ("", False), ("   ", False), ("\u3000\t", False)],
)
def test_a_title_blank_once_trimmed_is_invalid_in_the_schema_and_refused(
    schema, api_client, title, accepted
):
    character = CharacterFactory(owner=api_client.handler._force_user)
    title_schema = _body(schema, "/api/scenes/", "post")["properties"]["title"]
    assert _valid(schema, title_schema, title) is accepted
    response = api_client.post(
        "/api/scenes/", {"character": character.pk, "title": title}, format="json"
    )
    if accepted:
        assert response.status_code == 201, response.json()
        assert response.json()["title"] == title  # stored as sent
    else:
        assert response.status_code == 400
        assert response.json()["errors"]["title"] == ["Title is required."]


def test_a_null_character_is_invalid_in_the_schema_and_refused(schema, api_client):
    text_schema = _body(schema, "/api/characters/", "post")["properties"]["description"]
    assert _valid(schema, text_schema, "a harbour town")
    assert not _valid(schema, text_schema, "a harbour\x00 town")
    response = api_client.post(
        "/api/characters/", {"name": "Mara", "description": "a harbour\x00 town"}, format="json"
    )
    assert response.status_code == 400
    assert "description" in response.json()["errors"]


def test_the_schema_states_the_length_limit_the_server_applies(schema, api_client):
    name_schema = _body(schema, "/api/characters/", "post")["properties"]["name"]
    assert name_schema["maxLength"] == 80
    assert _valid(schema, name_schema, "x" * 80) and not _valid(schema, name_schema, "x" * 81)
    assert api_client.post("/api/characters/", {"name": "x" * 80}, format="json").status_code == 201
    response = api_client.post("/api/characters/", {"name": "x" * 81}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["name"] == [
        "Name is too long: 81 characters, the limit is 80."
    ]


def _png() -> io.BytesIO:
    data = io.BytesIO()
    Image.new("RGB", (4, 4), "teal").save(data, format="PNG")
    data.seek(0)
    data.name = "mara.png"
    return data


def test_a_character_is_sent_as_json_or_as_a_form_with_its_avatar(schema, api_client):
    content = schema["paths"]["/api/characters/"]["post"]["requestBody"]["content"]
    assert set(content) == {"application/json", "multipart/form-data"}
    as_json = _body(schema, "/api/characters/", "post")
    as_form = _body(schema, "/api/characters/", "post", "multipart/form-data")
    assert "avatar" not in as_json["properties"]
    assert as_form["properties"]["avatar"]["format"] == "binary"
    assert as_json["properties"]["remove_avatar"]["type"] == "boolean"
    # In a form every value is text: the schema lists the two the server takes.
    assert _valid(schema, as_form["properties"]["remove_avatar"], "true")
    assert not _valid(schema, as_form["properties"]["remove_avatar"], "0")

    created = api_client.post(
        "/api/characters/", {"name": "Mara", "avatar": _png()}, format="multipart"
    )
    assert created.status_code == 201
    assert created.json()["avatar_url"]
    url = f"/api/characters/{created.json()['id']}/"
    refused = api_client.patch(url, {"remove_avatar": "0"}, format="multipart")
    assert refused.status_code == 400
    assert "remove_avatar" in refused.json()["errors"]
    removed = api_client.patch(url, {"remove_avatar": "true"}, format="multipart")
    assert removed.status_code == 200
    assert removed.json()["avatar_url"] is None


def test_a_json_only_endpoint_documents_json_only(schema):
    content = schema["paths"]["/api/scenes/"]["post"]["requestBody"]["content"]
    assert list(content) == ["application/json"]
    upload = schema["paths"]["/api/documents/"]["post"]["requestBody"]["content"]
    assert list(upload) == ["multipart/form-data"]
    document = _body(schema, "/api/documents/", "post", "multipart/form-data")
    assert document["properties"]["file"]["format"] == "binary"


@pytest.mark.parametrize("generation", [[None, None], [], "fast", 3, False])
def test_generation_settings_that_are_not_an_object_are_a_400_naming_the_field(
    schema, api_client, generation
):
    generation_schema = _body(schema, "/api/characters/", "post")["properties"]["generation"]
    assert not _valid(schema, generation_schema, generation)
    assert _valid(schema, generation_schema, {"temperature": 0.7})
    response = api_client.post(
        "/api/characters/", {"name": "Mara", "generation": generation}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["generation"] == ["Generation settings must be a JSON object."]


def test_a_persona_body_is_stated_as_the_server_checks_it(schema, api_client):
    body = _body(schema, "/api/personas/", "post")
    assert body["additionalProperties"] is False and body["required"] == ["name"]
    name = body["properties"]["name"]
    assert name["maxLength"] == 80
    assert not _valid(schema, name, "   ")
    refused = api_client.post("/api/personas/", {"name": "   "}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"]["name"] == ["Name is required."]
    assert _valid(schema, name, "Ada")
    created = api_client.post("/api/personas/", {"name": "Ada", "default": True}, format="json")
    assert created.status_code == 201 and created.json()["default"] is True


def test_a_lorebook_body_lists_the_entry_fields_and_their_choices(schema, api_client):
    body = _body(schema, "/api/lorebooks/", "post")
    assert body["additionalProperties"] is False
    entry = schema["components"]["schemas"]["LorebookEntryInput"]
    assert entry["additionalProperties"] is False
    position = {**entry["properties"]["position"], "components": schema["components"]}
    assert _valid(schema, position, "at_depth") and not _valid(schema, position, "middle")
    assert not _valid(schema, entry["properties"]["probability"], 101)

    response = api_client.post(
        "/api/lorebooks/",
        {"name": "Eldoria", "entries": [{"content": "Frozen harbour.", "position": "at_depth"}]},
        format="json",
    )
    assert response.status_code == 201
    for bad, field in (
        ({"content": "x", "colour": "red"}, "entries[0].colour"),
        ({"content": "x", "position": "middle"}, "entries[0].position"),
        ({"content": "x", "probability": 101}, "entries[0].probability"),
        ({"content": "x", "id": "first"}, "entries[0].id"),
    ):
        refused = api_client.post(
            "/api/lorebooks/", {"name": "Eldoria", "entries": [bad]}, format="json"
        )
        assert refused.status_code == 400
        assert field in refused.json()["errors"], refused.json()


@pytest.mark.parametrize("method", ["post", "patch"])
def test_a_lorebook_attachment_the_schema_calls_valid_but_not_yours_is_its_documented_404(
    schema, api_client, other_user, method
):
    path = "/api/lorebooks/" if method == "post" else "/api/lorebooks/{lorebook_id}/"
    operation = schema["paths"][path][method]
    ids = _body(schema, path, method)["properties"]["characters"]
    foreign = CharacterFactory(owner=other_user).pk
    assert _valid(schema, ids, [foreign]) and not _valid(schema, ids, [0])
    assert "not one of yours" in operation["responses"]["404"]["description"]
    book = api_client.post("/api/lorebooks/", {"name": "Eldoria"}, format="json").json()
    url = "/api/lorebooks/" if method == "post" else f"/api/lorebooks/{book['id']}/"
    send = getattr(api_client, method)

    refused = send(url, {"name": "Eldoria", "characters": [foreign]}, format="json")
    assert refused.status_code == 404
    assert refused.json()["detail"] == f"characters: No such character: {foreign}."
    malformed = send(url, {"name": "Eldoria", "characters": [0]}, format="json")
    assert malformed.status_code == 400 and list(malformed.json()["errors"]) == ["characters"]


@pytest.mark.parametrize("pin", [0, 1, "yes", "true"])
def test_a_yes_no_is_a_json_boolean_as_the_schema_says(schema, api_client, pin):
    character = CharacterFactory(owner=api_client.handler._force_user)
    pin_schema = _body(schema, "/api/memories/", "post")["properties"]["pin"]
    assert not _valid(schema, pin_schema, pin) and _valid(schema, pin_schema, False)
    body = {"character": character.pk, "type": "fact", "title": "Boats", "content": "Ada rows."}
    response = api_client.post("/api/memories/", {**body, "pin": pin}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["pin"] == ["Must be true or false."]
    assert api_client.post("/api/memories/", body, format="json").status_code == 201


def test_the_answers_a_view_builds_by_hand_are_documented(schema):
    token = schema["paths"]["/api/auth/token/"]["post"]["responses"]
    assert "429" in token  # locked out after failed logins
    path = "/api/threads/{thread_id}/messages/{message_id}/activate/"
    assert "409" in schema["paths"][path]["post"]["responses"]  # not a version of the last reply
    retry = schema["paths"]["/api/documents/{document_id}/retry/"]["post"]["responses"]
    assert "not_failed" in retry["409"]["description"]  # a document that has not failed


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/characters/", {"name": "Mara", "tags": [0]}, "tags"),
        ("/api/characters/", {"name": 7}, "name"),
        (
            "/api/connections/",
            {"name": "Local", "base_url": "https://x.test", "api_key": 5},
            "api_key",
        ),
    ],
)
def test_a_number_where_the_schema_says_text_is_refused(schema, api_client, path, body, field):
    properties = _body(schema, path, "post")["properties"]
    assert not _valid(schema, properties[field], body[field])
    response = api_client.post(path, body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_the_schema_lists_the_presets_and_the_server_refuses_others(schema, api_client):
    preset = _body(schema, "/api/connections/", "post")["properties"]["preset"]
    assert _valid(schema, preset, "ollama") and _valid(schema, preset, "")
    assert not _valid(schema, preset, "nonsense")
    response = api_client.post(
        "/api/connections/",
        {"name": "X", "base_url": "https://api.openai.com/v1", "preset": "nonsense"},
        format="json",
    )
    assert response.status_code == 400 and "preset" in response.json()["errors"]


def test_each_status_is_a_named_enum_of_its_model(schema):
    from chat.models import Message
    from memories.models import Memory

    components = schema["components"]["schemas"]
    assert components["MemoryStatusEnum"]["enum"] == Memory.Status.values
    assert components["MessageStatusEnum"]["enum"] == Message.Status.values


@pytest.mark.parametrize(
    ("generation", "refused"),
    [
        ({"temperature": 0.2, "stop": ["\n"]}, None),
        ({"colour": "red"}, "colour: Unknown field."),
        ({"temperature": 3}, "temperature: Ensure this value is less than or equal to 2.0."),
        ([{"temperature": 0.2}], "Generation settings must be a JSON object."),
    ],
)
def test_a_chats_generation_settings_are_stated_as_the_server_checks_them(
    schema, api_client, generation, refused
):
    thread = ThreadFactory(character=CharacterFactory(owner=api_client.handler._force_user))
    generation_schema = _body(schema, "/api/threads/{thread_id}/", "patch")["properties"][
        "generation"
    ]
    assert _valid(schema, generation_schema, generation) is (refused is None)
    response = api_client.patch(
        f"/api/threads/{thread.pk}/", {"generation": generation}, format="json"
    )
    thread.refresh_from_db()
    if refused is None:
        assert response.status_code == 200 and thread.generation == generation
    else:
        assert response.status_code == 400
        assert response.json()["errors"]["generation"] == [refused]
        assert thread.generation == {}


def test_every_get_documents_the_400_of_a_query_parameter_it_does_not_take(schema):
    undocumented = [
        path
        for path, operations in schema["paths"].items()
        if "get" in operations and "400" not in operations["get"]["responses"]
    ]
    assert undocumented == []
    single = schema["paths"]["/api/memories/{memory_id}/"]["get"]["responses"]["400"]
    assert "query parameter" in single["description"]


@pytest.mark.parametrize("path", ["/api/docs/", "/api/schema/", "/api/memories/"])
def test_options_names_the_methods_and_is_never_a_500(api_client, path):
    """OPTIONS on the docs page rendered DRF's description of it through the page's HTML
    template, which has none: a 500."""
    response = api_client.options(path)
    assert response.status_code == 200, response.content
    assert "GET" in response["Allow"]
