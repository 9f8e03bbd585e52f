"""Document chunks in a chat's retrieval: the right chunk for the question, cited by document
and position, under the scope rules (character, scene, lorebook wherever attached)."""

from __future__ import annotations

import pytest

from characters.models import Lorebook
from memories import context
from memories.documents import Target, document_create
from memories.documents.indexing import index_document
from memories.models import LoreDocument
from memories.retrieval import scope_for_thread
from tests.factories import CharacterFactory, SceneFactory, ThreadFactory
from tests.support.pdf import text_pdf

pytestmark = pytest.mark.django_db

BIBLE = """# The Harbour

Ships come in at dawn, when the fog lifts off the grey water.

## The docks

Dock three has been closed since the warehouse fire; smugglers now use it at night.

# The Lighthouse

The keeper is Oren Vale, who collects brass compasses and never leaves the tower.
"""


def indexed(owner, target: Target, data: bytes = BIBLE.encode(), name="bible.md"):
    document, _ = document_create(owner=owner, target=target, name=name, data=data)
    assert index_document(document_id=document.pk) == "ready"
    return document


def found(thread, query="Who keeps the lighthouse and what does he collect?"):
    return context.retrieve(thread_id=thread.pk, query=query, budget_tokens=2000)


def documents_in(items):
    return [item for item in items if item.kind == "document"]


@pytest.fixture
def thread(media_root):
    return ThreadFactory(character__name="Mira")


def test_the_chunk_that_answers_comes_back_cited(thread):
    indexed(thread.owner, Target(character_id=thread.character_id))
    items = documents_in(found(thread))
    assert items, "no document chunk was retrieved"
    best = items[0]
    assert "Oren Vale" in best.text and "brass compasses" in best.text
    assert best.title == "bible.md › The Lighthouse"
    assert best.type.startswith("characters ")
    assert best.text.startswith("[bible.md › The Lighthouse, characters ")


def test_a_pdf_chunk_is_cited_by_page(thread):
    data = text_pdf(
        [
            ["The Harbour", "Ships come in at dawn."],
            ["The keeper is Oren Vale.", "He collects compasses."],
        ]
    )
    indexed(thread.owner, Target(character_id=thread.character_id), data=data, name="bible.pdf")
    best = documents_in(found(thread))[0]
    assert (best.title, best.type) == ("bible.pdf", "page 2")
    assert "compasses" in best.text


def test_another_characters_document_stays_out(thread):
    other = CharacterFactory(owner=thread.owner)
    indexed(thread.owner, Target(character_id=other.pk))
    assert documents_in(found(thread)) == []
    assert scope_for_thread(thread_id=thread.pk).document_ids == frozenset()


def test_a_scenes_document_serves_that_scenes_chats_only(media_root):
    scene = SceneFactory()
    in_scene = ThreadFactory(owner=scene.owner, character=scene.character, scene=scene)
    without = ThreadFactory(owner=scene.owner, character=scene.character)
    indexed(scene.owner, Target(scene_id=scene.pk))
    assert documents_in(found(in_scene))
    assert documents_in(found(without)) == []


def test_a_lorebooks_document_serves_wherever_the_lorebook_is_attached(thread):
    book = Lorebook.objects.create(owner=thread.owner, name="World")
    document = indexed(thread.owner, Target(lorebook_id=book.pk))
    assert documents_in(found(thread)) == []  # attached nowhere yet
    book.threads.add(thread)
    assert documents_in(found(thread))
    book.threads.remove(thread)
    book.characters.add(thread.character)
    assert documents_in(found(thread))
    other_chat = ThreadFactory(owner=thread.owner, character=CharacterFactory(owner=thread.owner))
    assert documents_in(found(other_chat)) == []
    assert scope_for_thread(thread_id=thread.pk).document_ids == frozenset({document.pk})


def test_only_ready_documents_serve(thread):
    document = indexed(thread.owner, Target(character_id=thread.character_id))
    LoreDocument.objects.filter(pk=document.pk).update(status="indexing")
    assert documents_in(found(thread)) == []


def test_indexing_twice_changes_nothing(thread):
    document = indexed(thread.owner, Target(character_id=thread.character_id))
    chunks = list(document.chunks.values_list("pk", "text"))
    LoreDocument.objects.filter(pk=document.pk).update(status="queued")
    assert index_document(document_id=document.pk) == "ready"
    assert list(document.chunks.values_list("pk", "text")) == chunks
    assert index_document(document_id=document.pk) == "skipped"  # ready: nothing to claim
