"""The chat page, /chat/ and POST /chat/start/."""

from __future__ import annotations

import json

import pytest

from chat.models import Message, Thread
from tests.factories import CharacterFactory, SceneFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, user):
    client.force_login(user)
    return client


def initial_data(html: str) -> dict:
    start = html.index('<script id="chat-initial" type="application/json">') + len(
        '<script id="chat-initial" type="application/json">'
    )
    return json.loads(html[start : html.index("</script>", start)])


def test_chat_page_has_the_log_the_composer_the_thread_list_and_the_memory_panel(
    logged_in, user, thread, other_thread
):
    second = Thread.objects.create(
        owner=user, character=thread.character, title="Second <b>chat</b>"
    )
    html = logged_in.get(f"/chat/{thread.pk}/").content.decode()

    assert '<aside id="memory-panel" aria-label="Memories"' in html
    assert f'data-character-id="{thread.character_id}"' in html
    assert 'id="chat-log"' in html and 'id="chat-input"' in html
    assert 'id="chat-stop"' in html and 'id="chat-regenerate"' in html
    assert "frontend/js/chat.js" in html
    assert f'href="/chat/{second.pk}/"' in html and "Second &lt;b&gt;chat&lt;/b&gt;" in html
    assert f'href="/chat/{thread.pk}/" aria-current="page"' in html
    assert f'href="/chat/{other_thread.pk}/"' not in html

    data = initial_data(html)
    assert data["thread"]["id"] == thread.pk
    assert [m["content"] for m in data["messages"]] == ["*looks up from the map* Ah, a visitor."]
    assert data["max_message_chars"] > 0


def test_message_text_is_only_embedded_as_escaped_json(logged_in, thread):
    Message.objects.create(
        thread=thread, seq=2, role="user", content="</script><script>alert(1)</script>"
    )
    html = logged_in.get(f"/chat/{thread.pk}/").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert initial_data(html)["messages"][-1]["content"] == "</script><script>alert(1)</script>"


def test_another_users_chat_page_is_404_and_visitors_must_log_in(
    client, logged_in, other_thread, thread
):
    assert logged_in.get(f"/chat/{other_thread.pk}/").status_code == 404
    client.logout()
    response = client.get(f"/chat/{thread.pk}/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_start_creates_a_thread_and_opens_it(logged_in, user, character):
    response = logged_in.post("/chat/start/", {"character": character.pk})
    thread = Thread.objects.get(owner=user, character=character)
    assert response.status_code == 302 and response["Location"] == f"/chat/{thread.pk}/"
    assert thread.messages.get().seq == 1


def test_start_in_a_scene(logged_in, user, character):
    scene = SceneFactory(character=character, owner=user, greeting="Rain hammers the glass.")
    response = logged_in.post("/chat/start/", {"character": character.pk, "scene": scene.pk})
    thread = Thread.objects.get(scene=scene)
    assert response["Location"] == f"/chat/{thread.pk}/"
    assert thread.messages.get().content == "Rain hammers the glass."


def test_start_refuses_someone_elses_character_or_scene_and_get(logged_in, character, other_user):
    foreign = CharacterFactory(owner=other_user)
    assert logged_in.post("/chat/start/", {"character": foreign.pk}).status_code == 404
    foreign_scene = SceneFactory(character=foreign)
    assert (
        logged_in.post(
            "/chat/start/", {"character": character.pk, "scene": foreign_scene.pk}
        ).status_code
        == 404
    )
    assert logged_in.post("/chat/start/", {"character": "abc"}).status_code == 404
    for bad in ("²", "99999999999999999999", "-1", "1.0"):
        assert logged_in.post("/chat/start/", {"character": bad}).status_code == 404
        assert (
            logged_in.post("/chat/start/", {"character": character.pk, "scene": bad}).status_code
            == 404
        )
    assert logged_in.get("/chat/start/").status_code == 405
    assert not Thread.objects.exists()


def test_chat_index_opens_the_latest_chat(logged_in, user, thread):
    assert logged_in.get("/chat/")["Location"] == f"/chat/{thread.pk}/"
    thread.delete()
    assert logged_in.get("/chat/")["Location"] == "/"
