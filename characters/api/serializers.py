"""Small input and output serializers for the character endpoints.

Inputs only parse types; length limits and required fields are checked by the services
so the API, the pages and card import give the same readable messages."""

from __future__ import annotations

from rest_framework import serializers

from characters.models import Character
from characters.validation import CHARACTER_TEXT_RULES
from drawhisper.api import StrictSerializer


def text_field(rule, *, required: bool = False) -> serializers.CharField:
    # Whitespace is kept as sent: the API stores exactly what it is given.
    return serializers.CharField(
        required=required,
        allow_blank=True,
        trim_whitespace=False,
        help_text=f"At most {rule.max_length:,} characters.",
        error_messages={
            "required": f"{rule.label} is required.",
            "invalid": f"{rule.label} must be text.",
        },
    )


class CharacterInputSerializer(StrictSerializer):
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
    alternate_greetings = serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False), required=False
    )
    tags = serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False), required=False
    )
    character_book = serializers.JSONField(required=False, allow_null=True)
    avatar = serializers.FileField(
        required=False, help_text="PNG, JPEG, WebP or GIF, at most 4 MB."
    )
    remove_avatar = serializers.BooleanField(required=False, default=False)
    generation = serializers.JSONField(
        required=False,
        help_text="Connection, model and sampling for chats with this character: "
        "connection, model, temperature, top_p, max_tokens, frequency_penalty, "
        "presence_penalty, stop.",
    )


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


class CardImportInputSerializer(StrictSerializer):
    file = serializers.FileField(
        help_text="A Character Card: V2 or V1 JSON, or a PNG with the card embedded."
    )


class CardImportOutputSerializer(serializers.Serializer):
    character = CharacterOutputSerializer()
    warnings = serializers.ListField(child=serializers.CharField())
