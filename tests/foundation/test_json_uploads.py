"""Uploaded JSON files (a lorebook, a card, a preset, a chat's JSONL lines) are read with the
same limits as a JSON body: nesting too deep, NaN, Infinity or a number too large to be
finite is a 400 naming ``file`` (and the line, for JSONL), never a crash or a stored NaN."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from characters.models import Character, Lorebook
from chat.models import Thread
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000
HEADER = '{"user_name": "Ada", "character_name": "Mara"}'


def _post(api_client, path, text, **fields):
    upload = SimpleUploadedFile("upload.json", text.encode(), content_type="application/json")
    return api_client.post(path, {"file": upload, **fields}, format="multipart")


JSON_FILES = [
    ("deep", DEEP, "nested too deeply"),
    ("nan", '{"entries": {"0": {"key": ["a"], "content": "c", "probability": NaN}}}', "NaN"),
    ("infinity", '{"entries": {"0": {"key": ["a"], "probability": -Infinity}}}', "Infinity"),
    ("huge", '{"entries": {"0": {"key": ["a"], "content": "c", "depth": 1e400}}}', "1e400"),
]
UPLOADS = [
    "/api/lorebooks/import/",
    "/api/characters/import/",
    "/api/generation/sillytavern-preset/",
]


@pytest.mark.parametrize("path", UPLOADS)
@pytest.mark.parametrize(("case", "text", "words"), JSON_FILES, ids=[c[0] for c in JSON_FILES])
def test_an_unreadable_json_file_is_a_400_naming_file(api_client, user, path, case, text, words):
    response = _post(api_client, path, text)

    assert response.status_code == 400, response.content
    body = response.json()
    assert list(body["errors"]) == ["file"]
    assert isinstance(body["errors"]["file"], list)
    assert body["detail"].startswith("file: ") and words in body["detail"], body
    assert not Lorebook.objects.filter(owner=user).exists()
    assert not Character.objects.filter(owner=user).exists()


CHAT_LINES = [
    ("deep", "[" * 100 + "]" * 100, "nested too deeply"),
    ("nan", '{"name": "Ada", "is_user": true, "send_date": "", "mes": "hi", "x": NaN}', "NaN"),
    ("huge", '{"name": "Ada", "is_user": true, "send_date": 1e400, "mes": "hi"}', "1e400"),
]


@pytest.mark.parametrize(("case", "line", "words"), CHAT_LINES, ids=[c[0] for c in CHAT_LINES])
def test_an_unreadable_chat_line_is_a_400_naming_file_and_the_line(
    api_client, user, case, line, words
):
    character = CharacterFactory(owner=user)
    text = f"{HEADER}\n{line}\n"

    response = _post(api_client, "/api/threads/import/", text, character=character.pk)

    assert response.status_code == 400, response.content
    body = response.json()
    assert list(body["errors"]) == ["file"]
    assert body["errors"]["file"] == [body["detail"].removeprefix("file: ")]
    assert body["detail"].startswith("file: Line 2: ") and words in body["detail"], body
    assert not Thread.objects.filter(owner=user).exists()


def test_a_json_body_with_a_number_too_large_to_be_finite_is_a_400(api_client):
    response = api_client.post(
        "/api/scenes/preview/", data='{"character": 1e400}', content_type="application/json"
    )
    assert response.status_code == 400 and "1e400" in response.json()["detail"]
