"""Small input and output serializers for the character endpoints.

Inputs parse types and apply the text rules of ``characters.validation`` with the same
messages as the services (which check again, for the pages and card import), so that the
OpenAPI schema states them: a length limit as ``maxLength``, a required text as a pattern
that refuses blank text."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from rest_framework import serializers

from characters.models import Character
from characters.validation import CHARACTER_TEXT_RULES, TextRule, text_error
from drawhisper.accounts.connections.generation import GenerationField
from drawhisper.api import NotBlankValidator, StrictBooleanField, StrictSerializer


class TextRuleValidator(MaxLengthValidator):
    """A ``TextRule``'s length limit with the services' message ("Name is too long: 95
    characters, the limit is 80."); a ``MaxLengthValidator`` so the schema shows the limit."""

    def __init__(self, rule: TextRule) -> None:
        super().__init__(rule.max_length)
        self.rule = rule

    def __call__(self, value: str) -> None:
        if len(value) > self.rule.max_length:
            raise ValidationError(text_error(self.rule, value), code="max_length")


def text_field(rule: TextRule, *, required: bool = False) -> serializers.CharField:
    # Whitespace is kept as sent: the API stores exactly what it is given.
    validators: list = [TextRuleValidator(rule)]
    if rule.required:
        validators.append(NotBlankValidator(f"{rule.label} is required."))
    return serializers.CharField(
        required=required,
        allow_blank=not rule.required,
        trim_whitespace=False,
        validators=validators,
        help_text=f"At most {rule.max_length:,} characters.",
        error_messages={
            "required": f"{rule.label} is required.",
            "blank": f"{rule.label} is required.",
            "invalid": f"{rule.label} must be text.",
        },
    )


class _CharacterTextFields(StrictSerializer):
    name = text_field(CHARACTER_TEXT_RULES["name"], required=True)
    tagline = text_field(CHARACTER_TEXT_RULES["tagline"])
    description = text_field(CHARACTER_TEXT_RULES["description"])
    personality = text_field(CHARACTER_TEXT_RULES["personality"])
    scenario = text_field(CHARACTER_TEXT_RULES["scenario"])
    greeting = text_field(CHARACTER_TEXT_RULES["greeting"])
    example_dialogue = text_field(CHARACTER_TEXT_RULES["example_dialogue"])
    system_prompt = text_field(CHARACTER_TEXT_RULES["system_prompt"])
    post_history_instructions = text_field(CHARACTER_TEXT_RULES["post_history_instructions"])
    creator_notes = text_field(CHARACTER_TEXT_RULES["creator_notes"])


class CharacterInputSerializer(_CharacterTextFields):
    """A character as JSON: every field; the avatar is sent as a multipart upload."""

    alternate_greetings = serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False), required=False
    )
    tags = serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False), required=False
    )
    character_book = serializers.JSONField(required=False, allow_null=True)
    remove_avatar = StrictBooleanField(required=False, default=False)
    generation = GenerationField(
        required=False,
        help_text="Connection, model and sampling for chats with this character: "
        "connection, model, temperature, top_p, max_tokens, frequency_penalty, "
        "presence_penalty, stop.",
    )


class FormBooleanField(serializers.ChoiceField):
    """A yes/no of a form, where every value is text: exactly ``true`` or ``false`` (DRF's
    ``BooleanField`` also takes ``1``, ``on``, ``yes`` and more, which the schema cannot list
    as a boolean)."""

    def __init__(self, **kwargs):
        super().__init__(choices=["true", "false"], **kwargs)

    def to_internal_value(self, data):
        return super().to_internal_value(data) == "true"


class CharacterUploadInputSerializer(_CharacterTextFields):
    """A character as a multipart form, the way to send an avatar: the text fields, the
    avatar file and ``remove_avatar``; lists and JSON objects are sent as JSON."""

    avatar = serializers.FileField(
        required=False, help_text="PNG, JPEG, WebP or GIF, at most 4 MB."
    )
    remove_avatar = FormBooleanField(required=False, default="false")


class CharacterOutputSerializer(serializers.ModelSerializer):
    avatar_url = serializers.SerializerMethodField()
    scene_count = serializers.SerializerMethodField()

    class Meta:
        model = Character
        fields = [
            "id",
            "name",
            "tagline",
            "description",
            "personality",
            "scenario",
            "greeting",
            "example_dialogue",
            "system_prompt",
            "post_history_instructions",
            "creator_notes",
            "alternate_greetings",
            "tags",
            "character_book",
            "card_extensions",
            "generation",
            "avatar_url",
            "scene_count",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_avatar_url(self, character: Character) -> str | None:
        return character.avatar.url if character.avatar else None

    def get_scene_count(self, character: Character) -> int:
        count = getattr(character, "scene_count", None)
        return count if count is not None else character.scenes.count()


class CharacterUpdateOutputSerializer(CharacterOutputSerializer):
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text="Each value of the character_book sent read as something else by its "
        "lorebook (character_book.entries[0].extensions.probability 140 was read as 100.).",
    )

    class Meta(CharacterOutputSerializer.Meta):
        fields = [*CharacterOutputSerializer.Meta.fields, "warnings"]


class CardImportInputSerializer(StrictSerializer):
    file = serializers.FileField(
        help_text="A Character Card: V2 or V1 JSON, or a PNG with the card embedded."
    )


class CardImportOutputSerializer(serializers.Serializer):
    character = CharacterOutputSerializer()
    warnings = serializers.ListField(child=serializers.CharField())
