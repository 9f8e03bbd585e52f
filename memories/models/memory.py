"""A memory and its ties to threads: Memory, the seven memory types, MemoryPin and
MemoryDismissal.

Invariants:
- A Memory belongs to one owner and one character; ``origin_thread`` is where it came from
  (null for one the user wrote on the memories page).
- ``vector_id`` is deterministic (derived from the job and chunk index, or from the row for
  hand-made memories), so a repeated upsert overwrites instead of duplicating.
- A memory made by the pipeline cites the messages it came from: ``source_seqs`` (their seqs
  in ``origin_thread``), with ``source_start_seq``/``source_end_seq`` their first and last.
  Memories made before chunks cited messages keep an empty ``source_seqs`` and the job's
  whole range.
- An ``unverified`` memory failed the support check against those messages (``support_note``
  says why): it stays out of every chat's context until the user verifies it.
- A superseded memory stays (never deleted): ``superseded_by`` names the memory that replaced
  it, and only active memories reach a chat's context.
- A remainder (``remainder_of`` set) holds what of an updated memory still held; it has that
  memory's type, cited messages and reach, and restoring that memory retires it again.
- A memory in ``conflict`` contradicts ``conflicts_with`` (the extractor could not tell which
  holds); it reaches no context until the user keeps both, the new or the old one.
- A memory is pinned to a thread, or dismissed from one, at most once.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models


class MemoryType(models.TextChoices):
    CONVERSATION = "conversation"
    IMPORTANT_EVENT = "important_event"
    PREFERENCE = "preference"
    FACT = "fact"
    EMOTION = "emotion"
    WORLDBUILDING = "worldbuilding"
    RELATIONSHIP = "relationship"


class Memory(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active"
        SUPERSEDED = "superseded"
        ARCHIVED = "archived"
        UNVERIFIED = "unverified"
        CONFLICT = "conflict"

    class CreatedBy(models.TextChoices):
        PIPELINE = "pipeline"
        USER = "user"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memories"
    )
    character = models.ForeignKey(
        "characters.Character", on_delete=models.CASCADE, related_name="memories"
    )
    origin_thread = models.ForeignKey(
        "chat.Thread", on_delete=models.CASCADE, null=True, blank=True, related_name="memories"
    )
    job = models.ForeignKey(
        "memories.MemoryJob",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="memories",
    )
    chunk_index = models.PositiveSmallIntegerField(null=True, blank=True)
    type = models.CharField(max_length=32, choices=MemoryType.choices)
    title = models.CharField(max_length=200)
    content = models.TextField()
    source_start_seq = models.PositiveIntegerField(null=True, blank=True)
    source_end_seq = models.PositiveIntegerField(null=True, blank=True)
    source_seqs = ArrayField(
        models.PositiveIntegerField(),
        default=list,
        blank=True,
        help_text="The messages (seqs in origin_thread) it came from; empty for older ones.",
    )
    support_note = models.CharField(
        max_length=400, blank=True, help_text="What the support check said about it."
    )
    shared = models.BooleanField(default=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # The newer memory that replaced this one (status superseded); kept so the user sees what
    # replaced it and can restore it. Null again once restored, or if the newer one is deleted.
    superseded_by = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="supersedes"
    )
    # The memory this one was kept from: an update retired that memory and this holds what
    # of it still held ("works as a nurse" of "lives in Lisbon and works as a nurse").
    # Restoring that memory retires this one again (``memories.history``).
    remainder_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="remainders"
    )
    # The existing memory this one contradicts (status conflict), until the user decides.
    conflicts_with = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="contested_by"
    )
    created_by = models.CharField(
        max_length=16, choices=CreatedBy.choices, default=CreatedBy.PIPELINE
    )
    edited_by_user = models.BooleanField(default=False)
    source_changed = models.BooleanField(default=False)
    vector_id = models.CharField(max_length=128, unique=True, null=True, blank=True)
    embedding_model = models.CharField(max_length=200, blank=True)
    content_hash = models.CharField(max_length=64, blank=True)
    token_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["owner", "character", "status"]),
            models.Index(fields=["origin_thread"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["job", "chunk_index"],
                condition=models.Q(job__isnull=False),
                name="memory_unique_chunk_per_job",
            ),
        ]

    def __str__(self) -> str:
        return self.title


class MemoryPin(models.Model):
    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="pins")
    thread = models.ForeignKey("chat.Thread", on_delete=models.CASCADE, related_name="pins")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["memory", "thread"], name="memory_pin_unique")
        ]

    def __str__(self) -> str:
        return f"memory {self.memory_id} pinned in thread {self.thread_id}"


class MemoryDismissal(models.Model):
    """The user said a memory is not relevant to one thread: it stays out of that thread's
    context (shared and retrieved layers) until pinned there again. Other threads are unaffected."""

    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="dismissals")
    thread = models.ForeignKey(
        "chat.Thread", on_delete=models.CASCADE, related_name="memory_dismissals"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["memory", "thread"], name="memory_dismissal_unique")
        ]

    def __str__(self) -> str:
        return f"memory {self.memory_id} dismissed in thread {self.thread_id}"
