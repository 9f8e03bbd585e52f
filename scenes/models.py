"""Scene: a variant of a character with its own stage directions, scenario and greeting."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Scene(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenes"
    )
    character = models.ForeignKey(
        "characters.Character", on_delete=models.CASCADE, related_name="scenes"
    )
    title = models.CharField(max_length=120)
    stage_directions = models.TextField(
        blank=True, help_text="How the character should act in this scene."
    )
    scenario = models.TextField(blank=True, help_text="Where and when the scene takes place.")
    greeting = models.TextField(blank=True, help_text="Replaces the character's greeting when set.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.title
