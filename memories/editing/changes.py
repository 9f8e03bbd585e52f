"""Create, update, restore, delete, pin, share and dismiss one memory by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from memories import chat_adapter
from memories.editing.checks import (
    MAX_PINS_PER_THREAD,
    check_memory_text,
    check_owner,
    check_thread_fits,
)
from memories.editing.effects import (
    index_vectors,
    notify_after_commit,
    notify_deleted_after_commit,
    refresh_derived_fields,
    refresh_profile,
    reloaded,
)
from memories.events import memory_payload
from memories.history import memory_take_back_remainders
from memories.index import new_memory_vector_id
from memories.models import Memory, MemoryDismissal, MemoryPin

if TYPE_CHECKING:
    from characters.models import Character
    from chat.selectors import ThreadRef


@transaction.atomic
def memory_create(
    *,
    actor,
    character: Character,
    type: str,
    title: str,
    content: str,
    thread: ThreadRef | None = None,
    shared: bool | None = None,
    pin: bool = False,
) -> Memory:
    """A memory written by hand.

    With ``thread`` (written from the chat panel) it belongs to that chat like a pipeline
    memory, and ``pin`` pins it there. Without a thread it would reach no chat at all unless
    shared, so ``shared`` defaults to True then; with a thread it defaults to False."""
    check_owner(character, actor)
    cleaned = check_memory_text(type=type, title=title, content=content)
    if thread is not None:
        check_owner(thread, actor)
        if thread.character_id != character.pk:
            raise ValidationError({"thread": ["That chat is with another character."]})
    if pin and thread is None:
        raise ValidationError({"pin": ["Pinning needs a chat."]})
    memory = Memory(
        owner=actor,
        character=character,
        origin_thread_id=thread.id if thread is not None else None,
        shared=(thread is None) if shared is None else shared,
        created_by=Memory.CreatedBy.USER,
        vector_id=new_memory_vector_id(),
        **cleaned,
    )
    refresh_derived_fields(memory)
    memory.save()
    if pin:
        _pin(memory=memory, thread=thread)
    index_vectors([memory.pk])
    refresh_profile(owner_id=memory.owner_id, character_id=memory.character_id)
    notify_after_commit("memory.created", memory)
    return reloaded(memory)


@transaction.atomic
def memory_update(
    *,
    memory: Memory,
    actor,
    title: str | None = None,
    content: str | None = None,
    type: str | None = None,
    source_reviewed: bool = False,
) -> Memory:
    """Change the text or type; the memory is re-embedded and marked as edited by the user.

    Editing it, or ``source_reviewed`` ("still right"), clears ``source_changed``: the user
    has looked at it since its source messages changed."""
    check_owner(memory, actor)
    cleaned = check_memory_text(type=type, title=title, content=content)
    memory = Memory.objects.select_for_update().get(pk=memory.pk)
    changed = [field for field, value in cleaned.items() if getattr(memory, field) != value]
    clears_flag = memory.source_changed and (bool(changed) or source_reviewed)
    if not changed and not clears_flag:
        return reloaded(memory)
    for field in changed:
        setattr(memory, field, cleaned[field])
    update_fields = [*changed, "updated_at"]
    if clears_flag:
        memory.source_changed = False
        update_fields.append("source_changed")
    if changed:
        memory.edited_by_user = True
        refresh_derived_fields(memory)
        update_fields += ["edited_by_user", "content_hash", "token_count"]
    memory.save(update_fields=update_fields)
    if changed:
        index_vectors([memory.pk])
        refresh_profile(owner_id=memory.owner_id, character_id=memory.character_id)
    notify_after_commit("memory.updated", memory)
    return reloaded(memory)


VERIFIED_NOTE = "Verified by you."


@transaction.atomic
def memory_restore(*, memory: Memory, actor) -> Memory:
    """Make a superseded (or archived) memory active again, or verify an unverified one (the
    user vouches for it although the support check did not): it reaches chat contexts, its
    vector's status follows, and ``superseded_by`` is cleared. The newer memory that
    replaced it is left as it is; the remainders kept of it when it was replaced become
    superseded by it again (it says what they say). Restoring an active memory is a no-op."""
    check_owner(memory, actor)
    memory = Memory.objects.select_for_update().get(pk=memory.pk)
    if memory.status == Memory.Status.ACTIVE:
        return reloaded(memory)
    if memory.status == Memory.Status.UNVERIFIED:
        memory.support_note = VERIFIED_NOTE
    memory.status = Memory.Status.ACTIVE
    memory.superseded_by = None
    memory.conflicts_with = None  # a contested memory restored is kept beside the other
    memory.save(
        update_fields=["status", "superseded_by", "support_note", "conflicts_with", "updated_at"]
    )
    remainders = memory_take_back_remainders(memory=memory)
    # The vectors' "status" metadata follows the rows.
    index_vectors([memory.pk, *(remainder.pk for remainder in remainders)])
    refresh_profile(owner_id=memory.owner_id, character_id=memory.character_id)
    notify_after_commit("memory.updated", memory)
    for remainder in remainders:
        notify_after_commit("memory.updated", remainder)
    return reloaded(memory)


@transaction.atomic
def memory_delete(*, memory: Memory, actor) -> None:
    """Delete the row and its vector; the original messages stay untouched."""
    check_owner(memory, actor)
    memory = reloaded(memory)
    payload = memory_payload(memory)
    owner_id, character_id = memory.owner_id, memory.character_id
    memory.delete()  # its vector is removed after commit, by the vector service's delete hook
    refresh_profile(owner_id=owner_id, character_id=character_id)
    notify_deleted_after_commit(payload, owner_id=owner_id, character_id=character_id)


# --------------------------------------------------------------------------- pin, share, dismiss


def _pin(*, memory: Memory, thread: ThreadRef) -> bool:
    if MemoryPin.objects.filter(memory=memory, thread_id=thread.id).exists():
        return False
    if MemoryPin.objects.filter(thread_id=thread.id).count() >= MAX_PINS_PER_THREAD:
        raise ValidationError(
            {
                "thread": [
                    f"A chat holds at most {MAX_PINS_PER_THREAD} pinned memories; unpin one first."
                ]
            }
        )
    MemoryPin.objects.get_or_create(memory=memory, thread_id=thread.id)
    # Pinning is the stronger wish: it lifts an earlier "not relevant here".
    MemoryDismissal.objects.filter(memory=memory, thread_id=thread.id).delete()
    return True


def _touched(memory: Memory, *, changed: bool) -> Memory:
    """The memory as it is now; when its pins or dismissals changed, ``updated_at`` moves on
    and the panels hear of it after commit."""
    if changed:
        Memory.objects.filter(pk=memory.pk).update(updated_at=timezone.now())
        notify_after_commit("memory.updated", memory)
    return reloaded(memory)


@transaction.atomic
def memory_pin(*, memory: Memory, thread: ThreadRef, actor) -> Memory:
    """Keep the memory in this thread's context (pinned layer). Pinning twice is a no-op."""
    check_owner(memory, actor)
    check_thread_fits(memory=memory, thread=thread)
    chat_adapter.lock_thread(thread_id=thread.id)  # serialise the pin cap per thread
    had_dismissal = MemoryDismissal.objects.filter(memory=memory, thread_id=thread.id).exists()
    pinned = _pin(memory=memory, thread=thread)
    return _touched(memory, changed=pinned or had_dismissal)


@transaction.atomic
def memory_unpin(*, memory: Memory, thread: ThreadRef, actor) -> Memory:
    check_owner(memory, actor)
    check_thread_fits(memory=memory, thread=thread)
    deleted, _ = MemoryPin.objects.filter(memory=memory, thread_id=thread.id).delete()
    return _touched(memory, changed=deleted > 0)


def _set_shared(*, memory: Memory, actor, shared: bool) -> Memory:
    check_owner(memory, actor)
    memory = Memory.objects.select_for_update().get(pk=memory.pk)
    if memory.shared == shared:
        return reloaded(memory)
    memory.shared = shared
    memory.save(update_fields=["shared", "updated_at"])
    index_vectors([memory.pk])  # the vector's "shared" metadata follows the row
    notify_after_commit("memory.updated", memory)
    return reloaded(memory)


@transaction.atomic
def memory_share(*, memory: Memory, actor) -> Memory:
    """Put the memory in context in every chat of the user with this character, scenes included."""
    return _set_shared(memory=memory, actor=actor, shared=True)


@transaction.atomic
def memory_unshare(*, memory: Memory, actor) -> Memory:
    return _set_shared(memory=memory, actor=actor, shared=False)


@transaction.atomic
def memory_dismiss(*, memory: Memory, thread: ThreadRef, actor) -> Memory:
    """ "Not relevant here": unpin the memory from this thread and keep it out of the thread's
    shared and retrieved layers. Every other thread is unaffected."""
    check_owner(memory, actor)
    check_thread_fits(memory=memory, thread=thread)
    unpinned, _ = MemoryPin.objects.filter(memory=memory, thread_id=thread.id).delete()
    _, created = MemoryDismissal.objects.get_or_create(memory=memory, thread_id=thread.id)
    return _touched(memory, changed=unpinned > 0 or created)


@transaction.atomic
def memory_undismiss(*, memory: Memory, thread: ThreadRef, actor) -> Memory:
    check_owner(memory, actor)
    check_thread_fits(memory=memory, thread=thread)
    deleted, _ = MemoryDismissal.objects.filter(memory=memory, thread_id=thread.id).delete()
    return _touched(memory, changed=deleted > 0)
