"""Thread, Message and ContextReceipt.

Invariants:
- ``Message.seq`` is unique per thread and only grows; messages are never deleted by the
  system, and a regenerated reply keeps its predecessor (``active=False``, ``replaced_by``).
- ``(thread, client_id)`` is unique, so a resent user message is stored once.
- Every assistant reply that was generated has one ContextReceipt saying what its prompt held.
- A message the user deletes is hidden (``deleted_at``), never removed, so it can be restored
  and memories made from it can still find it.
- A ``streaming`` reply saves its text and ``progress_at`` at least every few seconds; one that
  stops doing so, or whose ``writer`` process on this host is gone, belongs to a process that
  died and is marked ``interrupted``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from chat.titles import chat_title


class Thread(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="threads"
    )
    character = models.ForeignKey(
        "characters.Character", on_delete=models.CASCADE, related_name="threads"
    )
    scene = models.ForeignKey(
        "scenes.Scene", on_delete=models.CASCADE, null=True, blank=True, related_name="threads"
    )
    title = models.CharField(max_length=200, blank=True)
    persona = models.ForeignKey(
        "characters.Persona",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="threads",
        help_text="Who the user is in this chat; {{user}} becomes its name.",
    )
    author_note = models.TextField(
        blank=True, help_text="A note inserted into the recent messages at author_note_depth."
    )
    author_note_depth = models.PositiveSmallIntegerField(
        default=4, help_text="How many messages from the end the author's note goes."
    )
    generation = models.JSONField(
        default=dict,
        blank=True,
        help_text="Connection, model and sampling for this chat; overrides the character's.",
    )
    branched_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="branches",
        help_text="The chat this one was branched from (its messages up to a point copied).",
    )
    branched_at_seq = models.PositiveIntegerField(
        null=True, blank=True, help_text="The seq, in the origin chat, of the last copied message."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "character"])]

    def __str__(self) -> str:
        return self.display_title

    @property
    def display_title(self) -> str:
        """The chat's name as every page shows it (``chat.titles.chat_title``)."""
        return chat_title(title=self.title, character_name=self.character.name)


class Message(models.Model):
    class Role(models.TextChoices):
        USER = "user"
        ASSISTANT = "assistant"

    class Status(models.TextChoices):
        COMPLETE = "complete"
        STREAMING = "streaming"
        INTERRUPTED = "interrupted"
        FAILED = "failed"

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="messages")
    seq = models.PositiveIntegerField()
    role = models.CharField(max_length=16, choices=Role.choices)
    content = models.TextField(blank=True)
    token_count = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.COMPLETE)
    client_id = models.UUIDField(null=True, blank=True)
    active = models.BooleanField(
        default=True, help_text="False for a reply replaced by regeneration."
    )
    replaced_by = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="previous_versions"
    )
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Set when the user deleted the message; it can be restored.",
    )
    progress_at = models.DateTimeField(
        null=True, blank=True, help_text="When a streaming reply last saved its text (liveness)."
    )
    writer = models.CharField(
        max_length=200,
        blank=True,
        help_text="The process writing a streaming reply (host:pid:start).",
    )

    class Meta:
        ordering = ["thread", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["thread", "seq"], name="message_seq_unique_per_thread"),
            models.UniqueConstraint(
                fields=["thread", "client_id"],
                condition=models.Q(client_id__isnull=False),
                name="message_client_id_unique_per_thread",
            ),
        ]
        indexes = [
            models.Index(
                fields=["status", "progress_at"],
                condition=models.Q(status="streaming"),
                name="message_streaming_progress",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.thread_id}#{self.seq} {self.role}"


class ContextReceipt(models.Model):
    """What went into the prompt of one assistant reply.

    ``layers`` maps layer name to ``{"tokens": int, "budget": int}``; ``items`` is a list of
    ``{"layer", "kind", "id", "score", "tokens"}``, ``kind`` one of memory, summary, message,
    lore (with the entry's ``type``: how it fired, by key, by meaning or as sticky) and
    document (a lore document's passage)."""

    message = models.OneToOneField(Message, on_delete=models.CASCADE, related_name="receipt")
    layers = models.JSONField(default=dict)
    items = models.JSONField(default=list)
    total_tokens = models.PositiveIntegerField(default=0)
    budget_tokens = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Receipt of message {self.message_id}"
