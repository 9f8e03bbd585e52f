"""Fixtures of the API input tests."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import (
    CharacterFactory,
    MemoryFactory,
    MessageFactory,
    SceneFactory,
    ThreadFactory,
)


@pytest.fixture
def rows(user, api_client, settings, tmp_path) -> dict[str, int]:
    """The id of one of the user's own rows of every kind a path or body names."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.DOCUMENT_ROOT = tmp_path / "documents"
    character = CharacterFactory(owner=user)
    thread = ThreadFactory(character=character)

    def created(path, body, **options):
        response = api_client.post(path, body, **options)
        assert response.status_code == 201, response.content
        return response.json()["id"]

    upload = SimpleUploadedFile("notes.md", b"# Harbour\n\nShips.")
    return {
        "character": character.pk,
        "scene": SceneFactory(character=character).pk,
        "thread": thread.pk,
        "message": MessageFactory(thread=thread, seq=1).pk,
        "memory": MemoryFactory(character=character).pk,
        "lorebook": created("/api/lorebooks/", {"name": "Book"}, format="json"),
        "persona": created("/api/personas/", {"name": "Ada"}, format="json"),
        "connection": created(
            "/api/connections/",
            {"name": "Mine", "base_url": "https://example.com/v1"},
            format="json",
        ),
        "document": created(
            "/api/documents/", {"file": upload, "character": character.pk}, format="multipart"
        ),
    }
