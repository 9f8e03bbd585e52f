"""Query strings read strictly: a parameter given twice, a yes/no filter that is not
``true`` or ``false``, and a parameter an export or any other GET does not take are 400s
naming them, where DRF would read the last value, ``1``/``yes`` as true, or drop the
parameter."""

from __future__ import annotations

import re

import pytest
from django.urls import URLResolver, get_resolver

from tests.factories import CharacterFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


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
def test_a_parameter_given_twice_is_a_400_naming_it(api_client, rows, path, name):
    response = api_client.get(path.format(**rows))
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
def test_a_yes_no_filter_is_true_or_false(api_client, rows, path, name):
    response = api_client.get(path.format(**rows))
    assert response.status_code == 400, response.content
    assert response.json()["detail"] == f"{name}: Must be true or false."
    fixed = path.format(**rows).rsplit("=", 1)[0] + "=true"
    assert api_client.get(fixed).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/api/characters/{character}/card/?fromat=png",
        "/api/characters/{character}/card.png?x=1",
        "/api/lorebooks/{lorebook}/export/?as_=character_book",
    ],
)
def test_an_export_refuses_a_parameter_it_does_not_take(api_client, rows, path):
    url = path.format(**rows)
    response = api_client.get(url)
    assert response.status_code == 400, response.content
    name = url.rsplit("?", 1)[1].split("=")[0]
    assert response.json()["detail"].startswith(f"{name}: Unknown parameter.")


def test_the_lorebook_export_still_takes_as(api_client, rows):
    url = f"/api/lorebooks/{rows['lorebook']}/export/"
    assert "entries" in api_client.get(url).json()
    book = api_client.get(f"{url}?as=character_book").json()
    assert book["entries"] == [] and book["name"] == "Book"
    wrong = api_client.get(f"{url}?as=yaml")
    assert wrong.status_code == 400
    assert wrong.json()["detail"] == "as: Must be world_info or character_book."


# drf-spectacular's own views, which read ``?format=`` and ``?lang=`` as they see fit.
_NOT_OURS = {"api-schema", "api-docs"}


def _routes(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def api_get_paths() -> list[str]:
    """Every path under /api/ that answers GET, its ids as ``{character_id}`` and so on."""
    paths = []
    for route, pattern in _routes(get_resolver().url_patterns):
        view = getattr(pattern.callback, "view_class", None)
        if route.startswith("api/") and pattern.name not in _NOT_OURS and hasattr(view, "get"):
            paths.append("/" + re.sub(r"<int:(\w+)>", r"{\1}", route))
    return paths


@pytest.fixture
def path_ids(rows):
    """One of the user's own rows for every id a path takes (``{memory_id}``...)."""
    return {f"{kind}_id": pk for kind, pk in rows.items()}


def test_every_get_refuses_a_query_parameter_it_does_not_take(api_client, path_ids):
    """A single object's GET (``/api/memories/5/?fields=title``) answered the whole object
    as if the parameter had done something; it is a 400 naming it, as on the lists, for HEAD
    too; OPTIONS still describes the endpoint."""
    paths = api_get_paths()
    assert "/api/memories/{memory_id}/" in paths and "/api/characters/{character_id}/" in paths
    wrong = {}
    for path in paths:
        url = path.format(**path_ids) + "?colour=blue"
        got = api_client.get(url)
        detail = got.json().get("detail", "") if got.status_code == 400 else got.status_code
        head = api_client.head(url)
        options = api_client.options(url).status_code
        if not str(detail).startswith("colour: Unknown parameter.") or head.status_code != 400:
            wrong[path] = (detail, head.status_code)
        elif head.content or options != 200:
            wrong[path] = ("HEAD body or OPTIONS", head.content, options)
    assert wrong == {}


def test_another_users_object_is_404_before_its_parameters_are_read(other_api_client, path_ids):
    wrong = {}
    for path in api_get_paths():
        if "{" in path:
            got = other_api_client.get(path.format(**path_ids) + "?colour=blue")
            if got.status_code != 404:
                wrong[path] = got.status_code
    assert wrong == {}


@pytest.fixture
def others_rows(other_user, other_api_client):
    """The ids of another user's character, scene, chat and lorebook."""
    character = CharacterFactory(owner=other_user)
    lorebook = other_api_client.post("/api/lorebooks/", {"name": "Theirs"}, format="json")
    return {
        "character": character.pk,
        "scene": SceneFactory(character=character).pk,
        "thread": ThreadFactory(character=character).pk,
        "lorebook": lorebook.json()["id"],
    }


@pytest.mark.parametrize(
    ("path", "name", "kind"),
    [
        ("/api/memories/", "character", "character"),
        ("/api/memories/", "thread", "chat"),
        ("/api/memories/conflicts/", "character", "character"),
        ("/api/memories/export/", "character", "character"),
        ("/api/scenes/", "character", "character"),
        ("/api/threads/", "character", "character"),
        ("/api/threads/", "scene", "scene"),
        ("/api/documents/", "character", "character"),
        ("/api/documents/", "scene", "scene"),
        ("/api/documents/", "lorebook", "lorebook"),
    ],
)
def test_a_list_filtered_by_another_users_row_is_a_404(
    api_client, rows, others_rows, path, name, kind
):
    """The chats and documents lists answered an empty page for another user's (or a
    missing) character, scene or lorebook, read as "none yet"; like the memories and scenes
    lists, they answer 404 saying which is not found."""
    response = api_client.get(path, {name: others_rows[name]})
    assert response.status_code == 404, response.content
    assert kind in response.json()["detail"].lower()
    assert api_client.get(path, {name: rows[name]}).status_code == 200


@pytest.mark.parametrize(
    ("path", "taken"),
    [
        ("/api/characters/", "limit, offset"),
        ("/api/personas/", "limit, offset"),
        ("/api/memories/", "character, thread, type, pinned, shared, q, status, limit, offset"),
        ("/api/threads/", "character, scene, limit, offset"),
    ],
)
def test_a_paged_list_names_its_page_among_what_it_takes(api_client, path, taken):
    """A paged list said "This endpoint takes: no parameters." while it took limit and
    offset, which sent the user looking for another way to page."""
    response = api_client.get(path, {"page": 2})
    assert response.status_code == 400, response.content
    assert response.json()["detail"] == f"page: Unknown parameter. This endpoint takes: {taken}."
    assert api_client.get(path, {"limit": 1, "offset": 0}).status_code == 200


@pytest.mark.parametrize(
    "path", ["/api/memories/{memory}/", "/api/characters/{character}/card/", "/api/connections/"]
)
def test_what_is_not_paged_refuses_a_page(api_client, rows, path):
    """``?limit=1`` on one memory (or on a list that is not paged) answered everything as if
    it had been read."""
    response = api_client.get(path.format(**rows), {"limit": 1})
    assert response.status_code == 400, response.content
    assert response.json()["detail"].startswith("limit: Unknown parameter.")
