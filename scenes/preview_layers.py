"""The role-play layers a scene's chats always carry besides the system prompt, for the
scene editor's preview: the default persona, the lorebook entries that are always in
(constant ones of the books on the character or the scene) and the card's post-history
instructions, each with its tokens and its budget. Keyed entries depend on the chat, so the
preview leaves them out and says so."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from drawhisper.tokens import count_tokens
from scenes.prompting import render_card_text
from scenes.selectors import EffectiveConfig

LORE_LAYERS = ("lore_before", "lore_after", "lore_depth")


@dataclass(frozen=True)
class PreviewLayer:
    name: str
    label: str
    text: str
    tokens: int
    budget: int


def preview_layers(*, user, config: EffectiveConfig) -> list[PreviewLayer]:
    from characters.selectors import lore_for_turn, persona_choice

    budgets = settings.CONTEXT_LAYER_BUDGETS
    persona = persona_choice(user=user)
    user_name = persona.name if persona is not None else user.get_username()
    description = persona.description if persona is not None else ""

    def rendered(text: str) -> str:
        return render_card_text(text, config, user_name=user_name, persona_description=description)

    layers = []
    if description.strip():
        text = rendered(description)
        layers.append(
            PreviewLayer(
                "persona",
                f"Persona: {user_name}",
                text,
                count_tokens(text),
                budgets.get("persona", 0),
            )
        )
    lore = lore_for_turn(
        owner_id=user.pk,
        character_id=config.character_id,
        scene_id=config.scene_id,
        thread_id=None,
        messages=[],
        token_budget=sum(budgets.get(name, 0) for name in LORE_LAYERS),
    )
    if lore.fired:
        text = "\n".join(rendered(fired.content) for fired in lore.fired)
        labels = ", ".join(fired.label for fired in lore.fired)
        layers.append(
            PreviewLayer(
                "lore",
                f"Lore always in: {labels}",
                text,
                count_tokens(text),
                sum(budgets.get(name, 0) for name in LORE_LAYERS),
            )
        )
    if config.post_history_instructions.strip():
        text = rendered(config.post_history_instructions)
        layers.append(
            PreviewLayer(
                "post_history",
                "Post-history instructions",
                text,
                count_tokens(text),
                budgets.get("post_history", 0),
            )
        )
    return layers
