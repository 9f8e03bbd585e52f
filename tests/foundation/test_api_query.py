"""Query strings read strictly: a parameter given twice, a yes/no filter that is not
``true`` or ``false``, and a parameter an export does not take are 400s naming them, where
DRF would read the last value, ``1``/``yes`` as true, or drop the parameter."""

from __future__ import annotations

import pytest

from tests.factories import CharacterFactory, MemoryFactory, MessageFactory, ThreadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def objects(user, api_client):
    character = CharacterFactory(owner=user)
    thread = ThreadFactory(character=character)
    MessageFactory(thread=thread, seq=1)
    MemoryFactory(character=character)
    lorebook = api_client.post("/api/lorebooks/", {"name": "Book"}, format="json").json()
    return {"character": character.pk, "thread": thread.pk, "lorebook": lorebook["id"]}


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/api/memories/?character={character}&character=987654", "character"),
        ("/api/threads/?limit=1&limit=500", "limit"),
        ("/api/characters/?offset=0&offset=1", "offset"),
        ("/api/threads/{thread}/messages/?limit=5&limit=500", "limit"),
        ("/api/threads/{thread}/export/?as=drawhisper&as=sillytavern", "as"),
        ("/api/lorebooks/{lorebook}/export/?as=world_info&as=character_book", "as"),
    ],
)
def test_a_parameter_given_twice_is_a_400_naming_it(api_client, objects, path, name):
    response = api_client.get(path.format(**objects))
    assert response.status_code == 400, response.content
    assert response.json()["detail"] == f"{name}: Given more than once; give it once."


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/api/memories/?pinned=1", "pinned"),
        ("/api/memories/?shared=yes", "shared"),
        ("/api/memories/?shared=True", "shared"),
        ("/api/threads/{thread}/messages/?include_replaced=1", "include_replaced"),
    ],
)
def test_a_yes_no_filter_is_true_or_false(api_client, objects, path, name):
    response = api_client.get(path.format(**objects))
    assert response.status_code == 400, response.content
    assert response.json()["detail"] == f"{name}: Must be true or false."
    fixed = path.format(**objects).rsplit("=", 1)[0] + "=true"
    assert api_client.get(fixed).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/api/characters/{character}/card/?fromat=png",
        "/api/characters/{character}/card.png?x=1",
        "/api/lorebooks/{lorebook}/export/?as_=character_book",
    ],
)
def test_an_export_refuses_a_parameter_it_does_not_take(api_client, objects, path):
    url = path.format(**objects)
    response = api_client.get(url)
    assert response.status_code == 400, response.content
    name = url.rsplit("?", 1)[1].split("=")[0]
    assert response.json()["detail"].startswith(f"{name}: Unknown parameter.")


def test_the_lorebook_export_still_takes_as(api_client, objects):
    url = f"/api/lorebooks/{objects['lorebook']}/export/"
    assert "entries" in api_client.get(url).json()
    book = api_client.get(f"{url}?as=character_book").json()
    assert book["entries"] == [] and book["name"] == "Book"
    wrong = api_client.get(f"{url}?as=yaml")
    assert wrong.status_code == 400
    assert wrong.json()["detail"] == "as: Must be world_info or character_book."
