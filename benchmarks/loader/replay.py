"""Loading a conversation (participants, every session, the archive), the conversation as
a SillyTavern chat file imported through the chat's import service, and removing what a load
wrote, vectors first.
"""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.test.utils import override_settings

from benchmarks.loader.conversation import (
    NO_MEMORY_JOB,
    USERNAME_PREFIX,
    LoadedConversation,
    Progress,
    stored_memories,
)
from benchmarks.loader.sessions import archive_messages, store_session, store_session_with_pipeline
from benchmarks.locomo import Conversation

MEMORY_SOURCES = ("gold", "pipeline")


def load_conversation(
    conversation: Conversation, *, memories: str = "gold", progress: Progress | None = None
) -> LoadedConversation:
    """Write one conversation; ``progress(n)`` is told of every n turns/items handled.

    ``memories``: ``gold`` stores the dataset's observations and summaries through the
    pipeline's store step (above); ``pipeline`` runs the product's own steps over each
    session instead (``store_session_with_pipeline``)."""
    if memories not in MEMORY_SOURCES:
        raise ValueError(f"memories must be one of {', '.join(MEMORY_SOURCES)}, not {memories!r}")
    tick = progress or (lambda _n: None)
    loaded = create_participants(conversation)
    loaded.memories = memories
    tick(len(conversation.turns))
    store = store_session if memories == "gold" else store_session_with_pipeline
    for session in conversation.sessions():
        store(loaded, session)
        tick(1)
    archive_messages(loaded)
    return loaded


def chat_file(conversation: Conversation) -> str:
    """The conversation as a SillyTavern chat file: ``speaker_a`` speaks as the user; each
    turn is dated with its session's date, 30 seconds after the one before it."""
    lines = [
        {
            "user_name": conversation.speaker_a,
            "character_name": conversation.speaker_b,
            "create_date": conversation.turns[0].said_at.isoformat() if conversation.turns else "",
        }
    ]
    position = 0
    for index, turn in enumerate(conversation.turns):
        if index and turn.session != conversation.turns[index - 1].session:
            position = 0
        lines.append(
            {
                "name": turn.speaker,
                "is_user": turn.speaker == conversation.speaker_a,
                "send_date": (turn.said_at + timedelta(seconds=30 * position)).isoformat(),
                "mes": turn.text,
            }
        )
        position += 1
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n"


def create_participants(conversation: Conversation) -> LoadedConversation:
    """A user named after ``speaker_a``, a character named after ``speaker_b``, and one chat
    holding every turn, made as a user makes them: the characters service, then the chat
    import service (SillyTavern format). The import asks for no memory job: the run makes
    and runs its own jobs, session by session."""
    from characters.services import character_create
    from chat.transfer import thread_import_sillytavern

    user = get_user_model().objects.create_user(
        username=f"{USERNAME_PREFIX}{conversation.sample_id}-{uuid.uuid4().hex[:8]}"[:150],
        first_name=conversation.speaker_a[:150],
    )
    character = character_create(owner=user, name=conversation.speaker_b[:80])
    with override_settings(MEMORY_TRIGGER_TOKENS=NO_MEMORY_JOB):
        imported = thread_import_sillytavern(
            user=user,
            character_id=character.pk,
            data=chat_file(conversation),
            title=f"LoCoMo {conversation.sample_id}",
        )
    loaded = LoadedConversation(
        conversation=conversation,
        user_id=user.pk,
        character_id=character.pk,
        thread_id=imported.thread.pk,
        seq_by_dia_id={},
    )
    for seq, turn in enumerate(conversation.turns, start=1):
        loaded.seq_by_dia_id.setdefault(turn.dia_id, seq)
    return loaded


def remove_conversation(loaded: LoadedConversation) -> None:
    """Delete what ``load_conversation`` wrote: the vectors first (their deletion would
    otherwise wait in the task queue), then the user and, by cascade, the character, chat,
    messages, jobs, memories and summaries."""
    from chat.selectors import visible_messages
    from memories.index import get_vector_store, message_vector_id, summary_vector_id

    ids = [
        message_vector_id(pk)
        for pk in visible_messages(thread_id=loaded.thread_id).values_list("pk", flat=True)
    ]
    ids += [summary_vector_id(pk) for pk in loaded.summary_cover]
    ids += [memory.vector_id for memory in stored_memories(loaded) if memory.vector_id]
    store = get_vector_store()
    for start in range(0, len(ids), 500):
        store.delete(ids[start : start + 500])
    get_user_model().objects.filter(pk=loaded.user_id).delete()
