"""Export and import of a user's memories for one character, as a portable JSON document.

Format (``format: "drawhisper.memories"``, ``version: 1``)::

    {"format", "version", "exported_at",
     "character": {"id", "name"},
     "threads": [{"id", "title", "scene", "created_at"}],
     "memories": [{"id", "type", "title", "content", "shared", "pinned_threads",
                   "dismissed_threads", "status", "created_by", "edited_by_user",
                   "source_changed", "created_at", "updated_at",
                   "source": {"thread", "start_seq", "end_seq",
                              "messages": [{"seq", "role", "content"}]} | null}]}

A reader accepts any version up to its own and refuses newer ones with a readable error.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from chat import selectors as chat_selectors
from chat.selectors import TranscriptEntry
from memories.editing.checks import check_memory_text, check_owner
from memories.editing.effects import (
    index_vectors,
    notify_after_commit,
    refresh_derived_fields,
    refresh_profile,
)
from memories.index import new_memory_vector_id
from memories.models import Memory, MemoryDismissal, MemoryPin
from memories.texts import memory_content_hash

if TYPE_CHECKING:
    from characters.models import Character

EXPORT_FORMAT = "drawhisper.memories"
EXPORT_VERSION = 1
MAX_IMPORT_MEMORIES = 2000


def memories_export(*, actor, character: Character) -> dict[str, Any]:
    """Every memory of the actor for one character as a portable JSON document: type, title,
    content, scope (shared, pinned threads, dismissed threads), source range with the source
    messages' text, status and timestamps."""
    from memories.selectors import memories_for_export

    check_owner(character, actor)
    memories = list(memories_for_export(user=actor, character=character))
    thread_ids = {memory.origin_thread_id for memory in memories if memory.origin_thread_id}
    for memory in memories:
        thread_ids.update(pin.thread_id for pin in memory.pins.all())
        thread_ids.update(dismissal.thread_id for dismissal in memory.dismissals.all())
    threads = sorted(
        chat_selectors.thread_refs(owner_id=actor.pk, thread_ids=thread_ids),
        key=lambda thread: thread.id,
    )
    messages_by_thread: dict[int, list[TranscriptEntry]] = {}
    # Only visible messages: a message the user deleted does not travel in the export.
    for message in chat_selectors.visible_transcripts(
        thread_ids={memory.origin_thread_id for memory in memories if memory.origin_thread_id}
    ):
        messages_by_thread.setdefault(message.thread_id, []).append(message)

    def source(memory: Memory) -> dict[str, Any] | None:
        if memory.origin_thread_id is None:
            return None
        start, end = memory.source_start_seq, memory.source_end_seq
        cited = set(memory.source_seqs or [])

        def is_source(seq: int) -> bool:
            if cited:
                return seq in cited
            return start is not None and end is not None and start <= seq <= end

        excerpt = [
            {"seq": message.seq, "role": message.role, "content": message.content}
            for message in messages_by_thread.get(memory.origin_thread_id, [])
            if is_source(message.seq)
        ]
        return {
            "thread": memory.origin_thread_id,
            "start_seq": start,
            "end_seq": end,
            "seqs": sorted(cited),
            "messages": excerpt,
        }

    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": timezone.now().isoformat(),
        "character": {"id": character.pk, "name": character.name},
        "threads": [
            {
                "id": thread.pk,
                "title": thread.title,
                "scene": thread.scene_id,
                "created_at": thread.created_at.isoformat(),
            }
            for thread in threads
        ],
        "memories": [
            {
                "id": memory.pk,
                "type": memory.type,
                "title": memory.title,
                "content": memory.content,
                "shared": memory.shared,
                "pinned_threads": sorted(pin.thread_id for pin in memory.pins.all()),
                "dismissed_threads": sorted(
                    dismissal.thread_id for dismissal in memory.dismissals.all()
                ),
                "source": source(memory),
                "status": memory.status,
                "created_by": memory.created_by,
                "edited_by_user": memory.edited_by_user,
                "source_changed": memory.source_changed,
                "created_at": memory.created_at.isoformat(),
                "updated_at": memory.updated_at.isoformat(),
            }
            for memory in memories
        ],
    }


@dataclass(frozen=True)
class ImportResult:
    created: list[int]
    skipped_duplicates: int
    threads_kept: int
    threads_dropped: int
    made_shared: int


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    parsed = parse_datetime(value)
    if parsed is not None and timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed)
    return parsed


def _thread_map(
    *, actor, character: Character, exported_threads: list[dict[str, Any]]
) -> dict[int, int]:
    """Old thread id -> thread id here. A thread is kept only when it is the very same chat
    (same id, owner, character and creation time), so an export from another account or
    another install never pins a memory to an unrelated chat that happens to share an id."""
    mapping: dict[int, int] = {}
    candidates = {
        thread.id: thread
        for thread in chat_selectors.thread_refs(
            owner_id=actor.pk,
            character_id=character.pk,
            thread_ids=[t.get("id") for t in exported_threads if isinstance(t.get("id"), int)],
        )
    }
    for exported in exported_threads:
        thread = candidates.get(exported.get("id"))
        created_at = _parse_time(exported.get("created_at"))
        if thread is not None and created_at is not None and thread.created_at == created_at:
            mapping[thread.id] = thread.id
    return mapping


@transaction.atomic
def memories_import(*, actor, character: Character, document: dict[str, Any]) -> ImportResult:
    """Add the memories of an export document to ``character``.

    - Memories already present (same type, title and content) are skipped, so importing the
      same file twice adds nothing the second time.
    - Threads are kept when they are the same chats (see ``_thread_map``); pins and
      dismissals on other threads are dropped, and so are source ranges of a dropped origin.
    - A memory left with no thread at all and not shared would reach no chat, so it becomes
      shared (counted in ``made_shared``).
    - Type, title, content, status, authorship and timestamps are kept."""
    check_owner(character, actor)
    document = _check_document(document)
    thread_ids = _thread_map(
        actor=actor, character=character, exported_threads=document.get("threads") or []
    )
    # Hash the rows here rather than trusting content_hash, which other writers may derive differently.
    existing = {
        memory_content_hash(type=type_, title=title, content=content)
        for type_, title, content in Memory.objects.filter(
            owner=actor, character=character
        ).values_list("type", "title", "content")
    }
    created: list[Memory] = []
    skipped = 0
    made_shared = 0
    used_threads: set[int] = set()
    dropped_threads: set[int] = set()
    for index, item in enumerate(document["memories"]):
        cleaned = _clean_import_item(item, index=index)
        digest = memory_content_hash(
            type=cleaned["type"], title=cleaned["title"], content=cleaned["content"]
        )
        if digest in existing:
            skipped += 1
            continue
        existing.add(digest)
        source = item.get("source") if isinstance(item.get("source"), dict) else {}
        origin = (
            thread_ids.get(source.get("thread")) if isinstance(source.get("thread"), int) else None
        )
        if not isinstance(source.get("thread"), int):
            source = {**source, "thread": None}
        if source.get("thread") is not None and origin is None:
            dropped_threads.add(source.get("thread"))
        pins = _mapped(item.get("pinned_threads"), thread_ids, dropped_threads)
        dismissals = _mapped(item.get("dismissed_threads"), thread_ids, dropped_threads)
        shared = bool(item.get("shared"))
        if not shared and origin is None and not pins:
            shared = True
            made_shared += 1
        status = (
            item.get("status")
            if item.get("status") in Memory.Status.values
            else Memory.Status.ACTIVE
        )
        created_by = (
            item.get("created_by")
            if item.get("created_by") in Memory.CreatedBy.values
            else Memory.CreatedBy.USER
        )
        memory = Memory(
            owner=actor,
            character=character,
            origin_thread_id=origin,
            source_start_seq=_seq(source.get("start_seq")) if origin else None,
            source_end_seq=_seq(source.get("end_seq")) if origin else None,
            source_seqs=_seqs(source.get("seqs")) if origin else [],
            shared=shared,
            status=status,
            created_by=created_by,
            edited_by_user=bool(item.get("edited_by_user")),
            source_changed=bool(item.get("source_changed")),
            vector_id=new_memory_vector_id(),
            **cleaned,
        )
        refresh_derived_fields(memory)
        memory.save()
        for thread_id in pins:
            MemoryPin.objects.get_or_create(memory=memory, thread_id=thread_id)
        for thread_id in dismissals:
            if thread_id not in pins:
                MemoryDismissal.objects.get_or_create(memory=memory, thread_id=thread_id)
        used_threads.update({origin, *pins, *dismissals} - {None})
        timestamps = {
            key: value
            for key, value in (
                ("created_at", _parse_time(item.get("created_at"))),
                ("updated_at", _parse_time(item.get("updated_at"))),
            )
            if value is not None
        }
        if timestamps:
            Memory.objects.filter(pk=memory.pk).update(**timestamps)
        created.append(memory)
    index_vectors([memory.pk for memory in created])
    refresh_profile(owner_id=actor.pk, character_id=character.pk)
    for memory in created:
        notify_after_commit("memory.created", memory)
    return ImportResult(
        created=[memory.pk for memory in created],
        skipped_duplicates=skipped,
        threads_kept=len(used_threads),
        threads_dropped=len(dropped_threads),
        made_shared=made_shared,
    )


def _check_document(document: Any) -> dict[str, Any]:
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise ValidationError({"document": ["This is not a Drawhisper memory export."]})
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise ValidationError({"document": ["The export has no valid version number."]})
    if version > EXPORT_VERSION:
        raise ValidationError(
            {"document": [f"This export was made by a newer version (format {version})."]}
        )
    memories = document.get("memories")
    if not isinstance(memories, list):
        raise ValidationError({"document": ["The export holds no list of memories."]})
    if len(memories) > MAX_IMPORT_MEMORIES:
        raise ValidationError(
            {"document": [f"Import at most {MAX_IMPORT_MEMORIES} memories at a time."]}
        )
    return document


def _clean_import_item(item: Any, *, index: int) -> dict[str, str]:
    if not isinstance(item, dict):
        raise ValidationError({"document": [f"Memory {index + 1} is not an object."]})
    try:
        return check_memory_text(
            type=item.get("type") if isinstance(item.get("type"), str) else "",
            title=item.get("title") if isinstance(item.get("title"), str) else "",
            content=item.get("content") if isinstance(item.get("content"), str) else "",
        )
    except ValidationError as error:
        messages = "; ".join(
            f"{field}: {' '.join(errors)}" for field, errors in error.message_dict.items()
        )
        raise ValidationError(
            {"document": [f"Memory {index + 1} is invalid ({messages})."]}
        ) from None


def _mapped(values: Any, thread_ids: dict[int, int], dropped: set[int]) -> list[int]:
    if not isinstance(values, list):
        return []
    kept = []
    for value in values:
        if not isinstance(value, int):
            continue
        if value in thread_ids:
            kept.append(thread_ids[value])
        elif value is not None:
            dropped.add(value)
    return sorted(set(kept))


def _seq(value: Any) -> int | None:
    return value if isinstance(value, int) and value >= 0 else None


def _seqs(value: Any) -> list[int]:
    """The cited seqs of an imported memory (absent in exports made before memories cited
    their messages: then none, and its range stands)."""
    if not isinstance(value, list):
        return []
    return sorted({seq for seq in (_seq(item) for item in value) if seq is not None})
