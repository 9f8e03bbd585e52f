"""The role-play layers a scene's chats always carry besides the system prompt, for the
scene editor's preview: the default persona, the lorebook entries that are always in
(constant ones of the books on the character or the scene), one layer per place they go
(before or after the character, at a depth in the chat), and the card's post-history
instructions, each with its tokens and its budget. Keyed entries (and those matched by
meaning) depend on the chat, so the preview leaves them out and says so. The lore documents
the scene's chats search (the character's, the scene's, those of the books on either) are
listed with their passages and tokens: their passages are retrieved for each message into
the retrieved layer, whose budget the layer shows; nothing of them is always in.

The preview calls the user what a new chat of the scene would (:class:`PreviewUser`, read
by ``chat.naming``'s rule): the default persona's name, else the profile's or the account's."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from drawhisper.tokens import count_tokens
from scenes.prompting import render_card_text
from scenes.selectors import EffectiveConfig

LORE_LAYERS = ("lore_before", "lore_after", "lore_depth")
LORE_LAYER_OF_POSITION = {
    "before_char": "lore_before",
    "after_char": "lore_after",
    "at_depth": "lore_depth",
}
LORE_LABELS = {
    "lore_before": "Lore always in, before the character",
    "lore_after": "Lore always in, after the character",
    "lore_depth": "Lore always in, at a depth in the chat",
}


@dataclass(frozen=True)
class PreviewUser:
    """Who ``{{user}}`` is in a new chat of the character: the name, and the default
    persona's description as written (``{{persona}}`` in card texts) and as the persona
    layer and the system prompt carry it (macros resolved)."""

    name: str
    description: str = ""
    persona_text: str = ""


def preview_user(*, user, config: EffectiveConfig) -> PreviewUser:
    """The user as a new chat with ``config``'s character would name them."""
    from characters.selectors import persona_choice
    from chat.naming import new_chat_user_name

    persona = persona_choice(user=user)
    name = new_chat_user_name(owner=user, character_id=config.character_id, persona=persona)
    description = persona.description if persona is not None else ""
    return PreviewUser(
        name=name,
        description=description,
        persona_text=render_card_text(
            description, config, user_name=name, persona_description=description
        ),
    )


@dataclass(frozen=True)
class PreviewLayer:
    name: str
    label: str
    text: str
    tokens: int
    budget: int


def preview_layers(*, user, config: EffectiveConfig, who: PreviewUser) -> list[PreviewLayer]:
    """The layers besides the system prompt, for the user ``who`` (:func:`preview_user`)."""
    from characters.selectors import lore_for_turn

    budgets = settings.CONTEXT_LAYER_BUDGETS

    def rendered(text: str) -> str:
        return render_card_text(
            text, config, user_name=who.name, persona_description=who.description
        )

    layers = []
    if who.description.strip():
        text = who.persona_text
        layers.append(
            PreviewLayer(
                "persona",
                f"Persona: {who.name}",
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
    for layer in LORE_LAYERS:
        fired = [f for f in lore.fired if LORE_LAYER_OF_POSITION[f.position] == layer]
        if not fired:
            continue
        text = "\n".join(rendered(entry.content) for entry in fired)
        labels = ", ".join(entry.label for entry in fired)
        layers.append(
            PreviewLayer(
                layer, f"{LORE_LABELS[layer]}: {labels}", text, count_tokens(text), budgets[layer]
            )
        )
    documents = _documents_layer(user=user, config=config, budget=budgets.get("retrieved", 0))
    if documents is not None:
        layers.append(documents)
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


def _documents_layer(*, user, config: EffectiveConfig, budget: int) -> PreviewLayer | None:
    from characters.selectors import chat_lore
    from memories.context import documents_for_chat

    lorebook_ids = chat_lore(
        owner_id=user.pk, character_id=config.character_id, scene_id=config.scene_id, thread_id=None
    ).lorebook_ids
    documents = documents_for_chat(
        owner_id=user.pk,
        character_id=config.character_id,
        scene_id=config.scene_id,
        lorebook_ids=lorebook_ids,
    )
    if not documents:
        return None
    lines = [
        f"{document.name}: {document.status}, {document.passages:,} passage"
        f"{'' if document.passages == 1 else 's'}, {document.tokens:,} tokens"
        for document in documents
    ]
    names = ", ".join(document.name for document in documents)
    return PreviewLayer(
        "documents",
        f"Documents searched for each message (passages go into the retrieved layer): {names}",
        "\n".join(lines),
        0,
        budget,
    )
