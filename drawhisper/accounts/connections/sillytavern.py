"""SillyTavern generation presets read as a generation layer.

SillyTavern exports two kinds of sampling preset: Chat Completion (``temperature``,
``top_p``, ``frequency_penalty``, ``presence_penalty``, ``openai_max_tokens``, with its prompt
list and order) and Text Completion (``temp``, ``top_p``, ``freq_pen``, ``presence_pen``,
``genamt``, ``stopping_strings``, with samplers an OpenAI-compatible endpoint does not take,
such as ``rep_pen``). ``preset_to_layer`` answers the layer a preset maps to and the keys it
did not carry, by name; nothing is stored. A value out of range is refused naming the
preset's key, never clamped."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rest_framework import serializers

from drawhisper.accounts.connections.generation import GenerationSettingsSerializer, clean_layer
from drawhisper.api import loads_limited

CHAT_COMPLETION = "chat_completion"
TEXT_COMPLETION = "text_completion"

# Preset key -> generation key, per kind.
CHAT_KEYS = {
    "temperature": "temperature",
    "top_p": "top_p",
    "frequency_penalty": "frequency_penalty",
    "presence_penalty": "presence_penalty",
    "openai_max_tokens": "max_tokens",
}
TEXT_KEYS = {
    "temp": "temperature",
    "top_p": "top_p",
    "freq_pen": "frequency_penalty",
    "presence_pen": "presence_penalty",
    "genamt": "max_tokens",
    "stopping_strings": "stop",
}
# Keys that only one kind has: they say which kind a file is.
_CHAT_ONLY = {
    "openai_max_tokens",
    "openai_max_context",
    "chat_completion_source",
    "prompts",
    "prompt_order",
    "frequency_penalty",
    "presence_penalty",
    "temperature",
}
_TEXT_ONLY = {"temp", "genamt", "freq_pen", "presence_pen", "stopping_strings", "rep_pen"}
# Other keys SillyTavern's presets carry, so a preset with none of the mapped keys is still
# recognised as one.
_OTHER_KNOWN = {
    "top_k",
    "top_a",
    "min_p",
    "typical_p",
    "tfs",
    "repetition_penalty",
    "rep_pen_range",
    "sampler_order",
    "max_length",
    "stream_openai",
    "seed",
}
NOT_A_PRESET = (
    "This is not a SillyTavern preset: it has none of the keys of a Chat Completion or Text "
    "Completion preset (temperature, temp, top_p, openai_max_tokens, genamt, ...)."
)
_NUMBER = "Must be a number."


class NotAPreset(ValueError):
    """The file has no key a SillyTavern preset has (or is not a JSON object)."""

    def __init__(self):
        super().__init__(NOT_A_PRESET)


@dataclass
class ImportedPreset:
    kind: str
    generation: dict[str, Any]
    ignored: list[str] = field(default_factory=list)


def _kind(data: dict[str, Any]) -> str | None:
    keys = set(data)
    if keys & _TEXT_ONLY and not keys & _CHAT_ONLY:
        return TEXT_COMPLETION
    if keys & (_CHAT_ONLY | set(CHAT_KEYS)):
        return CHAT_COMPLETION
    if keys & (set(TEXT_KEYS) | _OTHER_KNOWN):
        return TEXT_COMPLETION
    return None


def _stop_strings(value: Any) -> Any:
    """Text Completion presets keep stop strings as a list, or as the JSON text of one."""
    if isinstance(value, str):
        if not value.strip():
            return []
        try:
            value = loads_limited(value)
        except ValueError:  # not JSON, too deeply nested, NaN
            raise serializers.ValidationError(
                "Must be a list of strings, or the JSON text of one."
            ) from None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise serializers.ValidationError("Must be a list of strings, or the JSON text of one.")
    return value


def preset_to_layer(data: Any) -> ImportedPreset:
    """The generation layer ``data`` (a parsed SillyTavern preset) maps to. Raises
    ``ValidationError`` naming the preset's key for a value out of range or of the wrong
    type, and ``NotAPreset`` for a file with no key a preset has."""
    if not isinstance(data, dict):
        raise NotAPreset
    kind = _kind(data)
    if kind is None:
        raise NotAPreset
    mapping = TEXT_KEYS if kind == TEXT_COMPLETION else CHAT_KEYS
    layer: dict[str, Any] = {}
    source_of: dict[str, str] = {}
    errors: dict[str, list[str]] = {}
    for key, target in mapping.items():
        value = data.get(key)
        if value is None:
            continue
        if target == "stop":
            try:
                value = _stop_strings(value)
            except serializers.ValidationError as error:
                errors[key] = list(error.detail)
                continue
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            errors[key] = [_NUMBER]
            continue
        elif not math.isfinite(value):
            errors[key] = [_NUMBER]
            continue
        layer[target] = value
        source_of[target] = key
    if errors:
        raise serializers.ValidationError(errors)
    checked = GenerationSettingsSerializer(data=layer)
    if not checked.is_valid():
        raise serializers.ValidationError(
            {source_of.get(name, name): messages for name, messages in checked.errors.items()}
        )
    carried = {key for key in mapping if data.get(key) is not None}
    ignored = sorted(key for key in data if key not in carried)
    return ImportedPreset(
        kind=kind, generation=clean_layer(checked.validated_data), ignored=ignored
    )
