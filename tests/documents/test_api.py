"""``/api/documents/``: upload to your own character, scene or lorebook; refused files say
why; another user's documents and targets are not found; delete removes chunks and vectors."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from memories.index import get_vector_store
from memories.models import DocumentChunk, LoreDocument
from tests.factories import CharacterFactory, SceneFactory
from tests.support.pdf import text_pdf

pytestmark = pytest.mark.django_db

NOTES = b"# Harbour\n\nShips come in at dawn.\n\n# Lighthouse\n\nThe keeper is Oren.\n"


def upload(client, data=NOTES, name="bible.md", **target):
    return client.post(
        "/api/documents/",
        {"file": SimpleUploadedFile(name, data), **target},
        format="multipart",
    )


@pytest.fixture
def committed(django_capture_on_commit_callbacks, eager_celery):
    """Run what a request does after its commit (indexing, deletion) as it returns."""

    def run(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)

    return run


@pytest.fixture
def character(user):
    return CharacterFactory(owner=user, name="Mira")


def test_upload_indexes_in_the_background_and_reports_progress(api_client, character, committed):
    response = committed(upload, api_client, character=character.pk)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["name"] == "bible.md" and body["content_type"] == "text/markdown"
    assert body["size"] == len(NOTES) and len(body["checksum"]) == 64
    assert body["character"] == character.pk and body["scene"] is None

    shown = api_client.get(f"/api/documents/{body['id']}/").json()
    assert shown["status"] == "ready" and shown["error"] == ""
    assert shown["progress"] == {"done": 2, "total": 2}
    chunks = list(DocumentChunk.objects.filter(document_id=body["id"]).order_by("index"))
    assert [(c.heading, c.text) for c in chunks] == [
        ("Harbour", "Ships come in at dawn."),
        ("Lighthouse", "The keeper is Oren."),
    ]
    assert all(chunk.embedded for chunk in chunks)
    assert len(get_vector_store().get([f"document:{c.pk}" for c in chunks])) == 2

    listed = api_client.get("/api/documents/", {"character": character.pk}).json()
    assert [item["id"] for item in listed["results"]] == [body["id"]]


def test_a_new_upload_is_queued_until_a_worker_takes_it(api_client, character, settings):
    # No eager Celery: the task went to the broker; the document says so.
    response = upload(api_client, character=character.pk)
    assert response.status_code == 201
    assert response.json()["status"] == "queued"
    assert response.json()["progress"] == {"done": 0, "total": 0}


def test_the_same_file_twice_is_one_document_and_stored_once(api_client, user, character):
    first = upload(api_client, character=character.pk)
    again = upload(api_client, character=character.pk, name="copy.md")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    scene = SceneFactory(owner=user, character=character)
    elsewhere = upload(api_client, scene=scene.pk)
    assert elsewhere.status_code == 201 and elsewhere.json()["id"] != first.json()["id"]
    files = set(LoreDocument.objects.values_list("file", flat=True))
    assert len(files) == 1  # one stored original for both documents


def test_a_pdf_upload(api_client, character, committed):
    data = text_pdf([["The Harbour", "Ships come in at dawn."], ["The keeper is Oren."]])
    response = committed(upload, api_client, data=data, name="bible.pdf", character=character.pk)
    assert response.status_code == 201
    document = LoreDocument.objects.get(pk=response.json()["id"])
    assert document.content_type == "application/pdf" and document.status == "ready"
    assert list(document.chunks.order_by("index").values_list("page", flat=True)) == [1, 2]


def test_an_oversized_file_is_refused_before_it_is_read(api_client, character, settings):
    settings.DOCUMENT_MAX_BYTES = 100
    response = upload(api_client, data=b"x" * 101, name="big.txt", character=character.pk)
    assert response.status_code == 400
    assert "at most 100 bytes" in response.json()["detail"]
    assert response.json()["detail"].startswith("file")
    assert not LoreDocument.objects.exists()


@pytest.mark.parametrize(
    ("data", "name", "words"),
    [
        (b"%PDF-1.7\n1 0 obj garbage", "broken.pdf", "The PDF could not be read"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "picture.md", "Only text, Markdown or PDF"),
        (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00", "notes.docx", "Only text"),
    ],
)
def test_malformed_or_wrong_type_files_are_refused_readably(
    api_client, character, data, name, words
):
    response = upload(api_client, data=data, name=name, character=character.pk)
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert "file" in response.json()["errors"]
    assert not LoreDocument.objects.exists()


def test_exactly_one_target_and_no_unknown_fields(api_client, user, character):
    scene = SceneFactory(owner=user, character=character)
    assert upload(api_client).status_code == 400
    both = upload(api_client, character=character.pk, scene=scene.pk)
    assert both.status_code == 400 and "exactly one" in both.json()["detail"]
    unknown = upload(api_client, character=character.pk, colour="red")
    assert unknown.status_code == 400 and "colour" in unknown.json()["detail"]
    bad_id = upload(api_client, character="abc")
    assert bad_id.status_code == 400


def test_another_users_targets_and_documents_are_not_found(
    api_client, other_api_client, other_user, character
):
    theirs = CharacterFactory(owner=other_user)
    their_scene = SceneFactory(owner=other_user).pk
    for target, answer in [
        ({"character": theirs.pk}, "character: No such character."),
        ({"character": 987654}, "character: No such character."),
        ({"scene": their_scene}, "scene: No such scene."),
        ({"lorebook": 987654}, "lorebook: No such lorebook."),
    ]:
        response = upload(api_client, **target)
        assert (response.status_code, response.json()) == (404, {"detail": answer}), target
    assert not LoreDocument.objects.exists()

    mine = upload(api_client, character=character.pk).json()
    assert other_api_client.get(f"/api/documents/{mine['id']}/").status_code == 404
    assert other_api_client.delete(f"/api/documents/{mine['id']}/").status_code == 404
    assert other_api_client.post(f"/api/documents/{mine['id']}/retry/").status_code == 404
    assert other_api_client.get("/api/documents/").json()["results"] == []
    assert LoreDocument.objects.filter(pk=mine["id"]).exists()


def test_delete_removes_chunks_vectors_and_the_file(
    api_client, character, committed, document_root
):
    body = committed(upload, api_client, character=character.pk).json()
    document = LoreDocument.objects.get(pk=body["id"])
    ids = [f"document:{pk}" for pk in document.chunks.values_list("pk", flat=True)]
    path = document_root / document.file.name
    assert path.exists() and len(get_vector_store().get(ids)) == 2

    assert committed(api_client.delete, f"/api/documents/{body['id']}/").status_code == 204
    assert not DocumentChunk.objects.filter(document_id=body["id"]).exists()
    assert get_vector_store().get(ids) == []
    assert not path.exists()
    assert api_client.get(f"/api/documents/{body['id']}/").status_code == 404


def test_a_failed_document_can_be_retried(api_client, character, committed):
    body = committed(upload, api_client, character=character.pk).json()
    assert api_client.post(f"/api/documents/{body['id']}/retry/").status_code == 409
    LoreDocument.objects.filter(pk=body["id"]).update(
        status="failed", last_error="Indexing failed: the embedder timed out."
    )
    failed = api_client.get(f"/api/documents/{body['id']}/").json()
    assert (failed["status"], failed["error"]) == (
        "failed",
        "Indexing failed: the embedder timed out.",
    )
    retried = committed(api_client.post, f"/api/documents/{body['id']}/retry/")
    assert retried.status_code == 200
    assert api_client.get(f"/api/documents/{body['id']}/").json()["status"] == "ready"


def test_deleting_the_character_removes_its_documents_files_and_vectors(
    api_client, character, committed, document_root
):
    body = committed(upload, api_client, character=character.pk).json()
    document = LoreDocument.objects.get(pk=body["id"])
    ids = [f"document:{pk}" for pk in document.chunks.values_list("pk", flat=True)]
    path = document_root / document.file.name
    assert path.exists()
    assert committed(api_client.delete, f"/api/characters/{character.pk}/").status_code == 204
    assert not LoreDocument.objects.filter(pk=body["id"]).exists()
    assert get_vector_store().get(ids) == []
    assert not path.exists()


def test_a_file_two_documents_share_stays_until_the_last_goes(
    api_client, user, character, committed, document_root
):
    first = committed(upload, api_client, character=character.pk).json()
    scene = SceneFactory(owner=user, character=character)
    second = committed(upload, api_client, scene=scene.pk).json()
    path = document_root / LoreDocument.objects.get(pk=first["id"]).file.name
    committed(api_client.delete, f"/api/documents/{first['id']}/")
    assert path.exists()
    committed(api_client.delete, f"/api/documents/{second['id']}/")
    assert not path.exists()


def test_the_original_is_served_to_its_owner_only(
    api_client, other_api_client, client, user, character, committed, media_root, document_root
):
    body = committed(upload, api_client, character=character.pk).json()
    assert body["url"] == f"/api/documents/{body['id']}/file/"

    mine = api_client.get(body["url"])
    assert mine.status_code == 200
    assert b"".join(mine.streaming_content) == NOTES
    assert mine["Content-Type"] == "text/markdown; charset=utf-8"
    assert 'filename="bible.md"' in mine["Content-Disposition"]
    assert {"private", "no-store"} <= set(mine["Cache-Control"].replace(" ", "").split(","))

    assert other_api_client.get(body["url"]).status_code == 404
    assert client.get(body["url"]).status_code in (401, 403)  # not logged in
    client.force_login(user)  # the browser: session login
    assert b"".join(client.get(body["url"]).streaming_content) == NOTES

    # The original is kept outside the media root, so no media route (nor a proxy serving
    # MEDIA_ROOT) can hand it out; the media route refuses documents/ paths outright.
    name = LoreDocument.objects.get(pk=body["id"]).file.name
    assert (document_root / name).read_bytes() == NOTES
    assert not (media_root / name).exists()
    (media_root / name).parent.mkdir(parents=True)
    (media_root / name).write_bytes(NOTES)  # a copy left over from before
    for path in (name, f"avatars/../{name}", f"./{name}"):
        assert client.get(f"/media/{path}").status_code == 404


def test_avatars_are_still_served_from_the_media_route(client, media_root):
    (media_root / "avatars").mkdir(parents=True)
    (media_root / "avatars" / "mira.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    response = client.get("/media/avatars/mira.png")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"\x89PNG\r\n\x1a\n"


def test_a_pdf_opens_in_the_browser_and_a_missing_file_is_not_found(
    api_client, character, committed, document_root
):
    pdf = text_pdf([["The lighthouse keeper is Oren."]])
    body = committed(upload, api_client, data=pdf, name="keeper.pdf", character=character.pk)
    url = body.json()["url"]
    response = api_client.get(url)
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline")
    assert b"".join(response.streaming_content) == pdf
    (document_root / LoreDocument.objects.get(pk=body.json()["id"]).file.name).unlink()
    assert api_client.get(url).status_code == 404


def test_the_migration_moves_earlier_originals_out_of_the_media_root(
    user, character, media_root, document_root
):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("memories.migrations.0012_document_private_storage")
    name = f"documents/{user.pk}/{'a' * 64}.md"
    LoreDocument.objects.create(
        owner=user,
        character=character,
        name="old.md",
        file=name,
        checksum="a" * 64,
        size=5,
        content_type="text/markdown",
    )
    (media_root / name).parent.mkdir(parents=True)
    (media_root / name).write_bytes(b"notes")
    migration.move_originals_out_of_media(apps, None)
    assert not (media_root / name).exists()
    assert (document_root / name).read_bytes() == b"notes"
