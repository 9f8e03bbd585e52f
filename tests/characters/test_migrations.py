"""Migration 0003 run on a database as it was before lorebooks were filled from cards: a
character imported then kept its card's book in ``character_book``; after the migration the
book's entries fire as the character's own lorebook, and the card still exports the book
unchanged.

The database is migrated back to ``characters`` 0002 with Django's migration executor, the
rows are written through that state's historical models, then 0003 runs; afterwards the
database is migrated forward to the latest state again for the tests that follow."""

from __future__ import annotations

import copy

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.characters.lorebook_fixtures import CHARACTER_BOOK_V2

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("characters", "0002_lorebooks_personas")]
AFTER = [("characters", "0003_card_books_to_lorebooks")]


def migrate(targets):
    """Migrate the test database to ``targets``; the historical apps of that state."""
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def migrator():
    yield migrate
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_card_book_kept_on_a_character_becomes_the_characters_lorebook(migrator):
    apps = migrator(BEFORE)
    User = apps.get_model("auth", "User")
    Character = apps.get_model("characters", "Character")
    owner = User.objects.create(username="archivist")
    seraphina = Character.objects.create(
        owner=owner, name="Seraphina", character_book=copy.deepcopy(CHARACTER_BOOK_V2)
    )
    Character.objects.create(owner=owner, name="Plain")  # no book: nothing to make
    # A book the reader cannot read is left on the character, still exported with the card.
    odd = Character.objects.create(owner=owner, name="Odd", character_book={"entries": "none"})

    apps = migrator(AFTER)
    Lorebook = apps.get_model("characters", "Lorebook")
    [book] = Lorebook.objects.all()
    assert (book.owner_id, book.card_character_id, book.name) == (owner.pk, seraphina.pk, "Eldoria")
    assert (book.description, book.scan_depth, book.token_budget) == (
        "Places and people of the forest",
        3,
        512,
    )
    assert list(book.characters.values_list("pk", flat=True)) == [seraphina.pk]
    entries = [
        (entry.keys, entry.secondary_keys, entry.content, entry.constant, entry.enabled)
        for entry in book.entries.order_by("-insertion_order")
    ]
    assert entries == [
        (["glade"], [], "A ring of silver birches.", False, True),
        (["Seraphina's past"], ["lie"], "{{char}} once served the queen.", False, True),
        ([], [], "The forest remembers every footstep.", True, True),
    ]
    Character = apps.get_model("characters", "Character")
    assert Character.objects.get(pk=seraphina.pk).character_book == CHARACTER_BOOK_V2
    assert Character.objects.get(pk=odd.pk).character_book == {"entries": "none"}

    # Run again (back to 0002, whose reverse keeps the books, and forward): no second book.
    migrator(BEFORE)
    apps = migrator(AFTER)
    assert apps.get_model("characters", "Lorebook").objects.count() == 1
    assert apps.get_model("characters", "LorebookEntry").objects.count() == 3
