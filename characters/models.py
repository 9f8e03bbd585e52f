"""Character: a persona the user chats with. Scenes (``scenes`` app) build on it.

The Character Card V2 fields that have no column of their own are kept verbatim in
``card_extensions`` so an imported card exports with every field it came with."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Character(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters"
    )
    name = models.CharField(max_length=80)
    tagline = models.CharField(max_length=160, blank=True)
    description = models.TextField(
        blank=True, help_text="Who the character is: appearance, background."
    )
    personality = models.TextField(
        blank=True, help_text="How the character thinks, speaks and behaves."
    )
    scenario = models.TextField(
        blank=True, help_text="The default situation of a chat with this character."
    )
    greeting = models.TextField(
        blank=True, help_text="The character's first message in a new chat."
    )
    example_dialogue = models.TextField(blank=True)
    system_prompt = models.TextField(blank=True, help_text="Extra instructions for the model.")
    post_history_instructions = models.TextField(
        blank=True, help_text="Instructions placed after the recent messages."
    )
    creator_notes = models.TextField(blank=True)
    alternate_greetings = models.JSONField(default=list, blank=True)
    tags = models.JSONField(default=list, blank=True)
    character_book = models.JSONField(null=True, blank=True)
    card_extensions = models.JSONField(
        default=dict, blank=True, help_text="Unknown Character Card fields, kept for export."
    )
    avatar = models.ImageField(upload_to="avatars/", blank=True)
    generation = models.JSONField(
        default=dict,
        blank=True,
        help_text="Connection, model and sampling for chats with this character.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]

    def __str__(self) -> str:
        return self.name


class Lorebook(models.Model):
    """A set of world-info entries inserted into prompts when their keys come up.

    A lorebook can be attached to characters, scenes and single chats. The one a character
    card carried (``card_character``) is exported back inside that card. ``source`` keeps the
    imported file's top level (without its entries) so an export gives back what came in."""

    class Format(models.TextChoices):
        WORLD_INFO = "world_info"
        CHARACTER_BOOK = "character_book"
        NATIVE = "native"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lorebooks"
    )
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    scan_depth = models.PositiveIntegerField(
        null=True, blank=True, help_text="Recent messages scanned for keys (default from settings)."
    )
    token_budget = models.PositiveIntegerField(null=True, blank=True)
    recursive_scanning = models.BooleanField(null=True, blank=True)
    vectorized = models.BooleanField(
        default=False,
        help_text="Match every entry by meaning too, unless the entry says otherwise "
        "(SillyTavern's vector storage 'Enabled for all entries', for this book).",
    )
    use_group_scoring = models.BooleanField(
        null=True,
        blank=True,
        help_text="Group scoring for the entries that leave theirs null (SillyTavern's World "
        "Info 'Use group scoring', for this book); null follows LORE_GROUP_SCORING.",
    )
    source_format = models.CharField(max_length=20, choices=Format.choices, default=Format.NATIVE)
    source = models.JSONField(default=dict, blank=True)
    characters = models.ManyToManyField(Character, blank=True, related_name="lorebooks")
    scenes = models.ManyToManyField("scenes.Scene", blank=True, related_name="lorebooks")
    threads = models.ManyToManyField("chat.Thread", blank=True, related_name="lorebooks")
    card_character = models.OneToOneField(
        Character,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="card_lorebook",
        help_text="The character whose card carried this book (exported inside the card).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]

    def __str__(self) -> str:
        return self.name


class LorebookEntry(models.Model):
    """One world-info entry; field names follow the Character Card V2 ``character_book``."""

    class Logic(models.TextChoices):
        AND_ANY = "and_any"
        AND_ALL = "and_all"
        NOT_ANY = "not_any"
        NOT_ALL = "not_all"

    class Position(models.TextChoices):
        BEFORE_CHAR = "before_char"
        AFTER_CHAR = "after_char"
        AT_DEPTH = "at_depth"

    lorebook = models.ForeignKey(Lorebook, on_delete=models.CASCADE, related_name="entries")
    uid = models.IntegerField()
    comment = models.CharField(max_length=500, blank=True)
    content = models.TextField(blank=True)
    keys = models.JSONField(default=list, blank=True)
    secondary_keys = models.JSONField(default=list, blank=True)
    selective = models.BooleanField(default=False)
    selective_logic = models.CharField(max_length=8, choices=Logic.choices, default=Logic.AND_ANY)
    constant = models.BooleanField(default=False)
    enabled = models.BooleanField(default=True)
    insertion_order = models.IntegerField(default=100)
    priority = models.IntegerField(null=True, blank=True)
    position = models.CharField(
        max_length=12, choices=Position.choices, default=Position.BEFORE_CHAR
    )
    depth = models.PositiveIntegerField(default=4)
    case_sensitive = models.BooleanField(null=True, blank=True)
    match_whole_words = models.BooleanField(null=True, blank=True)
    use_regex = models.BooleanField(default=False)
    probability = models.PositiveSmallIntegerField(default=100)
    use_probability = models.BooleanField(default=True)
    exclude_recursion = models.BooleanField(default=False)
    prevent_recursion = models.BooleanField(default=False)
    scan_depth = models.PositiveIntegerField(null=True, blank=True)
    display_index = models.IntegerField(default=0)
    vectorized = models.BooleanField(
        null=True,
        blank=True,
        help_text="Also fires when the new message is close in meaning to the content "
        "(SillyTavern's 'vectorized'); null follows the book.",
    )
    group = models.CharField(
        max_length=500,
        blank=True,
        help_text="Inclusion groups, comma-separated: of a group's entries that fire in a turn "
        "only one goes in.",
    )
    group_override = models.BooleanField(
        default=False, help_text="Wins its groups by order instead of by weighted chance."
    )
    group_weight = models.PositiveIntegerField(
        default=100, help_text="Its chance within a group, against the others' weights."
    )
    use_group_scoring = models.BooleanField(
        null=True,
        blank=True,
        help_text="Within a group, only the entries matching the most keys compete; null "
        "follows the book.",
    )
    sticky = models.PositiveIntegerField(
        null=True, blank=True, help_text="Once fired, stays in for this many messages."
    )
    cooldown = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Cannot fire for this many messages after it fired (or its sticky ended).",
    )
    delay = models.PositiveIntegerField(
        null=True, blank=True, help_text="Cannot fire before the chat has this many messages."
    )
    embedded_hash = models.CharField(
        max_length=64,
        blank=True,
        help_text="SHA-256 of the content its vector was made from ('' for no vector).",
    )
    source_key = models.CharField(max_length=64, blank=True)
    source = models.JSONField(
        default=dict, blank=True, help_text="The entry as imported, for an unchanged export."
    )

    class Meta:
        ordering = ["display_index", "uid", "id"]
        constraints = [
            # Deferred: saving a book may swap two entries' uids within one transaction.
            models.UniqueConstraint(
                fields=["lorebook", "uid"],
                name="lorebook_entry_uid_unique",
                deferrable=models.Deferrable.DEFERRED,
            )
        ]

    def __str__(self) -> str:
        return self.comment or (self.keys[0] if self.keys else f"Entry {self.uid}")


class Persona(models.Model):
    """Who the user is in a chat: ``{{user}}`` becomes the persona's name."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="personas"
    )
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True)
    avatar = models.ImageField(upload_to="personas/", blank=True)
    default = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-default", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner"],
                condition=models.Q(default=True),
                name="persona_one_default_per_owner",
            )
        ]

    def __str__(self) -> str:
        return self.name
