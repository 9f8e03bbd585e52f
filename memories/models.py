"""Memory, MemoryPin, Summary, MemoryJob and Profile.

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
- A MemoryJob is unique on (thread, end_seq, pipeline_version): creating it twice is a no-op.
- Summaries and memories sit beside the original messages; nothing here rewrites a message.
- A Profile is unique per (owner, character); its ``data`` is checked by ``memories.profile``
  (the fields, their sizes, under 500 tokens as the prompt reads it), and ``user_fields``
  names the fields the user wrote, which the pipeline never changes.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from pgvector.django import VectorField

from memories.document_files import document_storage


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


class Summary(models.Model):
    class Level(models.TextChoices):
        RECENT = "recent"
        DAILY = "daily"

    thread = models.ForeignKey("chat.Thread", on_delete=models.CASCADE, related_name="summaries")
    job = models.OneToOneField(
        "memories.MemoryJob",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="summary",
    )
    level = models.CharField(max_length=16, choices=Level.choices, default=Level.RECENT)
    start_seq = models.PositiveIntegerField()
    end_seq = models.PositiveIntegerField()
    day = models.DateField(null=True, blank=True)
    text = models.TextField()
    token_count = models.PositiveIntegerField(default=0)
    vector_id = models.CharField(max_length=128, unique=True, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["thread", "end_seq", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["thread", "day"],
                condition=models.Q(level="daily"),
                name="summary_one_daily_per_thread_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.level} summary of thread {self.thread_id}, {self.start_seq}-{self.end_seq}"


class MemoryJob(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    thread = models.ForeignKey("chat.Thread", on_delete=models.CASCADE, related_name="memory_jobs")
    start_seq = models.PositiveIntegerField()
    end_seq = models.PositiveIntegerField()
    pipeline_version = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    step = models.CharField(max_length=32, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    # Chunks the support check saw, and how many it did not find supported (kept unverified).
    chunks_checked = models.PositiveSmallIntegerField(default=0)
    chunks_unverified = models.PositiveSmallIntegerField(default=0)
    state = models.JSONField(
        default=dict, blank=True, help_text="Outputs of finished steps, for resuming."
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    claimed_by = models.CharField(
        max_length=200, blank=True, help_text="The process running the job (host:pid:start)."
    )
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Refreshed every few seconds while the job runs."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["thread", "end_seq", "pipeline_version"], name="memory_job_unique_range"
            ),
        ]

    def __str__(self) -> str:
        return f"MemoryJob {self.pk} thread={self.thread_id} {self.start_seq}-{self.end_seq} {self.status}"

    @property
    def unverified_share(self) -> float | None:
        """The share of the job's chunks kept unverified, or None before its check ran."""
        if not self.chunks_checked:
            return None
        return self.chunks_unverified / self.chunks_checked


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


class Profile(models.Model):
    """What a character knows about the user, always in that character's prompts: name,
    pronouns, key facts, likes, dislikes, relationships (``memories.profile`` owns the shape).
    The pipeline keeps it up from the user's memories; a field the user edited is theirs."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profiles"
    )
    character = models.ForeignKey(
        "characters.Character", on_delete=models.CASCADE, related_name="profiles"
    )
    data = models.JSONField(default=dict)
    user_fields = models.JSONField(default=list)  # fields the user wrote (the pipeline's not)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "character"], name="profile_unique")
        ]

    def __str__(self) -> str:
        return f"profile of user {self.owner_id} for character {self.character_id}"


# --------------------------------------------------------------------------- lore documents
# Written by memories.documents; read by retrieval (chunks) and the documents API.


def document_upload_path(document: LoreDocument, filename: str) -> str:
    """One path per owner and content: the same file uploaded twice is stored once."""
    extension = filename.rpartition(".")[2].lower() if "." in filename else "bin"
    return f"documents/{document.owner_id}/{document.checksum}.{extension}"


class LoreDocument(models.Model):
    """A text, Markdown or PDF file a user uploaded to one character, scene or lorebook.

    Invariants: exactly one of ``character``, ``scene`` and ``lorebook`` is set, and it belongs
    to ``owner``. ``file`` names the original bytes (``checksum`` is their SHA-256), shared by
    every document of the owner with the same checksum. The same file on the same target is
    one document. ``chunks_done`` of ``chunks_total`` chunks have vectors; ``status`` is
    ``ready`` once all have, ``failed`` with ``last_error`` when indexing gave up."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        INDEXING = "indexing"
        READY = "ready"
        FAILED = "failed"

    class ContentType(models.TextChoices):
        TEXT = "text/plain"
        MARKDOWN = "text/markdown"
        PDF = "application/pdf"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lore_documents"
    )
    character = models.ForeignKey(
        "characters.Character",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lore_documents",
    )
    scene = models.ForeignKey(
        "scenes.Scene",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lore_documents",
    )
    lorebook = models.ForeignKey(
        "characters.Lorebook",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lore_documents",
    )
    name = models.CharField(max_length=255)
    file = models.FileField(
        upload_to=document_upload_path, storage=document_storage, max_length=300
    )
    checksum = models.CharField(max_length=64)
    size = models.PositiveBigIntegerField()
    content_type = models.CharField(max_length=32, choices=ContentType.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    attempts = models.PositiveIntegerField(default=0)
    embedding_model = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["owner", "status"]),
            models.Index(fields=["owner", "checksum"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(character__isnull=False, scene__isnull=True, lorebook__isnull=True)
                    | models.Q(character__isnull=True, scene__isnull=False, lorebook__isnull=True)
                    | models.Q(character__isnull=True, scene__isnull=True, lorebook__isnull=False)
                ),
                name="lore_document_one_target",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class DocumentChunk(models.Model):
    """One passage of a document: its text, where it sits (``heading`` path, character
    offsets into the extracted text, PDF ``page``) and whether it has a vector. ``owner_id``
    repeats the document's owner for the full-text index (migration 0010)."""

    document = models.ForeignKey(LoreDocument, on_delete=models.CASCADE, related_name="chunks")
    owner_id = models.BigIntegerField()
    index = models.PositiveIntegerField()
    heading = models.CharField(max_length=500, blank=True)
    text = models.TextField()
    start_char = models.PositiveIntegerField()
    end_char = models.PositiveIntegerField()
    page = models.PositiveIntegerField(null=True, blank=True)
    token_count = models.PositiveIntegerField(default=0)
    embedded = models.BooleanField(default=False)

    class Meta:
        ordering = ["document", "index"]
        constraints = [
            models.UniqueConstraint(fields=["document", "index"], name="document_chunk_unique")
        ]

    def __str__(self) -> str:
        return f"{self.document_id} chunk {self.index}"


# --------------------------------------------------------------------------- vector store tables
# Used by memories.index.stores.pgvector and memories.index; see those modules.


class StoredVector(models.Model):
    """One vector of the pgvector store, in the embedding space of one model.

    ``space`` is ``"<index>:<model id>"``, so vectors of two embedding models never meet in a
    query. ``embedding`` has no fixed size: each space gets its own partial HNSW index on
    ``embedding::vector(<dimensions>)``, created with the space. The filterable metadata keys
    are columns; ``metadata`` keeps the whole dict as given. Not a foreign key to the rows:
    the vector store may be another system, and ``reconcile_vectors`` repairs drift."""

    space = models.CharField(max_length=200)
    key = models.CharField(max_length=255)
    owner_id = models.BigIntegerField()
    character_id = models.BigIntegerField(null=True)
    thread_id = models.BigIntegerField(null=True)
    kind = models.CharField(max_length=16)
    type = models.CharField(max_length=32, blank=True, default="")
    shared = models.BooleanField(default=False)
    status = models.CharField(max_length=16, blank=True, default="")
    metadata = models.JSONField(default=dict)
    embedding = VectorField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "memories_vector"
        constraints = [
            models.UniqueConstraint(fields=["space", "key"], name="memories_vector_unique_key")
        ]
        indexes = [
            models.Index(fields=["space", "owner_id", "character_id"], name="memories_vector_owner")
        ]

    def __str__(self) -> str:
        return f"{self.space} {self.key}"


class VectorIndexState(models.Model):
    """The embedding model whose vectors a store serves, one row per store location.

    Written when the first vector goes into an empty store and when ``reindex_memories``
    finishes; read by the start-up check, which refuses a different configured model."""

    store = models.CharField(max_length=300, unique=True)
    model_id = models.CharField(max_length=200)
    dimensions = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.store}: {self.model_id} ({self.dimensions})"
