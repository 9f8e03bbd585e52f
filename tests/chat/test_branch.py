"""Branch a chat at a message: a new chat with copies of the messages up to it, the same
character, scene and persona, the origin's pins; the origin untouched; listed under it."""

from __future__ import annotations

import pytest

from chat.models import Message, Thread
from memories.models import Memory, MemoryPin
from tests.factories import CharacterFactory, MessageFactory, SceneFactory, ThreadFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def origin(user):
    from characters.models import Persona

    character = CharacterFactory(owner=user, name="Mara")
    scene = SceneFactory(character=character, owner=user, title="Storm")
    persona = Persona.objects.create(owner=user, name="Captain Ada", description="A sailor.")
    thread = ThreadFactory(
        owner=user, character=character, scene=scene, persona=persona, title="Night watch"
    )
    texts = ["Welcome aboard.", "Where are we?", "Off the north cape.", "Turn back.", "No."]
    for seq, text in enumerate(texts, start=1):
        MessageFactory(
            thread=thread, seq=seq, role="assistant" if seq % 2 else "user", content=text
        )
    return thread


def test_branch_copies_the_messages_up_to_the_one_chosen(api_client, user, origin):
    third = Message.objects.get(thread=origin, seq=3)
    MessageFactory(  # an earlier version of the third message is not copied
        thread=origin, seq=6, role="assistant", content="Old take.", active=False, replaced_by=third
    )
    memory = Memory.objects.create(
        owner=user, character=origin.character, type="fact", title="Cape", content="North cape."
    )
    MemoryPin.objects.create(memory=memory, thread=origin)

    response = api_client.post(f"/api/threads/{origin.pk}/messages/{third.pk}/branch/")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["branched_from"] == origin.pk and body["branched_at_seq"] == 3
    assert body["title"] == "Night watch · branch"
    branch = Thread.objects.get(pk=body["id"])
    assert (branch.character_id, branch.scene_id, branch.persona_id) == (
        origin.character_id,
        origin.scene_id,
        origin.persona_id,
    )
    shown = api_client.get(f"/api/threads/{branch.pk}/messages/").json()["results"]
    assert [(m["seq"], m["role"], m["content"]) for m in shown] == [
        (1, "assistant", "Welcome aboard."),
        (2, "user", "Where are we?"),
        (3, "assistant", "Off the north cape."),
    ]
    assert list(MemoryPin.objects.filter(thread=branch).values_list("memory_id", flat=True)) == [
        memory.pk
    ]
    # The origin is untouched.
    assert list(
        Message.objects.filter(thread=origin, active=True).values_list("content", flat=True)
    ) == ["Welcome aboard.", "Where are we?", "Off the north cape.", "Turn back.", "No."]


def test_branch_refuses_other_users_chats_and_hidden_messages(api_client, other_user, origin):
    foreign = ThreadFactory(owner=other_user)
    foreign_message = MessageFactory(thread=foreign, seq=1, role="user", content="Hi.")
    url = f"/api/threads/{foreign.pk}/messages/{foreign_message.pk}/branch/"
    assert api_client.post(url).status_code == 404
    other_chat_url = f"/api/threads/{origin.pk}/messages/{foreign_message.pk}/branch/"
    assert api_client.post(other_chat_url).status_code == 404
    replaced = MessageFactory(thread=origin, seq=9, role="assistant", content="x", active=False)
    response = api_client.post(f"/api/threads/{origin.pk}/messages/{replaced.pk}/branch/")
    assert response.status_code == 400 and "message" in str(response.json())
    assert Thread.objects.filter(branched_from=origin).count() == 0


def test_the_chat_list_shows_branches_under_their_origin(client, user, origin):
    other = ThreadFactory(owner=user, character=origin.character, title="Another chat")
    from chat.services import thread_branch

    branch = thread_branch(thread=origin, message=Message.objects.get(thread=origin, seq=2))
    Thread.objects.filter(pk=other.pk).update(title="Another chat")  # most recently active
    client.force_login(user)
    html = client.get(f"/chat/{branch.pk}/").content.decode()
    night, fork, another = (
        html.index(">Night watch<"),
        html.index(">Night watch · branch<"),
        html.index(">Another chat<"),
    )
    assert fork > night and "chat-threads__item--depth-1" in html
    assert another < night or another > fork  # never between an origin and its branch
