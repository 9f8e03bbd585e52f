"""Profile: what a character knows about the user.

Invariants: a Profile is unique per (owner, character); its ``data`` is checked by
``memories.profile`` (the fields, their sizes, under 500 tokens as the prompt reads it), and
``user_fields`` names the fields the user wrote, which the pipeline never changes.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


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
