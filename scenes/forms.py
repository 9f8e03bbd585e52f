"""The scene editor form; the services validate, as for characters."""

from __future__ import annotations

from django import forms

from characters.forms import text_field
from characters.validation import SCENE_TEXT_RULES


class SceneForm(forms.Form):
    rules = SCENE_TEXT_RULES
    title = text_field(rules["title"])
    stage_directions = text_field(
        rules["stage_directions"],
        rows=6,
        help_text="How the character should act in this scene: mood, voice, what to avoid.",
    )
    scenario = text_field(
        rules["scenario"],
        rows=4,
        help_text="Where and when it happens; added after the character's scenario.",
    )
    greeting = text_field(
        rules["greeting"], rows=4, help_text="Replaces the character's greeting when set."
    )
