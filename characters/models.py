"""Character: a persona the user chats with. Scenes (``scenes`` app) build on it.

The Character Card V2 fields that have no column of their own are kept verbatim in
``card_extensions`` so an imported card exports with every field it came with."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Character(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters")
    name = models.CharField(max_length=80)
    tagline = models.CharField(max_length=160, blank=True)
    description = models.TextField(blank=True, help_text="Who the character is: appearance, background.")
    personality = models.TextField(blank=True, help_text="How the character thinks, speaks and behaves.")
    scenario = models.TextField(blank=True, help_text="The default situation of a chat with this character.")
    greeting = models.TextField(blank=True, help_text="The character's first message in a new chat.")
    example_dialogue = models.TextField(blank=True)
    system_prompt = models.TextField(blank=True, help_text="Extra instructions for the model.")
    creator_notes = models.TextField(blank=True)
    alternate_greetings = models.JSONField(default=list, blank=True)
    tags = models.JSONField(default=list, blank=True)
    character_book = models.JSONField(null=True, blank=True)
    card_extensions = models.JSONField(
        default=dict, blank=True, help_text="Unknown Character Card fields, kept for export."
    )
    avatar = models.ImageField(upload_to="avatars/", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]

    def __str__(self) -> str:
        return self.name
