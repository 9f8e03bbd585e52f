"""SillyTavern generation presets read as a generation layer.

SillyTavern exports two kinds of sampling preset: Chat Completion (``temperature``,
``top_p``, ``frequency_penalty``, ``presence_penalty``, ``openai_max_tokens``, with its prompt
list and order) and Text Completion (``temp``, ``top_p``, ``freq_pen``, ``presence_pen``,
``genamt``, ``stopping_strings``, with samplers an OpenAI-compatible endpoint does not take,
such as ``rep_pen``). ``preset_to_layer`` answers the layer a preset maps to and the keys it
did not carry, by name; nothing is stored. A value out of range is refused naming the
preset's key, never clamped.

A Chat Completion preset keeps a model for every source SillyTavern speaks to
(``openai_model``, ``claude_model``, ...) and names the one in use in
``chat_completion_source``: that source's model becomes the layer's ``model``, the other
sources' models are not carried. OpenRouter's ``OR_Website`` (the site's own choice) and an
empty model are no model. Text Completion presets carry no model."""

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
# chat_completion_source -> the key of that source's model, as SillyTavern reads it
# (getChatCompletionModel in public/scripts/openai.js; Google AI Studio is "makersuite").
MODEL_KEY_OF_SOURCE = {
    "openai": "openai_model",
    "openai_responses": "openai_model",
    "azure_openai": "azure_openai_model",
    "claude": "claude_model",
    "openrouter": "openrouter_model",
    "makersuite": "google_model",
    "vertexai": "vertexai_model",
    "mistralai": "mistralai_model",
    "custom": "custom_model",
    "deepseek": "deepseek_model",
    "cohere": "cohere_model",
    "perplexity": "perplexity_model",
    "groq": "groq_model",
    "ai21": "ai21_model",
    "xai": "xai_model",
    "nanogpt": "nanogpt_model",
    "aimlapi": "aimlapi_model",
    "pollinations": "pollinations_model",
    "moonshot": "moonshot_model",
    "fireworks": "fireworks_model",
    "cometapi": "cometapi_model",
    "electronhub": "electronhub_model",
    "chutes": "chutes_model",
    "siliconflow": "siliconflow_model",
    "zai": "zai_model",
    "minimax": "minimax_model",
    "workers_ai": "workers_ai_model",
    "windowai": "windowai_model",
    "01ai": "zerooneai_model",
    "blockentropy": "blockentropy_model",
}
# OpenRouter's "let the site choose" value: no model of its own.
OPENROUTER_WEBSITE_MODEL = "OR_Website"
_TEXT = "Must be text."
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
    *MODEL_KEY_OF_SOURCE.values(),
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


def _model_key(data: dict[str, Any], errors: dict[str, list[str]]) -> str | None:
    """The key holding the model of the preset's ``chat_completion_source``, or None when
    that source has no model set (or is one we do not know). A model that is not text is
    added to ``errors`` under its key."""
    source = data.get("chat_completion_source")
    if source is None:
        return None
    if not isinstance(source, str):
        errors["chat_completion_source"] = [_TEXT]
        return None
    key = MODEL_KEY_OF_SOURCE.get(source)
    if key is None or data.get(key) is None:
        return None
    value = data[key]
    if not isinstance(value, str):
        errors[key] = [_TEXT]
        return None
    if not value.strip() or (source == "openrouter" and value == OPENROUTER_WEBSITE_MODEL):
        return None
    return key


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
    if kind == CHAT_COMPLETION:
        model_key = _model_key(data, errors)
        if model_key is not None:
            layer["model"] = data[model_key]
            source_of["model"] = model_key
    if errors:
        raise serializers.ValidationError(errors)
    checked = GenerationSettingsSerializer(data=layer)
    if not checked.is_valid():
        raise serializers.ValidationError(
            {source_of.get(name, name): messages for name, messages in checked.errors.items()}
        )
    carried = {key for key in mapping if data.get(key) is not None} | set(source_of.values())
    ignored = sorted(key for key in data if key not in carried)
    return ImportedPreset(
        kind=kind, generation=clean_layer(checked.validated_data), ignored=ignored
    )
