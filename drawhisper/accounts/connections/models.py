"""A user's model connection: an OpenAI-compatible endpoint, its key (encrypted) and defaults."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Connection(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="connections"
    )
    name = models.CharField(max_length=80)
    preset = models.CharField(max_length=32, blank=True)
    base_url = models.URLField(max_length=500)
    api_key_encrypted = models.TextField(blank=True, help_text="Fernet token; never shown.")
    default_model = models.CharField(max_length=200, blank=True)
    is_default = models.BooleanField(
        default=False, help_text="Used by chats and characters that choose no connection."
    )
    generation = models.JSONField(
        default=dict, blank=True, help_text="Default sampling settings for this user."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "accounts"
        ordering = ["name", "id"]
        indexes = [models.Index(fields=["owner", "name"])]

    def __str__(self) -> str:
        return self.name

    @property
    def has_key(self) -> bool:
        return bool(self.api_key_encrypted)


class MemoryModels(models.Model):
    """Which of a user's connections, and which model, the memory pipeline uses to summarise
    and to extract memories in that user's chats. No connection: the environment's
    ``summary`` / ``extract`` backend. A deleted connection falls back to it too."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_models"
    )
    summary_connection = models.ForeignKey(
        Connection, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    summary_model = models.CharField(max_length=200, blank=True)
    extract_connection = models.ForeignKey(
        Connection, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    extract_model = models.CharField(max_length=200, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "accounts"
        verbose_name_plural = "memory models"

    def __str__(self) -> str:
        return f"memory models of {self.owner_id}"
