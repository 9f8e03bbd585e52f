"""What the memory pipeline records of its work: MemoryJob and Summary.

Invariants:
- A MemoryJob is unique on (thread, end_seq, pipeline_version): creating it twice is a no-op.
- A thread has at most one daily summary per day.
- Summaries sit beside the original messages; nothing here rewrites a message.
"""

from __future__ import annotations

from django.db import models


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
