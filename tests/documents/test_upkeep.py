"""The vector upkeep commands know lore-document passages: reconcile keeps their vectors
(they are not orphans) and reindex embeds the ones a store lacks."""

from __future__ import annotations

import pytest

from memories.documents import Target, document_create
from memories.documents.indexing import index_document
from memories.index import get_vector_store, reconcile, reindex
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(media_root):
    character = CharacterFactory()
    created, _ = document_create(
        owner=character.owner,
        target=Target(character_id=character.pk),
        name="notes.md",
        data=b"# One\n\nFirst passage.\n\n# Two\n\nSecond passage.\n",
    )
    assert index_document(document_id=created.pk) == "ready"
    return created


def vector_ids(document):
    return [f"document:{pk}" for pk in document.chunks.values_list("pk", flat=True)]


def test_reconcile_keeps_passage_vectors(document):
    report = reconcile(repair=True)
    assert report.orphans == 0
    assert len(get_vector_store().get(vector_ids(document))) == 2


def test_reindex_embeds_passages_the_store_lacks(document):
    ids = vector_ids(document)
    get_vector_store().delete(ids[:1])
    report = reindex()
    assert (report.indexed["document"], report.skipped["document"]) == (1, 1)
    assert len(get_vector_store().get(ids)) == 2
