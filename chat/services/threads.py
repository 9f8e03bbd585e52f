"""Create, rename and delete threads. A new thread opens with the greeting as message 1.

A card's alternate greetings are stored as earlier versions of that first message, so the
chat's version switcher swipes among them (and a reply picks up the one shown)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from chat.models import Message, Thread
from chat.naming import greeting_user_name
from chat.services import guard
from drawhisper.accounts.connections import validate_generation
from drawhisper.tokens import count_tokens

_UNSET = object()


def _default_title(*, character, scene) -> str:
    return f"{character.name} · {scene.title}" if scene is not None else character.name


def thread_create(
    *,
    owner,
    character,
    scene=None,
    title: str = "",
    persona_id: int | None = None,
    greeting_index: int | None = None,
) -> Thread:
    """A new chat with ``character`` (in ``scene``), opened by the greeting as message 1.

    ``greeting_index`` picks the opening message among the greeting (0) and the alternate
    greetings (1..); the others are kept as versions of message 1 to swipe to."""
    from scenes.prompting import render_greetings
    from scenes.selectors import effective_config

    if character.owner_id != owner.pk:
        raise ValidationError({"character": "No such character."})
    if scene is not None and (scene.owner_id != owner.pk or scene.character_id != character.pk):
        raise ValidationError({"scene": "No such scene for this character."})
    greetings = render_greetings(
        effective_config(character=character, scene=scene),
        user_name=greeting_user_name(owner=owner, persona_id=persona_id, character_id=character.pk),
    )
    chosen = greeting_index or 0
    if greetings and chosen >= len(greetings):
        raise ValidationError(
            {
                "greeting": f"This character has {len(greetings)} greeting(s): choose 0 to {len(greetings) - 1}."
            }
        )
    with transaction.atomic():
        thread = Thread.objects.create(
            owner=owner,
            character=character,
            scene=scene,
            persona_id=persona_id,
            title=(title.strip() or _default_title(character=character, scene=scene))[:200],
        )
        if greetings:
            opening = Message.objects.create(
                thread=thread,
                seq=1,
                role=Message.Role.ASSISTANT,
                content=greetings[chosen],
                token_count=count_tokens(greetings[chosen]),
            )
            others = [text for index, text in enumerate(greetings) if index != chosen]
            Message.objects.bulk_create(
                Message(
                    thread=thread,
                    seq=2 + offset,
                    role=Message.Role.ASSISTANT,
                    content=text,
                    token_count=count_tokens(text),
                    active=False,
                    replaced_by=opening,
                )
                for offset, text in enumerate(others)
            )
            guard.after_commit_messages(thread.pk)
    return thread


def _own_persona_id(*, user, persona_id) -> int | None:
    from characters.selectors import persona_view

    if persona_id is None:
        return None
    if persona_view(owner_id=user.pk, persona_id=persona_id) is None:
        raise ValidationError({"persona": "No such persona."})
    return persona_id


def thread_start(
    *,
    user,
    character_id: int | str,
    scene_id: int | str | None = None,
    title: str = "",
    persona_id: int | None = None,
    persona_given: bool = False,
    greeting_index: int | None = None,
) -> Thread:
    """Create a thread from ids the user sent, found among the user's own character, scenes
    and personas (another user's ids are "no such" ones). Without a persona named, the
    user's default persona is used; ``persona=None`` sent explicitly means none."""
    from characters.selectors import character_get, persona_choice

    character = character_get(user=user, character_id=character_id)
    if character is None:
        raise ValidationError({"character": "No such character."})
    scene = None
    if scene_id:
        from scenes.selectors import scene_get

        scene = scene_get(user=user, scene_id=int(scene_id))
        if scene is None or scene.character_id != character.pk:
            raise ValidationError({"scene": "No such scene for this character."})
    if persona_given:
        persona_id = _own_persona_id(user=user, persona_id=persona_id)
    else:
        default = persona_choice(user=user)
        persona_id = default.id if default is not None else None
    return thread_create(
        owner=user,
        character=character,
        scene=scene,
        title=title,
        persona_id=persona_id,
        greeting_index=greeting_index,
    )


def thread_update(
    *,
    thread: Thread,
    title: str | None = None,
    persona=_UNSET,
    author_note: str | None = None,
    author_note_depth: int | None = None,
    generation: dict | None = None,
) -> Thread:
    """Rename the chat, change its persona (None: none), its author's note or its generation
    settings (connection, model, sampling; replaced as a whole)."""
    fields = ["updated_at"]
    if title is not None:
        title = title.strip()
        if not title:
            raise ValidationError({"title": "The title is empty."})
        thread.title = title[:200]
        fields.append("title")
    if persona is not _UNSET:
        thread.persona_id = _own_persona_id(user=thread.owner, persona_id=persona)
        fields.append("persona")
    if author_note is not None:
        thread.author_note = author_note
        fields.append("author_note")
    if author_note_depth is not None:
        thread.author_note_depth = author_note_depth
        fields.append("author_note_depth")
    if generation is not None:
        thread.generation = validate_generation(owner=thread.owner, data=generation)
        fields.append("generation")
    thread.save(update_fields=fields)
    return thread


def thread_delete(*, thread: Thread) -> None:
    """Delete the chat with its messages (and, by cascade, the memories made in it)."""
    thread.delete()


def thread_branch(*, thread: Thread, message: Message) -> Thread:
    """A new chat that starts where ``thread`` was at ``message``: the same character, scene,
    persona and author's note, and copies of the visible messages up to and including it
    (renumbered from 1, times kept; a reply still being written is copied as interrupted).
    The origin is untouched. Memories pinned to the origin are pinned in the branch too; the
    memory pipeline then works through the copied history as it does for any chat."""
    from memories.chat_transfer import pins_copy

    if message.thread_id != thread.pk or not message.active or message.deleted_at is not None:
        raise ValidationError({"message": "Branch from a message the chat shows."})
    with transaction.atomic():
        branch = Thread.objects.create(
            owner=thread.owner,
            character=thread.character,
            scene=thread.scene,
            persona=thread.persona,
            author_note=thread.author_note,
            author_note_depth=thread.author_note_depth,
            title=f"{thread.display_title} · branch"[:200],
            branched_from=thread,
            branched_at_seq=message.seq,
        )
        originals = list(
            Message.objects.filter(
                thread=thread, active=True, deleted_at__isnull=True, seq__lte=message.seq
            ).order_by("seq")
        )
        copies = [
            Message(
                thread=branch,
                seq=index,
                role=original.role,
                content=original.content,
                token_count=original.token_count,
                status=(
                    Message.Status.INTERRUPTED
                    if original.status == Message.Status.STREAMING
                    else original.status
                ),
                error=original.error,
                edited_at=original.edited_at,
            )
            for index, original in enumerate(originals, start=1)
        ]
        Message.objects.bulk_create(copies)
        for copy, original in zip(copies, originals, strict=True):
            copy.created_at = original.created_at
        Message.objects.bulk_update(copies, ["created_at"])
        pins_copy(from_thread_id=thread.pk, to_thread_id=branch.pk)
        guard.after_commit_messages(branch.pk)
    return branch
