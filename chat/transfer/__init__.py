"""Chat export and import: SillyTavern JSONL both ways, and Drawhisper's own JSON out.

- ``thread_export_sillytavern(thread)``: the visible transcript as SillyTavern JSONL; a reply
  with earlier versions carries them as ``swipes`` (in the order they were written) with
  ``swipe_id`` on the one shown.
- ``thread_export_native(thread, actor)``: ``{"format": "drawhisper.chat", "version": 1}``
  with every visible message and its versions, the memories the chat made and those pinned
  to it, in the portable memory format.
- ``thread_import_sillytavern(user, character_id, data, ...)``: a new chat with the file's
  messages, in one transaction (all or nothing). Swipes become versions of their message, the
  one shown stays shown. After commit the memory pipeline works through the imported history
  in the background, one job after another; ``memory_progress`` tells how far it got.

Imported text is stored as written: nothing is dropped but SillyTavern's hidden system notes
(``is_system``), whose number the result reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from chat import selectors
from chat.models import Message, Thread
from chat.naming import thread_user_name
from chat.services import guard
from chat.transfer.sillytavern import ChatFileError, parse_chat, render_chat
from drawhisper.tokens import count_tokens

NATIVE_FORMAT = "drawhisper.chat"
NATIVE_VERSION = 1

__all__ = [
    "NATIVE_FORMAT",
    "ChatFileError",
    "check_upload_size",
    "ImportResult",
    "memory_progress",
    "thread_export_native",
    "thread_export_sillytavern",
    "thread_import_sillytavern",
]


@dataclass(frozen=True)
class ImportResult:
    thread: Thread
    messages: int
    versions: int
    skipped_system: int


def _transcript(thread: Thread) -> list[tuple[Message, list[Message]]]:
    """Visible messages in order, each with all its versions (itself included) by seq."""
    shown = list(selectors.visible_messages(thread_id=thread.pk).order_by("seq"))
    earlier = selectors.previous_versions(messages=shown)
    return [
        (message, sorted([*earlier.get(message.pk, []), message], key=lambda m: m.seq))
        for message in shown
    ]


def thread_export_sillytavern(*, thread: Thread) -> str:
    user_name = thread_user_name(owner=thread.owner, persona_id=thread.persona_id)
    messages = []
    for message, versions in _transcript(thread):
        texts = [version.content for version in versions]
        messages.append(
            {
                "is_user": message.role == Message.Role.USER,
                "text": message.content,
                "sent_at": message.created_at,
                "swipes": texts,
                "swipe_id": versions.index(message),
            }
        )
    return render_chat(
        user_name=user_name,
        character_name=thread.character.name,
        created_at=thread.created_at,
        messages=messages,
    )


def _version_payload(message: Message) -> dict[str, Any]:
    return {
        "seq": message.seq,
        "content": message.content,
        "status": message.status,
        "created_at": message.created_at.isoformat(),
        "edited_at": message.edited_at.isoformat() if message.edited_at else None,
    }


def thread_export_native(*, thread: Thread, actor) -> dict[str, Any]:
    from memories.chat_transfer import thread_memories

    return {
        "format": NATIVE_FORMAT,
        "version": NATIVE_VERSION,
        "exported_at": timezone.now().isoformat(),
        "thread": {
            "id": thread.pk,
            "title": thread.title,
            "character": {"id": thread.character_id, "name": thread.character.name},
            "scene": (
                {"id": thread.scene_id, "title": thread.scene.title} if thread.scene_id else None
            ),
            "user_name": thread_user_name(owner=thread.owner, persona_id=thread.persona_id),
            "author_note": thread.author_note,
            "author_note_depth": thread.author_note_depth,
            "created_at": thread.created_at.isoformat(),
        },
        "messages": [
            {
                "role": message.role,
                **_version_payload(message),
                "versions": [_version_payload(v) for v in versions if v.pk != message.pk],
            }
            for message, versions in _transcript(thread)
        ],
        "memories": thread_memories(actor=actor, character=thread.character, thread_id=thread.pk),
    }


def check_upload_size(size: int) -> None:
    """Refuse a chat file over ``CHAT_IMPORT_MAX_BYTES`` before it is read."""
    if size > settings.CHAT_IMPORT_MAX_BYTES:
        raise ChatFileError(f"The file is larger than {settings.CHAT_IMPORT_MAX_BYTES} bytes.")


def thread_import_sillytavern(
    *,
    user,
    character_id: int,
    data: bytes | str,
    scene_id: int | None = None,
    persona_id: int | None = None,
    persona_given: bool = False,
    title: str = "",
) -> ImportResult:
    """A new chat holding the file's messages. Raises ChatFileError (with the line) for a
    malformed file and ValidationError for a character, scene or persona not the user's."""
    from characters.selectors import character_get, persona_choice

    parsed = parse_chat(
        data,
        max_messages=settings.CHAT_IMPORT_MAX_MESSAGES,
        max_message_chars=settings.CHAT_IMPORT_MAX_MESSAGE_CHARS,
    )
    character = character_get(user=user, character_id=character_id)
    if character is None:
        raise ValidationError({"character": "No such character."})
    scene = None
    if scene_id is not None:
        from scenes.selectors import scene_get

        scene = scene_get(user=user, scene_id=scene_id)
        if scene is None or scene.character_id != character.pk:
            raise ValidationError({"scene": "No such scene for this character."})
    persona = persona_choice(user=user, persona_id=persona_id) if persona_given else None
    if persona_given and persona_id is not None and persona is None:
        raise ValidationError({"persona": "No such persona."})
    if not persona_given:
        persona = persona_choice(user=user)
    now = timezone.now()
    with transaction.atomic():
        thread = Thread.objects.create(
            owner=user,
            character=character,
            scene=scene,
            persona_id=persona.id if persona is not None else None,
            title=(title.strip() or f"{character.name} · imported")[:200],
        )
        rows: list[Message] = []
        replaced_by_index: dict[int, int] = {}
        seq = 0
        for message in parsed.messages:
            texts = message.swipes or (message.text,)
            shown = message.swipe_id if message.swipes else 0
            first_row = len(rows)
            for position, text in enumerate(texts):
                seq += 1
                if position != shown:
                    replaced_by_index[len(rows)] = first_row + shown
                rows.append(
                    Message(
                        thread=thread,
                        seq=seq,
                        role=Message.Role.USER if message.is_user else Message.Role.ASSISTANT,
                        content=text,
                        token_count=count_tokens(text),
                        active=position == shown,
                    )
                )
        Message.objects.bulk_create(rows, batch_size=1000)
        # auto_now_add stamps every row with now; put the file's own times back.
        times = [
            message.sent_at or now for message in parsed.messages for _ in (message.swipes or (0,))
        ]
        for row, moment in zip(rows, times, strict=True):
            row.created_at = moment
        for row_index, target in replaced_by_index.items():
            rows[row_index].replaced_by_id = rows[target].pk
        Message.objects.bulk_update(rows, ["created_at", "replaced_by"], batch_size=1000)
        if parsed.created_at is not None:
            Thread.objects.filter(pk=thread.pk).update(created_at=min(parsed.created_at, now))
        guard.after_commit_messages(thread.pk)
    thread.refresh_from_db()
    return ImportResult(
        thread=thread,
        messages=len(parsed.messages),
        versions=len(rows) - len(parsed.messages),
        skipped_system=parsed.skipped_system,
    )


def memory_progress(*, thread: Thread) -> dict[str, Any]:
    """How far the memory pipeline has read the chat: the seq it has memorised through, and
    the same as a count of the visible messages (swipes and deleted messages not counted)."""
    from memories.chat_transfer import memory_progress as progress

    found = progress(thread_id=thread.pk)
    visible = selectors.visible_messages(thread_id=thread.pk)
    last = visible.order_by("-seq").values_list("seq", flat=True).first()
    return {
        "memorised_through_seq": found.memorised_through_seq,
        "last_seq": last or 0,
        "messages_read": visible.filter(seq__lte=found.memorised_through_seq).count(),
        "messages_total": visible.count(),
        "state": found.state,
        "memories": found.memories,
        "error": found.error,
        "chunks_checked": found.chunks_checked,
        "chunks_unverified": found.chunks_unverified,
        "unverified_share": found.unverified_share,
    }
