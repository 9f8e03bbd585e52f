"""What a chat turn keeps between turns of a process never shows a stale text.

A chat's lore (its books, entries and attachments) is kept per process under the chat's lore
stamp, read with the reply's own row. Each test edits the lore through one write path (a
service, ``QuerySet.update()``, a raw attachment, a card import, the vector worker, a delete)
between two turns and checks the next reply's prompt, as the model gets it, has the change.
The cache is bounded and keyed by the owner."""

from __future__ import annotations

import pytest

from characters.lorebooks import selectors as lore_selectors
from characters.lorebooks.services import lorebook_create, lorebook_update
from characters.lorebooks.vectors import lorebook_vectors_sync
from characters.models import Lorebook, LorebookEntry
from characters.services import character_update
from chat import services
from chat.services import thread_create
from tests.factories import CharacterFactory, UserFactory

pytestmark = pytest.mark.django_db

ASKED = "Do you remember my sister at the lighthouse?"


def prompt_of(thread, content: str = ASKED) -> str:
    """The system message of the next reply in ``thread``, as the socket prepares it."""
    sent = services.message_send(thread=thread, content=content)
    prepared = services.reply_prepare(reply_id=sent.reply.pk, store_receipt=False)
    services.reply_finish(
        reply_id=sent.reply.pk, content="*nods*", status="complete", receipt=prepared.receipt
    )
    return prepared.messages[0].content


def book_on(character, *, content: str, keys=("sister",), **entry) -> Lorebook:
    return lorebook_create(
        owner=character.owner,
        data={
            "name": "Coast",
            "characters": [character.pk],
            "entries": [{"keys": list(keys), "content": content, **entry}],
        },
    )


def test_an_entry_edited_through_the_service_shows_in_the_next_reply(thread):
    book = book_on(thread.character, content="Mira keeps the lighthouse.")
    assert "Mira keeps the lighthouse." in prompt_of(thread)
    entry = LorebookEntry.objects.get(lorebook=book)
    lorebook_update(
        lorebook=book,
        data={"entries": [{"id": entry.pk, "keys": ["sister"], "content": "Mira left Vell."}]},
    )
    system = prompt_of(thread)
    assert "Mira left Vell." in system and "Mira keeps the lighthouse." not in system


def test_an_entry_changed_by_a_queryset_update_shows_in_the_next_reply(thread):
    # ``QuerySet.update()`` bumps no ``updated_at`` and sends no signal.
    book = book_on(thread.character, content="Mira keeps the lighthouse.")
    assert "Mira keeps the lighthouse." in prompt_of(thread)
    LorebookEntry.objects.filter(lorebook=book).update(content="Mira sold the lighthouse.")
    assert "Mira sold the lighthouse." in prompt_of(thread)
    # Twice in the same transaction (this test's), and a book field too.
    LorebookEntry.objects.filter(lorebook=book).update(content="Mira bought it back.")
    assert "Mira bought it back." in prompt_of(thread)
    Lorebook.objects.filter(pk=book.pk).update(token_budget=1)
    assert "Mira bought it back." not in prompt_of(thread)  # over the book's own budget now


def test_a_book_attached_or_detached_by_a_raw_write_shows_in_the_next_reply(thread, user):
    book = lorebook_create(
        owner=user,
        data={"name": "Chat", "entries": [{"keys": ["sister"], "content": "Mira is older."}]},
    )
    assert "Mira is older." not in prompt_of(thread)
    book.threads.add(thread)  # the attachment table only
    assert "Mira is older." in prompt_of(thread)
    book.threads.remove(thread)
    assert "Mira is older." not in prompt_of(thread)


def test_an_entry_or_a_book_deleted_leaves_the_next_reply(thread):
    book = book_on(thread.character, content="Mira keeps the lighthouse.")
    assert "Mira keeps the lighthouse." in prompt_of(thread)
    LorebookEntry.objects.filter(lorebook=book).delete()
    assert "Mira keeps the lighthouse." not in prompt_of(thread)
    book_on(thread.character, content="Mira sails at dawn.")
    assert "Mira sails at dawn." in prompt_of(thread)
    Lorebook.objects.filter(characters=thread.character).delete()
    assert "Mira sails at dawn." not in prompt_of(thread)


def test_a_card_book_imported_again_shows_in_the_next_reply(thread):
    def card_book(content: str) -> dict:
        return {"entries": [{"keys": ["sister"], "content": content, "enabled": True}]}

    character_update(character=thread.character, data={"character_book": card_book("Mira paints.")})
    assert "Mira paints." in prompt_of(thread)
    character_update(
        character=thread.character, data={"character_book": card_book("Mira sculpts.")}
    )
    system = prompt_of(thread)
    assert "Mira sculpts." in system and "Mira paints." not in system


def test_an_entry_the_vector_worker_embedded_fires_by_meaning_in_the_next_reply(thread, settings):
    settings.LORE_VECTOR_THRESHOLD = 0.3
    settings.LORE_VECTOR_MAX_ENTRIES = 5
    bay = "The sunken city of Ys lies beneath the bay; its bells still ring at low tide."
    book = book_on(thread.character, content=bay, keys=("bells",), vectorized=True)
    asked = "Tell me about the sunken city beneath the bay."
    assert bay not in prompt_of(thread, asked)  # no vector yet: only its key could fire it
    lorebook_vectors_sync(lorebook_id=book.pk)  # what the worker's task runs
    assert bay in prompt_of(thread, asked + " Again?")


def test_the_kept_lore_is_bounded_and_each_chat_gets_its_own(monkeypatch):
    monkeypatch.setattr(lore_selectors, "CHAT_LORE_CACHE_SIZE", 2)
    chats = []
    for name in ("Ada", "Bea", "Cy"):
        owner = UserFactory()
        character = CharacterFactory(owner=owner)
        book_on(character, content=f"{name}'s sister keeps the lighthouse.")
        chats.append((name, thread_create(owner=owner, character=character)))
    for _ in range(2):
        for name, thread in chats:
            system = prompt_of(thread)
            assert f"{name}'s sister keeps the lighthouse." in system
            others = [other for other, _ in chats if other != name]
            assert not any(f"{other}'s sister" in system for other in others)
    assert len(lore_selectors._chat_lore_cache) <= 2


def test_another_users_chat_with_the_same_ids_never_gets_this_users_lore(thread, user):
    """The key holds the owner: a chat of another user never reads this one's entry."""
    book_on(thread.character, content="Mira keeps the lighthouse.")
    assert "Mira keeps the lighthouse." in prompt_of(thread)
    stranger = UserFactory()
    theirs = thread_create(owner=stranger, character=CharacterFactory(owner=stranger))
    assert "Mira keeps the lighthouse." not in prompt_of(theirs)
    assert all(key[0] != stranger.pk or key[-1] is None for key in lore_selectors._chat_lore_cache)
