"""Pin and share semantics, proved through the receipts of two chats with one character.

Memories are made and steered through the REST API, then chat's own context assembly builds
the prompt of the next reply in each chat; the receipt says which layer each memory came
through (or that it stayed out)."""

from __future__ import annotations

import pytest

from chat.context import assemble_context
from tests.factories import MessageFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db

URL = "/api/memories/"
QUESTION = "Who keeps the lighthouse on Skerry island these days?"


@pytest.fixture
def chats(character):
    """Chat A (plain) and chat B (a scene of the same character), each ending with the same
    user question, so retrieval has every reason to find the lighthouse memories."""
    chat_a = ThreadFactory(character=character, title="Chat A")
    chat_b = ThreadFactory(
        character=character, scene=SceneFactory(character=character), title="Chat B"
    )
    for thread in (chat_a, chat_b):
        MessageFactory(thread=thread, seq=1, role="user", content="Good evening.")
        MessageFactory(thread=thread, seq=2, role="assistant", content="Evening. Sit by the fire.")
        MessageFactory(thread=thread, seq=3, role="user", content=QUESTION)
    return chat_a, chat_b


def make(api_client, character, thread, title, content, **extra):
    body = {
        "character": character.pk,
        "thread": thread.pk,
        "type": "fact",
        "title": title,
        "content": content,
    }
    response = api_client.post(URL, {**body, **extra}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def layers(thread, user):
    """memory id -> layer, from the receipt of the next reply in ``thread``."""
    receipt = assemble_context(thread=thread, reply_seq=4, user_name=user.username).receipt
    return {item.id: item.layer for item in receipt.items if item.kind == "memory"}


def test_pinned_shared_and_local_memories_reach_exactly_the_right_chats(
    api_client, user, character, chats
):
    chat_a, chat_b = chats
    local = make(
        api_client,
        character,
        chat_a,
        "Lighthouse keeper",
        "Mira keeps the lighthouse on Skerry island.",
    )
    pinned_a = make(
        api_client,
        character,
        chat_a,
        "Storm lantern",
        "The lighthouse lantern on Skerry island is red.",
    )
    shared = make(
        api_client, character, chat_a, "Harbour", "The Skerry island harbour freezes in winter."
    )
    pinned_b = make(
        api_client,
        character,
        chat_a,
        "Ferry",
        "A ferry reaches Skerry island lighthouse twice a week.",
    )

    assert (
        api_client.post(f"{URL}{pinned_a}/pin/", {"thread": chat_a.pk}, format="json").status_code
        == 200
    )
    assert api_client.post(f"{URL}{shared}/share/").status_code == 200
    assert (
        api_client.post(f"{URL}{pinned_b}/pin/", {"thread": chat_b.pk}, format="json").status_code
        == 200
    )

    in_a = layers(chat_a, user)
    assert in_a[pinned_a] == "pinned"
    assert in_a[shared] == "shared"
    assert in_a[local] == "retrieved"  # neither pinned nor shared: found in its own chat
    assert in_a.get(pinned_b) != "pinned"  # pinned to B only

    in_b = layers(chat_b, user)  # a scene of the same character
    assert in_b[pinned_b] == "pinned"
    assert in_b[shared] == "shared"
    assert local not in in_b  # matches the question best, yet it belongs to chat A alone
    assert pinned_a not in in_b  # pinned to A only


def test_unsharing_unpinning_and_dismissing_take_effect_on_the_next_reply(
    api_client, user, character, chats
):
    chat_a, chat_b = chats
    shared = make(
        api_client,
        character,
        chat_a,
        "Harbour",
        "The Skerry island harbour freezes in winter.",
        shared=True,
    )
    pinned = make(
        api_client,
        character,
        chat_b,
        "Lighthouse keeper",
        "Mira keeps the lighthouse on Skerry island.",
        pin=True,
    )
    assert layers(chat_b, user) == {shared: "shared", pinned: "pinned"}

    # Dismissed in B: gone from B (not even retrieved), still shared in A.
    api_client.post(f"{URL}{shared}/dismiss/", {"thread": chat_b.pk}, format="json")
    assert shared not in layers(chat_b, user)
    assert layers(chat_a, user)[shared] == "shared"

    # Unpinned in B, where it was made: it falls back to retrieval there, and never reaches A.
    api_client.delete(f"{URL}{pinned}/pin/", {"thread": chat_b.pk}, format="json")
    assert layers(chat_b, user)[pinned] == "retrieved"
    assert pinned not in layers(chat_a, user)

    # Unshared: in A, where it was made, it is only retrievable now; B never sees it.
    api_client.delete(f"{URL}{shared}/share/")
    assert layers(chat_a, user)[shared] == "retrieved"
    assert shared not in layers(chat_b, user)

    # Pinning in B lifts the dismissal there.
    api_client.post(f"{URL}{shared}/pin/", {"thread": chat_b.pk}, format="json")
    assert layers(chat_b, user)[shared] == "pinned"


def test_a_deleted_memory_reaches_no_chat(
    api_client, user, character, chats, django_capture_on_commit_callbacks
):
    chat_a, chat_b = chats
    memory = make(
        api_client,
        character,
        chat_a,
        "Harbour",
        "The Skerry island harbour freezes in winter.",
        shared=True,
        pin=True,
    )
    assert layers(chat_a, user)[memory] == "pinned" and layers(chat_b, user)[memory] == "shared"
    with django_capture_on_commit_callbacks(execute=True):
        assert api_client.delete(f"{URL}{memory}/").status_code == 204
    assert memory not in layers(chat_a, user) and memory not in layers(chat_b, user)
