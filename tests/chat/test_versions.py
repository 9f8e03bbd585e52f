"""Choosing an earlier version of the last reply ("swipes"): the service and
``POST /api/threads/{id}/messages/{mid}/activate/``.

The chosen version becomes the reply the chat shows and continues from, the one shown until
then becomes a previous version, no version is ever lost, ``seq`` never repeats, and the
memory app hears about it after commit."""

from __future__ import annotations

import pytest

from chat import selectors, services
from chat.models import Message
from tests.factories import MessageFactory

pytestmark = pytest.mark.django_db


def three_takes(thread) -> list[Message]:
    """Ask once and regenerate twice: takes One, Two, Three (Three shown)."""
    first = services.message_send(thread=thread, content="Describe the harbour.", client_id=None)
    services.reply_finish(reply_id=first.reply.pk, content="One", status="complete")
    takes = [first.reply]
    for text in ("Two", "Three"):
        reply = services.reply_regenerate(thread=thread).reply
        services.reply_finish(reply_id=reply.pk, content=text, status="complete")
        takes.append(reply)
    return [Message.objects.get(pk=take.pk) for take in takes]


def shown(thread) -> list[str]:
    return [m.content for m in selectors.visible_messages(thread_id=thread.pk).order_by("seq")]


def versions_of(message: Message) -> list[str]:
    return [m.content for m in selectors.previous_versions(messages=[message])[message.pk]]


def test_choosing_an_earlier_take_shows_it_and_keeps_every_other_take(
    thread, memory_hooks, django_capture_on_commit_callbacks
):
    one, two, three = three_takes(thread)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        chosen = services.reply_version_activate(thread=thread, version=one)
    assert callbacks, "the memory hooks run after commit"
    assert chosen.pk == one.pk and chosen.active and chosen.replaced_by_id is None
    assert shown(thread) == [
        "*looks up from the map* Ah, a visitor.",
        "Describe the harbour.",
        "One",
    ]
    assert versions_of(chosen) == ["Two", "Three"]
    three.refresh_from_db()
    assert three.active is False and three.replaced_by_id == one.pk
    assert memory_hooks == {"committed": [thread.pk], "changed": [three.pk]}

    # Back to the middle take: still three takes, in the order they were written.
    chosen = services.reply_version_activate(thread=thread, version=two)
    assert shown(thread)[-1] == "Two" and versions_of(chosen) == ["One", "Three"]
    assert Message.objects.filter(thread=thread, role="assistant", seq__gt=1).count() == 3


def test_the_chat_continues_from_the_chosen_take(thread):
    one, _two, three = three_takes(thread)
    services.reply_version_activate(thread=thread, version=one)

    sent = services.message_send(thread=thread, content="And the lighthouse?", client_id=None)
    assert sent.message.seq == three.seq + 1 and sent.reply.seq == three.seq + 2
    history = selectors.prompt_history(thread_id=thread.pk, before_seq=sent.reply.seq)
    prompt = [message.content for message in reversed(history)]
    assert prompt[-3:] == ["Describe the harbour.", "One", "And the lighthouse?"]
    assert "Two" not in prompt and "Three" not in prompt


def test_regenerating_after_a_choice_keeps_all_takes(thread):
    one, *_ = three_takes(thread)
    services.reply_version_activate(thread=thread, version=one)
    four = services.reply_regenerate(thread=thread)
    assert four.replaced.pk == one.pk
    services.reply_finish(reply_id=four.reply.pk, content="Four", status="complete")
    newest = Message.objects.get(pk=four.reply.pk)
    assert versions_of(newest) == ["One", "Two", "Three"]
    assert shown(thread)[-1] == "Four"


def test_choosing_the_take_already_shown_changes_nothing(
    thread, memory_hooks, django_capture_on_commit_callbacks
):
    *_, three = three_takes(thread)
    with django_capture_on_commit_callbacks(execute=True):
        chosen = services.reply_version_activate(thread=thread, version=three)
    assert chosen.pk == three.pk and chosen.active
    assert memory_hooks == {"committed": [], "changed": []}


def test_only_the_last_reply_can_change_take(thread):
    one, *_ = three_takes(thread)
    services.message_send(thread=thread, content="Next question.", client_id=None)
    Message.objects.filter(thread=thread, status="streaming").update(status="complete")
    with pytest.raises(services.NotLatestReply):
        services.reply_version_activate(thread=thread, version=one)
    assert shown(thread)[-3] == "Three"


def test_no_take_can_be_chosen_while_a_reply_is_written(thread):
    one, *_ = three_takes(thread)
    services.reply_regenerate(thread=thread)  # a fourth take is streaming
    with pytest.raises(services.ThreadBusy):
        services.reply_version_activate(thread=thread, version=one)


def test_a_user_message_is_not_a_take_and_a_shown_message_stays_shown(thread):
    three_takes(thread)
    user_message = Message.objects.get(thread=thread, role="user")
    with pytest.raises(services.NotLatestReply):
        services.reply_version_activate(thread=thread, version=user_message)
    before = shown(thread)
    greeting = Message.objects.get(thread=thread, seq=1)
    assert services.reply_version_activate(thread=thread, version=greeting).pk == greeting.pk
    assert shown(thread) == before  # shown already: nothing to change


def test_memory_jobs_never_see_the_takes_that_are_not_shown(thread, settings):
    """The pipeline memorises what the chat shows: after a choice, the chosen take is the newest
    reply (left out until the chat moves on), then it is memorised and the others never are."""
    from memories.pipeline.reads import messages_due_for_memory

    settings.MEMORY_TRIGGER_TOKENS = 10**9  # no job gets created while we look
    one, *_ = three_takes(thread)
    services.reply_version_activate(thread=thread, version=one)
    due = [m.content for m in messages_due_for_memory(thread_id=thread.pk)]
    assert "One" not in due and "Two" not in due and "Three" not in due

    sent = services.message_send(thread=thread, content="Go on.", client_id=None)
    services.reply_finish(reply_id=sent.reply.pk, content="Onwards.", status="complete")
    due = [m.content for m in messages_due_for_memory(thread_id=thread.pk)]
    assert "One" in due and "Go on." in due
    assert "Two" not in due and "Three" not in due
    assert [m.seq for m in messages_due_for_memory(thread_id=thread.pk)] == sorted(
        m.seq for m in messages_due_for_memory(thread_id=thread.pk)
    )


# ------------------------------------------------------------------ REST


def activate_url(thread, message) -> str:
    return f"/api/threads/{thread.pk}/messages/{message.pk}/activate/"


def test_api_lists_the_takes_and_chooses_one(api_client, thread):
    one, two, three = three_takes(thread)
    listing = api_client.get(f"/api/threads/{thread.pk}/messages/").json()["results"]
    assert [v["id"] for v in listing[-1]["previous_versions"]] == [one.pk, two.pk]

    response = api_client.post(activate_url(thread, two))
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == two.pk and body["active"] is True and body["content"] == "Two"
    assert [v["id"] for v in body["previous_versions"]] == [one.pk, three.pk]
    listing = api_client.get(f"/api/threads/{thread.pk}/messages/").json()["results"]
    assert [m["content"] for m in listing][-1] == "Two"


def test_api_refuses_a_choice_that_is_not_a_take_of_the_last_reply(api_client, thread):
    one, *_ = three_takes(thread)
    MessageFactory(thread=thread, seq=10, role="user", content="Moving on.")
    response = api_client.post(activate_url(thread, one))
    assert response.status_code == 409 and response.json()["code"] == "not_latest"


def test_api_refuses_while_a_reply_is_written(api_client, thread):
    one, *_ = three_takes(thread)
    services.reply_regenerate(thread=thread)
    response = api_client.post(activate_url(thread, one))
    assert response.status_code == 409 and response.json()["code"] == "busy"


def test_another_users_takes_answer_404(other_api_client, api_client, thread):
    one, *_ = three_takes(thread)
    assert other_api_client.post(activate_url(thread, one)).status_code == 404
    # A message id of mine under a thread id that is not: also 404.
    from tests.factories import CharacterFactory, ThreadFactory

    elsewhere = ThreadFactory(character=CharacterFactory(owner=thread.owner), owner=thread.owner)
    assert (
        api_client.post(f"/api/threads/{elsewhere.pk}/messages/{one.pk}/activate/").status_code
        == 404
    )
    assert Message.objects.get(pk=one.pk).active is False


def test_a_deleted_take_cannot_be_chosen(api_client, thread):
    one, *_ = three_takes(thread)
    Message.objects.filter(pk=one.pk).update(deleted_at="2024-01-01T00:00:00Z")
    assert api_client.post(activate_url(thread, one)).status_code == 404


def test_schema_documents_the_activate_endpoint(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    assert "post" in schema["paths"]["/api/threads/{thread_id}/messages/{message_id}/activate/"]
