"""Field checks shared by characters and scenes, with errors a person can act on.

Every limit is stated in the message ("Name is too long: 95 characters, the limit is 80.").
Nothing is stripped or rewritten here: a value is accepted as given or refused with a
reason. HTML in a field is ordinary text; templates escape it on output.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError


@dataclass(frozen=True)
class TextRule:
    label: str
    max_length: int
    required: bool = False


# Column limits for names and titles; generous limits for prose so imported cards fit.
CHARACTER_TEXT_RULES: dict[str, TextRule] = {
    "name": TextRule("Name", 80, required=True),
    "tagline": TextRule("Tagline", 160),
    "description": TextRule("Description", 20_000),
    "personality": TextRule("Personality", 10_000),
    "scenario": TextRule("Scenario", 10_000),
    "greeting": TextRule("Greeting", 10_000),
    "example_dialogue": TextRule("Example dialogue", 20_000),
    "system_prompt": TextRule("System prompt", 10_000),
    "post_history_instructions": TextRule("Post-history instructions", 10_000),
    "creator_notes": TextRule("Creator notes", 10_000),
}
SCENE_TEXT_RULES: dict[str, TextRule] = {
    "title": TextRule("Title", 120, required=True),
    "stage_directions": TextRule("Stage directions", 10_000),
    "scenario": TextRule("Scenario", 10_000),
    "greeting": TextRule("Greeting", 10_000),
}
MAX_ALTERNATE_GREETINGS = 50
MAX_TAGS = 50
MAX_TAG_LENGTH = 64
MAX_JSON_CHARACTERS = 1_000_000  # character book and kept card fields, serialised


def text_error(rule: TextRule, value: Any) -> str | None:
    """The problem with one text value, or None."""
    if not isinstance(value, str):
        return f"{rule.label} must be text."
    if rule.required and not value.strip():
        return f"{rule.label} is required."
    if len(value) > rule.max_length:
        return f"{rule.label} is too long: {len(value):,} characters, the limit is {rule.max_length:,}."
    if "\x00" in value:
        return f"{rule.label} contains a null character, which cannot be stored."
    return None


def check_text_fields(values: Mapping[str, Any], rules: Mapping[str, TextRule]) -> None:
    """Raise one ValidationError naming every bad field among ``values``."""
    errors = {}
    for field, value in values.items():
        if field in rules and (message := text_error(rules[field], value)) is not None:
            errors[field] = [message]
    if errors:
        raise ValidationError(errors)


def _json_size_error(label: str, value: Any) -> str | None:
    try:
        size = len(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):
        return f"{label} must be plain JSON (objects, lists, text, numbers)."
    if size > MAX_JSON_CHARACTERS:
        return f"{label} is too large: {size:,} characters of JSON, the limit is {MAX_JSON_CHARACTERS:,}."
    if "\\u0000" in json.dumps(value):
        return f"{label} contains a null character, which cannot be stored."
    return None


def check_card_fields(values: Mapping[str, Any]) -> None:
    """Checks for the list and JSON fields a Character Card brings."""
    errors: dict[str, list[str]] = {}
    if "alternate_greetings" in values:
        greetings = values["alternate_greetings"]
        if not isinstance(greetings, list) or not all(isinstance(item, str) for item in greetings):
            errors["alternate_greetings"] = ["Alternate greetings must be a list of text items."]
        elif len(greetings) > MAX_ALTERNATE_GREETINGS:
            errors["alternate_greetings"] = [
                f"Too many alternate greetings: {len(greetings)}, the limit is {MAX_ALTERNATE_GREETINGS}."
            ]
        else:
            rule = TextRule("Each alternate greeting", CHARACTER_TEXT_RULES["greeting"].max_length)
            problems = [text_error(rule, item) for item in greetings]
            if message := next((problem for problem in problems if problem), None):
                errors["alternate_greetings"] = [message]
    if "tags" in values:
        tags = values["tags"]
        if not isinstance(tags, list) or not all(isinstance(item, str) for item in tags):
            errors["tags"] = ["Tags must be a list of text items."]
        elif len(tags) > MAX_TAGS:
            errors["tags"] = [f"Too many tags: {len(tags)}, the limit is {MAX_TAGS}."]
        elif long := [tag for tag in tags if len(tag) > MAX_TAG_LENGTH]:
            errors["tags"] = [
                f"The tag {long[0][:20]!r}… is too long; a tag can have at most {MAX_TAG_LENGTH} characters."
            ]
        elif any("\x00" in tag for tag in tags):
            errors["tags"] = ["A tag contains a null character, which cannot be stored."]
    if "character_book" in values:
        book = values["character_book"]
        if book is not None and not isinstance(book, dict):
            errors["character_book"] = ["The character book must be a JSON object."]
        elif book is not None and (message := _json_size_error("The character book", book)):
            errors["character_book"] = [message]
    if "card_extensions" in values:
        kept = values["card_extensions"]
        if not isinstance(kept, dict):
            errors["card_extensions"] = ["Card extensions must be a JSON object."]
        elif message := _json_size_error("The card's extra fields", kept):
            errors["card_extensions"] = [message]
    if errors:
        raise ValidationError(errors)
