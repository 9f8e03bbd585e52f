"""Create, rename and delete threads. A new thread opens with the greeting as message 1."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from chat.models import Message, Thread
from chat.services import guard
from drawhisper.tokens import count_tokens


def _default_title(*, character, scene) -> str:
    return f"{character.name} · {scene.title}" if scene is not None else character.name


def thread_create(*, owner, character, scene=None, title: str = "") -> Thread:
    """A new chat with ``character`` (in ``scene``), opened by the greeting as message 1."""
    from scenes.prompting import render_greeting
    from scenes.selectors import effective_config

    if character.owner_id != owner.pk:
        raise ValidationError({"character": "No such character."})
    if scene is not None and (scene.owner_id != owner.pk or scene.character_id != character.pk):
        raise ValidationError({"scene": "No such scene for this character."})
    greeting = render_greeting(
        effective_config(character=character, scene=scene), user_name=owner.get_username()
    )
    with transaction.atomic():
        thread = Thread.objects.create(
            owner=owner,
            character=character,
            scene=scene,
            title=(title.strip() or _default_title(character=character, scene=scene))[:200],
        )
        if greeting:
            Message.objects.create(
                thread=thread,
                seq=1,
                role=Message.Role.ASSISTANT,
                content=greeting,
                token_count=count_tokens(greeting),
            )
            guard.after_commit_messages(thread.pk)
    return thread


def thread_start(
    *, user, character_id: int | str, scene_id: int | str | None = None, title: str = ""
) -> Thread:
    """Create a thread from ids the user sent, found among the user's own character and
    scenes (another user's ids are "no such" ones)."""
    from characters.selectors import character_get
    from scenes.selectors import scene_get

    character = character_get(user=user, character_id=character_id)
    if character is None:
        raise ValidationError({"character": "No such character."})
    scene = None
    if scene_id:
        scene = scene_get(user=user, scene_id=int(scene_id))
        if scene is None or scene.character_id != character.pk:
            raise ValidationError({"scene": "No such scene for this character."})
    return thread_create(owner=user, character=character, scene=scene, title=title)


def thread_update(*, thread: Thread, title: str) -> Thread:
    title = title.strip()
    if not title:
        raise ValidationError({"title": "The title is empty."})
    thread.title = title[:200]
    thread.save(update_fields=["title", "updated_at"])
    return thread


def thread_delete(*, thread: Thread) -> None:
    """Delete the chat with its messages (and, by cascade, the memories made in it)."""
    thread.delete()
