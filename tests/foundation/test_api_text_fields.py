"""A number or a yes/no sent where the API takes text is a 400 naming the field, on every text
field of every create and update (DRF's ``CharField`` would store ``123`` as ``"123"``), and a
generation setting's numbers are JSON numbers (DRF's ``FloatField`` reads ``true`` as 1.0).

The text fields are read from each endpoint's input serializer, so a field added later is
covered without a new line here."""

from __future__ import annotations

import json
import re

import pytest
from rest_framework import serializers

from characters.api.book_inputs import LorebookInputSerializer, PersonaInputSerializer
from characters.api.serializers import CharacterInputSerializer
from chat.api.serializers import (
    MessageUpdateInputSerializer,
    ThreadCreateInputSerializer,
    ThreadUpdateInputSerializer,
)
from drawhisper.accounts.connections.api import ConnectionInputSerializer
from memories.api.serializers import (
    MemoryCreateSerializer,
    MemoryUpdateSerializer,
    ProfileUpdateSerializer,
)
from scenes.api.serializers import SceneCreateInputSerializer, SceneUpdateInputSerializer

pytestmark = pytest.mark.django_db


# (method, path, a body it accepts, its input serializer, where its rows are listed)
ENDPOINTS = [
    ("post", "/api/characters/", {"name": "Mara"}, CharacterInputSerializer, "/api/characters/"),
    ("patch", "/api/characters/{character}/", {}, CharacterInputSerializer, "/api/characters/"),
    (
        "post",
        "/api/scenes/",
        {"character": "{character}", "title": "Storm"},
        SceneCreateInputSerializer,
        "/api/scenes/",
    ),
    ("patch", "/api/scenes/{scene}/", {}, SceneUpdateInputSerializer, "/api/scenes/"),
    ("post", "/api/lorebooks/", {"name": "Lore"}, LorebookInputSerializer, "/api/lorebooks/"),
    ("patch", "/api/lorebooks/{lorebook}/", {}, LorebookInputSerializer, "/api/lorebooks/"),
    ("post", "/api/personas/", {"name": "Bea"}, PersonaInputSerializer, "/api/personas/"),
    ("patch", "/api/personas/{persona}/", {}, PersonaInputSerializer, "/api/personas/"),
    (
        "post",
        "/api/threads/",
        {"character": "{character}"},
        ThreadCreateInputSerializer,
        "/api/threads/",
    ),
    ("patch", "/api/threads/{thread}/", {}, ThreadUpdateInputSerializer, "/api/threads/"),
    (
        "patch",
        "/api/threads/{thread}/messages/{message}/",
        {},
        MessageUpdateInputSerializer,
        "/api/threads/{thread}/messages/",
    ),
    (
        "post",
        "/api/memories/",
        {"character": "{character}", "type": "fact", "title": "T", "content": "C"},
        MemoryCreateSerializer,
        "/api/memories/",
    ),
    ("patch", "/api/memories/{memory}/", {}, MemoryUpdateSerializer, "/api/memories/"),
    (
        "patch",
        "/api/characters/{character}/profile/",
        {},
        ProfileUpdateSerializer,
        "/api/characters/{character}/profile/",
    ),
    (
        "post",
        "/api/connections/",
        {"name": "Other", "base_url": "https://example.org/v1"},
        ConnectionInputSerializer,
        "/api/connections/",
    ),
    ("patch", "/api/connections/{connection}/", {}, ConnectionInputSerializer, "/api/connections/"),
]


def _text_fields(serializer_class) -> list[tuple[str, object]]:
    """(field, a non-text value for it) for each text field and list of text: a yes/no for
    the first, a number for the rest."""
    found = []
    for name, field in serializer_class().fields.items():
        if field.read_only:
            continue
        if isinstance(field, serializers.CharField):
            found.append((name, True if not found else 123))
        elif isinstance(field, serializers.ListField) and isinstance(
            field.child, serializers.CharField
        ):
            found.append((name, [7]))
    return found


CASES = [
    pytest.param(method, path, body, listed, name, value, id=f"{method} {path} {name}={value}")
    for method, path, body, serializer_class, listed in ENDPOINTS
    for name, value in _text_fields(serializer_class)
]


def _filled(value, rows):
    if isinstance(value, str) and value.startswith("{"):
        return rows[value.strip("{}")]
    return value


def _refused_naming(api_client, rows, method, path, body, listed, name, value) -> str:
    """Send ``body`` with ``name`` set to ``value``; assert a 400 naming ``name`` that stored
    nothing (the listing reads as before), and answer the response's ``detail``."""
    listed = listed.format(**rows)
    before = api_client.get(listed).json()
    sent = {key: _filled(item, rows) for key, item in body.items()} | {name: value}

    response = getattr(api_client, method)(
        path.format(**rows), data=json.dumps(sent), content_type="application/json"
    )

    assert response.status_code == 400, response.content
    assert name in response.json()["errors"], response.json()
    assert api_client.get(listed).json() == before  # nothing stored as "123" or "True"
    return response.json()["detail"]


def test_every_endpoint_has_text_fields_to_check():
    checked = {path for _, path, *_ in (case.values for case in CASES)}
    assert checked == {path for _, path, *_ in ENDPOINTS}


@pytest.mark.parametrize(("method", "path", "body", "listed", "name", "value"), CASES)
def test_a_non_text_value_for_a_text_field_is_a_400_naming_it(
    api_client, rows, method, path, body, listed, name, value
):
    detail = _refused_naming(api_client, rows, method, path, body, listed, name, value)
    assert detail.startswith(f"{name}") and re.search(r"text|string", detail), detail


@pytest.mark.parametrize("method", ["post", "patch"])
@pytest.mark.parametrize("value", [123, True, ["https://example.net/v1"]])
def test_a_url_that_is_not_text_is_not_a_valid_string_as_any_text_is(
    api_client, rows, method, value
):
    """A number where a URL goes is not a URL that is badly written: "Enter a valid URL."
    sent the user looking for a typo in a value that had none."""
    path = "/api/connections/" if method == "post" else f"/api/connections/{rows['connection']}/"
    body = {"name": "Other", "base_url": value}
    response = getattr(api_client, method)(path, body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["detail"] == "base_url: Not a valid string."
    written = getattr(api_client, method)(path, {**body, "base_url": "example"}, format="json")
    assert written.json()["detail"] == "base_url: Enter a valid URL."


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"keys": ["a"], "content": 5}, "entries[0].content"),
        ({"keys": ["a"], "comment": False}, "entries[0].comment"),
        ({"keys": [5], "content": "c"}, "entries[0].keys"),
    ],
)
def test_a_lorebook_entrys_text_must_be_text(api_client, entry, field):
    response = api_client.post(
        "/api/lorebooks/", {"name": "Lore", "entries": [entry]}, format="json"
    )
    assert response.status_code == 400 and field in response.json()["errors"], response.json()


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("model", 5),
        ("stop", [5]),
        ("temperature", True),
        ("temperature", "0.5"),
        ("top_p", False),
        ("frequency_penalty", 10**400),
        ("max_tokens", 7.0),
        ("max_tokens", "7.5"),
        ("connection", True),
    ],
)
def test_a_generation_setting_of_the_wrong_kind_is_a_400_naming_it(
    api_client, rows, setting, value
):
    for path in ("/api/characters/{character}/", "/api/threads/{thread}/"):
        response = api_client.patch(
            path.format(**rows), {"generation": {setting: value}}, format="json"
        )
        assert response.status_code == 400, response.content
        assert response.json()["detail"].startswith(f"generation: {setting}: "), response.json()
        assert api_client.get(path.format(**rows)).json()["generation"] == {}


@pytest.mark.parametrize("text", [5, True, ["the forest"]])
def test_the_lorebook_test_box_takes_text_only(api_client, rows, text):
    response = api_client.post(
        f"/api/lorebooks/{rows['lorebook']}/test/", {"text": text}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["detail"].startswith("text: "), response.json()


def _limited_text_fields(serializer_class) -> list[tuple[str, object]]:
    """(field, a value one character over its limit as sent, but within it once trimmed) for
    each text field and list of text with a ``max_length``."""
    found = []
    for name, field in serializer_class().fields.items():
        child = getattr(field, "child", None)
        text = child if isinstance(field, serializers.ListField) else field
        if field.read_only or not isinstance(text, serializers.CharField):
            continue
        if text.max_length is None:
            continue
        over = "\v" + "x" * text.max_length
        found.append((name, [over] if text is child else over))
    return found


LIMIT_CASES = [
    pytest.param(method, path, body, listed, name, value, id=f"{method} {path} {name}")
    for method, path, body, serializer_class, listed in ENDPOINTS
    for name, value in _limited_text_fields(serializer_class)
]


@pytest.mark.parametrize(("method", "path", "body", "listed", "name", "value"), LIMIT_CASES)
def test_text_over_its_limit_as_sent_is_a_400_naming_it_even_if_trimming_would_fit(
    api_client, rows, method, path, body, listed, name, value
):
    detail = _refused_naming(api_client, rows, method, path, body, listed, name, value)
    assert "characters" in detail, detail
