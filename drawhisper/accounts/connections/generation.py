"""Generation settings: which connection and model, and how to sample.

A layer is a dict with any of the keys of ``GenerationSettingsSerializer``; a missing or null
key means "not set here". Layers override each other in the order chat, character, the
user's default connection, the environment (``LLM_BACKENDS["chat"]``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from drawhisper.api import IdField, StrictFloatField, StrictIntegerField, refuse_non_text

SAMPLING_KEYS = (
    "temperature",
    "top_p",
    "max_tokens",
    "frequency_penalty",
    "presence_penalty",
    "stop",
)
GENERATION_KEYS = ("connection", "model", *SAMPLING_KEYS)


class GenerationSettingsSerializer(serializers.Serializer):
    """Strict: unknown keys are refused by name; null clears a key."""

    refuses_unknown_fields = True  # the schema says so (drawhisper.api_schema)

    connection = IdField(required=False, allow_null=True)
    model = serializers.CharField(required=False, allow_null=True, allow_blank=True, max_length=200)
    temperature = StrictFloatField(required=False, allow_null=True, min_value=0.0, max_value=2.0)
    top_p = StrictFloatField(required=False, allow_null=True, min_value=0.0, max_value=1.0)
    max_tokens = StrictIntegerField(required=False, allow_null=True, min_value=1, max_value=131072)
    frequency_penalty = StrictFloatField(
        required=False, allow_null=True, min_value=-2.0, max_value=2.0
    )
    presence_penalty = StrictFloatField(
        required=False, allow_null=True, min_value=-2.0, max_value=2.0
    )
    stop = serializers.ListField(
        child=serializers.CharField(max_length=100, trim_whitespace=False),
        required=False,
        allow_null=True,
        max_length=8,
    )

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            raise serializers.ValidationError("Generation settings must be a JSON object.")
        unknown = sorted(set(data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        refuse_non_text(self.fields, data)
        return super().to_internal_value(data)


@extend_schema_field(GenerationSettingsSerializer)
class GenerationField(serializers.JSONField):
    """A generation layer in a request body, checked by ``validate_generation``; the schema
    shows its keys."""


def clean_layer(data: dict[str, Any]) -> dict[str, Any]:
    """The stored form of a validated layer: unset keys dropped."""
    cleaned = {}
    for key in GENERATION_KEYS:
        value = data.get(key)
        if value is None or value == "" or value == []:
            continue
        cleaned[key] = value
    return cleaned


def merge_layers(*layers: dict[str, Any] | None) -> dict[str, Any]:
    """Later layers override earlier ones, key by key."""
    merged: dict[str, Any] = {}
    for layer in layers:
        merged.update(clean_layer(layer or {}))
    return merged
