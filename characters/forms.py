"""Forms for the character pages. They only parse input; the services validate, and their
errors are attached to the matching field with :func:`add_service_errors`."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from characters.avatars import AVATAR_MAX_BYTES
from characters.validation import CHARACTER_TEXT_RULES, MAX_TAGS, TextRule

AVATAR_ACCEPT = "image/png,image/jpeg,image/webp,image/gif"


def text_field(rule: TextRule, *, rows: int | None = None, help_text: str = "") -> forms.CharField:
    limit = f"At most {rule.max_length:,} characters."
    widget = forms.Textarea(attrs={"rows": rows}) if rows else forms.TextInput()
    return forms.CharField(
        label=rule.label,
        max_length=rule.max_length,
        required=rule.required,
        widget=widget,
        help_text=f"{help_text} {limit}".strip(),
        error_messages={"required": f"{rule.label} is required."},
    )


def add_service_errors(form: forms.Form, error: ValidationError) -> None:
    """Show a service's ValidationError on the form, field by field."""
    messages = error.message_dict if hasattr(error, "error_dict") else {None: error.messages}
    for field, field_messages in messages.items():
        target = field if field in form.fields else None
        for message in field_messages:
            form.add_error(
                target, message if target or field in (None, "__all__") else f"{field}: {message}"
            )


class CharacterForm(forms.Form):
    rules = CHARACTER_TEXT_RULES
    name = text_field(rules["name"])
    tagline = text_field(rules["tagline"], help_text="One line shown in your gallery.")
    description = text_field(
        rules["description"],
        rows=6,
        help_text="Who they are: appearance, background, what they want.",
    )
    personality = text_field(
        rules["personality"], rows=4, help_text="How they think, speak and behave."
    )
    scenario = text_field(
        rules["scenario"],
        rows=3,
        help_text="The situation every chat starts from. Scenes can add to it.",
    )
    greeting = text_field(rules["greeting"], rows=4, help_text="Their first message in a new chat.")
    example_dialogue = text_field(
        rules["example_dialogue"],
        rows=6,
        help_text="A few lines showing their voice. {{user}} and {{char}} work here.",
    )
    system_prompt = text_field(
        rules["system_prompt"],
        rows=3,
        help_text="Replaces the app's system prompt; write {{original}} where the app's prompt "
        "should stay.",
    )
    post_history_instructions = text_field(
        rules["post_history_instructions"],
        rows=3,
        help_text="Sent after the recent messages, right before the reply (e.g. style rules).",
    )
    creator_notes = text_field(
        rules["creator_notes"], rows=3, help_text="Notes for people; never sent to the model."
    )
    tags = forms.CharField(
        label="Tags",
        required=False,
        help_text=f"Separate tags with commas; at most {MAX_TAGS}.",
    )
    avatar = forms.FileField(
        label="Avatar",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": AVATAR_ACCEPT}),
        help_text=f"PNG, JPEG, WebP or GIF, at most {AVATAR_MAX_BYTES // 1_048_576} MB.",
    )
    remove_avatar = forms.BooleanField(label="Remove the current avatar", required=False)

    def clean_tags(self) -> list[str]:
        return [tag.strip() for tag in self.cleaned_data["tags"].split(",") if tag.strip()]

    def service_data(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("avatar", None)
        data.pop("remove_avatar", None)
        return data


class CardImportForm(forms.Form):
    file = forms.FileField(
        label="Character card",
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json,image/png,.png"}),
        help_text="A Character Card V2 or V1: a .json file, or a .png with the card embedded.",
    )
