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
