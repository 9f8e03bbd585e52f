"""Small input and output serializers for the scene endpoints and the prompt preview."""

from __future__ import annotations

from rest_framework import serializers

from characters.api.serializers import text_field
from characters.validation import SCENE_TEXT_RULES
from drawhisper.api import IdField, QuerySerializer, StrictSerializer
from scenes.models import Scene


class SceneCreateInputSerializer(StrictSerializer):
    character = IdField(help_text="The id of one of your characters.")
    title = text_field(SCENE_TEXT_RULES["title"], required=True)
    stage_directions = text_field(SCENE_TEXT_RULES["stage_directions"])
    scenario = text_field(SCENE_TEXT_RULES["scenario"])
    greeting = text_field(SCENE_TEXT_RULES["greeting"])


class SceneUpdateInputSerializer(StrictSerializer):
    title = text_field(SCENE_TEXT_RULES["title"], required=True)
    stage_directions = text_field(SCENE_TEXT_RULES["stage_directions"])
    scenario = text_field(SCENE_TEXT_RULES["scenario"])
    greeting = text_field(SCENE_TEXT_RULES["greeting"])


class SceneOutputSerializer(serializers.ModelSerializer):
    character_name = serializers.CharField(source="character.name", read_only=True)

    class Meta:
        model = Scene
        fields = [
            "id",
            "character",
            "character_name",
            "title",
            "stage_directions",
            "scenario",
            "greeting",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


# The preview shows a field over its save limit as a problem; past this many times the limit
# it refuses to render at all (the text could never be saved and would only cost tokenizing).
PREVIEW_LENGTH_FACTOR = 2


def preview_text_field(rule) -> serializers.CharField:
    limit = rule.max_length * PREVIEW_LENGTH_FACTOR
    return serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        default="",
        max_length=limit,
        help_text=f"At most {limit:,} characters (saving allows {rule.max_length:,}).",
        error_messages={
            "max_length": f"{rule.label} is too long to preview: at most {limit:,} characters "
            f"(saving allows {rule.max_length:,}).",
            "invalid": f"{rule.label} must be text.",
        },
    )


class ScenePreviewInputSerializer(StrictSerializer):
    character = IdField(help_text="The id of one of your characters.")
    scene = IdField(
        required=False,
        help_text="The scene being edited (one of the character's): its lorebooks and "
        "documents are in the preview too.",
    )
    title = preview_text_field(SCENE_TEXT_RULES["title"])
    stage_directions = preview_text_field(SCENE_TEXT_RULES["stage_directions"])
    scenario = preview_text_field(SCENE_TEXT_RULES["scenario"])
    greeting = preview_text_field(SCENE_TEXT_RULES["greeting"])


class PreviewLayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    text = serializers.CharField()
    tokens = serializers.IntegerField()
    budget = serializers.IntegerField()


class SceneListParamsSerializer(QuerySerializer):
    paged = True  # limit and offset (Pagination)
    character = IdField(required=False, help_text="Only this character's scenes.")


class ScenePreviewOutputSerializer(serializers.Serializer):
    system_prompt = serializers.CharField(help_text="The exact system text the model will get.")
    greeting = serializers.CharField(help_text="The first message of a chat in this scene.")
    prompt_version = serializers.CharField()
    token_count = serializers.IntegerField()
    token_budget = serializers.IntegerField(
        help_text="Tokens the character layer may use in a chat."
    )
    problems = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Fields that would be refused on save, with the reason.",
    )
    layers = PreviewLayerSerializer(
        many=True,
        required=False,
        help_text="Other layers every chat in the scene carries: the default persona, the "
        "lorebook entries that are always in, the post-history instructions.",
    )
