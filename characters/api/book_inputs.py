"""The request bodies of the lorebook and persona endpoints, as the OpenAPI schema states them.

``characters.lorebooks.services`` checks a lorebook body itself (its errors name the entry,
``entries[3].content``), so ``LorebookInputSerializer`` only documents the same rules: every
limit here is the service's. ``PersonaInputSerializer`` is run before
``characters.personas.services``, which checks again for the pages."""

from __future__ import annotations

from rest_framework import serializers

from characters.lorebooks import services as lorebook_services
from characters.models import LorebookEntry
from characters.personas import services as persona_services
from drawhisper.api import (
    IdField,
    NotBlankValidator,
    StrictBooleanField,
    StrictIntegerField,
    StrictSerializer,
)

_RANGE = 1_000_000


def _number(low: int, high: int = _RANGE, **kwargs) -> StrictIntegerField:
    return StrictIntegerField(required=False, min_value=low, max_value=high, **kwargs)


def _text(**kwargs) -> serializers.CharField:
    return serializers.CharField(required=False, allow_blank=True, trim_whitespace=False, **kwargs)


def _keys() -> serializers.ListField:
    return serializers.ListField(
        child=_text(), required=False, max_length=lorebook_services.MAX_KEYS
    )


class LorebookEntryInputSerializer(StrictSerializer):
    id = IdField(
        required=False,
        allow_null=True,
        help_text="An existing entry's id: that entry is kept and changed in place.",
    )
    uid = _number(0, allow_null=True)
    display_index = _number(-_RANGE, allow_null=True)
    comment = _text(max_length=500)
    content = _text(max_length=lorebook_services.MAX_CONTENT)
    keys = _keys()
    secondary_keys = _keys()
    selective = StrictBooleanField(required=False)
    selective_logic = serializers.ChoiceField(choices=LorebookEntry.Logic.choices, required=False)
    constant = StrictBooleanField(required=False)
    enabled = StrictBooleanField(required=False)
    insertion_order = _number(-_RANGE)
    priority = _number(-_RANGE, allow_null=True)
    position = serializers.ChoiceField(choices=LorebookEntry.Position.choices, required=False)
    depth = _number(0)
    case_sensitive = StrictBooleanField(required=False, allow_null=True)
    match_whole_words = StrictBooleanField(required=False, allow_null=True)
    use_regex = StrictBooleanField(required=False)
    probability = _number(0, 100)
    use_probability = StrictBooleanField(required=False)
    exclude_recursion = StrictBooleanField(required=False)
    prevent_recursion = StrictBooleanField(required=False)
    scan_depth = _number(0, allow_null=True)
    vectorized = StrictBooleanField(required=False, allow_null=True)
    group = _text(
        max_length=500,
        help_text="Inclusion groups, comma-separated: of a group's entries that fire in a turn "
        "only one goes in.",
    )
    group_override = StrictBooleanField(
        required=False, help_text="Wins its groups by insertion order instead of by chance."
    )
    group_weight = _number(0)
    use_group_scoring = StrictBooleanField(
        required=False,
        allow_null=True,
        help_text="In a group, only the entries that matched the most keys compete.",
    )
    sticky = _number(0, allow_null=True)
    cooldown = _number(0, allow_null=True)
    delay = _number(0, allow_null=True)


def _attached(what: str) -> serializers.ListField:
    return serializers.ListField(
        child=IdField(),
        required=False,
        help_text=f"Ids of your {what} to attach it to; one that is not yours (another user's "
        "or a missing one) answers 404 naming this field.",
    )


class LorebookInputSerializer(StrictSerializer):
    name = serializers.CharField(
        max_length=200, trim_whitespace=False, validators=[NotBlankValidator("Name is required.")]
    )
    description = _text()
    scan_depth = _number(0, allow_null=True)
    token_budget = _number(0, allow_null=True)
    recursive_scanning = StrictBooleanField(required=False, allow_null=True)
    vectorized = StrictBooleanField(required=False)
    use_group_scoring = StrictBooleanField(
        required=False,
        allow_null=True,
        help_text="Group scoring for the entries that leave theirs null (in a group, only the "
        "entries that matched the most keys compete); null follows the site's default.",
    )
    entries = serializers.ListField(
        child=LorebookEntryInputSerializer(),
        required=False,
        max_length=lorebook_services.MAX_ENTRIES,
        help_text="On update, replaces every entry (send an entry's `id` to keep it).",
    )
    characters = _attached("characters")
    scenes = _attached("scenes")
    threads = _attached("chats")


class PersonaInputSerializer(StrictSerializer):
    name = serializers.CharField(
        max_length=persona_services.NAME_LIMIT,
        trim_whitespace=False,
        validators=[NotBlankValidator("Name is required.")],
        error_messages={"blank": "Name is required.", "required": "Name is required."},
    )
    description = _text(max_length=persona_services.DESCRIPTION_LIMIT)
    default = StrictBooleanField(
        required=False, help_text="New chats use the default persona unless they name another."
    )
