"""The /memories/ page shell. (Its modules' imports: tests/frontend/test_modules.py.)"""

from __future__ import annotations

import json

import pytest

from tests.factories import CharacterFactory, ThreadFactory

pytestmark = pytest.mark.django_db


def test_memories_page_needs_login(client):
    response = client.get("/memories/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_memories_page_lists_only_the_users_characters_and_chats(client, user, other_user):
    character = CharacterFactory(owner=user, name="Ilsa")
    thread = ThreadFactory(character=character, title="At the harbour")
    CharacterFactory(owner=other_user, name="Stranger")
    client.force_login(user)
    response = client.get("/memories/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="memories-board"' in html
    assert "frontend/js/memories-page.js" in html and 'type="module"' in html
    start = html.index('id="memories-page-data"')
    data = json.loads(html[html.index(">", start) + 1 : html.index("</script>", start)])
    assert data["characters"] == [{"id": character.pk, "name": "Ilsa"}]
    assert data["threads"] == [
        {"id": thread.pk, "character": character.pk, "title": "At the harbour", "scene": ""}
    ]
    assert "important_event" in data["types"]
